import { z } from 'zod';
import { optionalText, rfc } from './branches.schemas';
import { INVENTORY_MESSAGES } from './inventory';
import { intField, moneyField, requiredId } from './treatments.schemas';
import { phone, text } from './validation';

/** Sale orders (SO-): sales of stock to third parties (second document, sections 3 and 5). */

export const SALE_ORDER_LINES_REQUIRED = 'Agregue al menos un producto';
export const SALE_ORDER_MAX_LINES = 200;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** The RFC is optional; when given it follows the pattern ('RFC Invalido'). */
const optionalRfc = z.preprocess((v) => (blank(v) ? null : v), rfc().nullable()).optional();

/** One line: a lot of the order's branch, the units sold (≥ 1) and the unit price in pesos (≥ 0, two decimals). */
export const saleOrderLineSchema = z.object({ stockId: requiredId('lote'), quantity: intField('cantidad', 1, 1_000_000), price: moneyField('precio') });

export const saleOrderFields = z.object({
  name: text('nombre', { max: 100 }),
  rfc: optionalRfc,
  phone: phone('teléfono'),
  note: text('número de nota', { max: 30 }),
  comments: optionalText('comentarios', 500),
  branchId: requiredId('sucursal'),
  saleOrderProducts: z
    .array(saleOrderLineSchema, { error: SALE_ORDER_LINES_REQUIRED })
    .min(1, SALE_ORDER_LINES_REQUIRED)
    .max(SALE_ORDER_MAX_LINES, `La orden admite como máximo ${SALE_ORDER_MAX_LINES} productos`),
});

/** The index of every line whose lot an earlier line already holds. */
export function repeatedLots(lines: readonly { stockId?: string | null }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  lines.forEach((line, i) => {
    if (!line.stockId) return;
    if (seen.has(line.stockId)) repeated.push(i);
    seen.add(line.stockId);
  });
  return repeated;
}

/** The payload: the same lot cannot repeat ('El lote ya fue agregado' on the repeated line). */
export const saleOrderSchema = saleOrderFields.superRefine((v, ctx) => {
  for (const i of repeatedLots(v.saleOrderProducts))
    ctx.addIssue({ code: 'custom', path: ['saleOrderProducts', i, 'stockId'], message: INVENTORY_MESSAGES.duplicateStock });
});

export type SaleOrderInput = z.output<typeof saleOrderSchema>;
export type SaleOrderFormInput = z.input<typeof saleOrderSchema>;
export type SaleOrderLineInput = z.output<typeof saleOrderLineSchema>;
