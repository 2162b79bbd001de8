import type { ApplianceType, BranchApplianceStatus } from '../../../domain/appliances.schemas';

export interface Appliance {
  id: string;
  type: ApplianceType;
  name: string;
  brand: string;
  model: string;
  description: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface BranchAppliance {
  id: string;
  applianceId: string;
  appliance: { id: string; name: string; type: ApplianceType; brand: string; model: string };
  branchId: string;
  branch: { id: string; name: string };
  sku: string;
  number: string | null;
  status: BranchApplianceStatus;
  statusDescription: string | null;
  lastMaintenance: string | null;
  comments: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
