import { formatPercent } from '../../../domain/coupons';
import { couponTypeLabels } from '../../../domain/coupons.schemas';
import { formatMoney } from '../../ui/format';
import type { Coupon } from '../../../domain/coupons.contract';

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY, without a time-zone shift. */
export const calendarDate = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

export const itemName = (c: Coupon) => (c.type === 'Treatment' ? c.treatment?.name : c.product?.name) ?? '';
export const typeLabel = (c: Coupon) => couponTypeLabels[c.type];
export const discountedText = (c: Coupon) => `${formatMoney(c.discountedPrice)} (${formatPercent(c.discount)})`;

export function statusText(c: Coupon): string {
  if (!c.status) return 'Inactivo';
  if (c.expired) return 'Vencido';
  if (c.exhausted) return 'Agotado';
  return 'Activo';
}
