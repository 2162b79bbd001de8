import type { CouponType } from '../../../domain/coupons.schemas';

export interface Named {
  id: string;
  name: string;
}

export interface Coupon {
  id: string;
  code: string;
  name: string;
  description: string;
  branchesIds: string[];
  branches: Named[];
  limit: number;
  used: number;
  type: CouponType;
  treatmentId: string | null;
  productId: string | null;
  treatment: { id: string; name: string; sku: string; price: number } | null;
  product: { id: string; name: string; sku: string; salePrice: number | null } | null;
  price: number;
  discount: number;
  discountedPrice: number;
  expireDate: string;
  status: boolean;
  expired: boolean;
  exhausted: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CouponUsage {
  id: string;
  orderId: string | null;
  orderNumber: string | null;
  created_at: string;
  customer: { id: string; name: string | null } | null;
  branch: Named | null;
  user: { id: string; name: string; lastName: string; motherLastName: string } | null;
}

export interface CouponDetail extends Coupon {
  orders: CouponUsage[];
  cashOrders: CouponUsage[];
}

export interface CouponItem {
  id: string;
  name: string;
  sku: string;
  price: number;
}
