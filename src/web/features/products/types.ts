import type { ApprovalState, ProductKind } from '../../../domain/products.schemas';

export interface Named {
  id: string;
  name: string;
}

export interface ProductType extends Named {
  slug: ProductKind;
  requiresLot: boolean;
}

export interface Product {
  id: string;
  productTypeId: string;
  productType: { id: string; name: string; slug: ProductKind };
  sku: string;
  name: string;
  brand: string;
  barCode: string;
  description: string;
  contentType: string;
  content: number;
  measureUnit: string;
  cost: number;
  tax: number;
  realCost: number;
  franchiseTax: number | null;
  additionalCostFranchise: number | null;
  indirectExpenses: number | null;
  franchisePrice: number | null;
  profitPorcentage: number | null;
  salePrice: number | null;
  points: number | null;
  active: boolean;
  status: boolean;
  approval: ApprovalState;
  approved_at: string | null;
  rejected_at: string | null;
  photos: Named[];
  providers: Named[];
  categories: Named[];
  providersIds: string[];
  categoriesIds: string[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export const photoUrl = (name: string, thumbnail = false) => `/v1/product/photo/${thumbnail ? 'thumbnail/' : ''}${name}`;
