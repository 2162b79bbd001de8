import type { Regime } from '../../../domain/providers.schemas';

export interface Provider {
  id: string;
  name: string;
  tradename: string;
  /** Null for readers without the providers privilege (product screens). */
  rfc: string | null;
  regime: Regime;
  address: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  zipCode: string | null;
  email: string | null;
  phone: string;
  contactName: string;
  mobilePhone: string;
  payConditions: number;
  deliveryTime: string | null;
  bank: string | null;
  clabeAccount: string | null;
  bankAccount: string | null;
  active: boolean;
  status: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
