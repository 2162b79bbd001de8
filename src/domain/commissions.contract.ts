import { z } from 'zod';
import { idParams, listResponse, route, type Answer, type ItemOf } from './contract';
import { listMessages, listQuerySchema } from './list';
import { fullPerson, named } from './refs';
import { moneyField } from './treatments.schemas';
import { isoDate } from './coupons.schemas';
import { optionalDate, optionalUuid, text, uuid } from './validation';

/**
 * Commissions (second document, sections 2, 3, 6, 9): medical lines from finished appointments (the treatment's medical
 * fee for the attending doctor, ISR from the doctor's staff file) and cosmetology lines from product sales of the seller.
 * Every line keeps its own percent and ISR, so a later change of the settings or of a staff file never rewrites it.
 */

export const COMMISSION_KINDS = ['medical', 'cosmetology'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/**
 * Section 9's commission types: what earned a line. A finished appointment's medical fee is Médico/Venta, a product
 * sale's seller share Cosmetólogo/Venta (each written by its event, its refund reversal keeps the type); Uso Cabina and
 * Insumo have no event in the spec and are recorded by hand by a manager (edit on the list's module).
 */
export const COMMISSION_TYPES = ['medical_sale', 'cosmetology_sale', 'cabin_use', 'supply'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const COMMISSION_TYPE_LABELS: Record<CommissionType, string> = {
  medical_sale: 'Médico/Venta',
  cosmetology_sale: 'Cosmetólogo/Venta',
  cabin_use: 'Uso Cabina',
  supply: 'Insumo',
};
/** The concept of the two lines a product sale's seller change writes (the old seller's reversal, the new seller's line). */
export const SELLER_CHANGE_CONCEPT = 'Cambio de vendedor';
/** The types a manager records by hand. */
export const MANUAL_COMMISSION_TYPES = ['cabin_use', 'supply'] as const;
export type ManualCommissionType = (typeof MANUAL_COMMISSION_TYPES)[number];
/** The type each list's own event writes (the appointment's finish, the product sale). */
export const EVENT_COMMISSION_TYPE = { medical: 'medical_sale', cosmetology: 'cosmetology_sale' } as const satisfies Record<CommissionKind, CommissionType>;
/** The types a list can hold: its event's and the manual ones. */
export const COMMISSION_TYPES_OF: Record<CommissionKind, readonly CommissionType[]> = {
  medical: ['medical_sale', ...MANUAL_COMMISSION_TYPES],
  cosmetology: ['cosmetology_sale', ...MANUAL_COMMISSION_TYPES],
};

/** Section 9: commission and cash detail tables show 5 rows (options 5, 10, 15); the modal is 1000 wide. */
export const COMMISSION_DETAIL_PAGE_SIZES = [5, 10, 15] as const;
export const COMMISSION_DETAIL_PAGE_SIZE = 5;
export const COMMISSION_MODAL_WIDTH = 1000;

export const COMMISSION_MESSAGES = {
  notFound: 'Comisión no encontrada',
  notMedical: 'Solo se puede cambiar el médico de una comisión médica',
  reversal: 'No se puede cambiar el médico de una línea de devolución',
  notDoctor: 'El usuario debe ser un médico activo de la sucursal de la comisión',
  userNotFound: 'Usuario no encontrado',
  badType: 'El tipo de comisión debe ser Médico/Venta, Cosmetólogo/Venta, Uso Cabina o Insumo',
  manualType: 'Solo se registran a mano comisiones de Uso Cabina o Insumo',
  amountPositive: 'El monto debe ser mayor a 0',
  notSeller: 'El usuario debe ser un usuario activo de la sucursal de la comisión',
  futureDay: 'La fecha no puede ser posterior a hoy en la sucursal',
} as const;

const commissionQuery = listQuerySchema.extend({
  branchId: optionalUuid('sucursal'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COMMISSION_TYPES, { error: COMMISSION_MESSAGES.badType }).optional()),
});
export type CommissionQuery = z.output<typeof commissionQuery>;

/** A person's lines: 5 per page unless asked (section 9). */
const userLinesQuery = commissionQuery.extend({
  take: z
    .union([z.literal('all'), z.coerce.number().int().min(0).max(1000)], { error: listMessages.badTake })
    .default(COMMISSION_DETAIL_PAGE_SIZE)
    .transform((v) => (v === 'all' ? 0 : v)),
});

const userParams = z.object({ userId: uuid('usuario') });

/** The person a summary row adds up (the row's id is theirs) and how many lines it sums. */
const summaryPerson = {
  id: z.string(),
  userId: z.string(),
  employeeNumber: z.string().nullable(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  lines: z.number(),
};

/** One row per doctor: the sums of their lines in the filtered period (pesos). */
export const medicalSummaryDto = z.object({ ...summaryPerson, commission: z.number(), isrAmount: z.number(), payable: z.number() });

/** One row per seller: the sum of their cosmetology lines (refund reversals included). */
export const cosmeticSummaryDto = z.object({ ...summaryPerson, total: z.number(), commission: z.number() });

/** A medical line with its appointment (date and start time of the appointment, the branch's business day of the finish). */
export const medicalLineDto = z.object({
  id: z.string(),
  appointmentId: z.string().nullable(),
  appointmentNumber: z.string().nullable(),
  branch: named,
  date: z.string(),
  time: z.string(),
  businessDate: z.string(),
  customer: fullPerson.nullable(),
  treatment: named.nullable(),
  doctor: fullPerson,
  commission: z.number(),
  isrPercent: z.number(),
  isrAmount: z.number(),
  payable: z.number(),
  reversal: z.boolean(),
  type: z.enum(COMMISSION_TYPES),
  /** What a line recorded by hand is for (null on a line an event wrote). */
  concept: z.string().nullable(),
});

/** A cosmetology line with its sale (date and time of the line's business day and the sale, in the branch's zone). */
export const cosmeticLineDto = z.object({
  id: z.string(),
  cashOrderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  seller: fullPerson,
  branch: named,
  date: z.string(),
  time: z.string(),
  customer: fullPerson.nullable(),
  /** The sale's total (with IVA); the commission's base is that total without IVA. */
  total: z.number(),
  base: z.number(),
  percent: z.number(),
  commission: z.number(),
  reversal: z.boolean(),
  type: z.enum(COMMISSION_TYPES),
  concept: z.string().nullable(),
});

/** The sums of the filtered lines of one type (every type of the list, zeros included). */
const typeTotals = z.object({ type: z.enum(COMMISSION_TYPES), lines: z.number(), commission: z.number(), payable: z.number() });
const byType = z.array(typeTotals);
const medicalTotals = z.object({ commission: z.number(), isrAmount: z.number(), payable: z.number(), byType });
const cosmeticTotals = z.object({ total: z.number(), commission: z.number(), byType });
export type CommissionTypeTotals = z.output<typeof typeTotals>;

/** A line recorded by hand (Uso Cabina or Insumo): whose, where, on which business day, how much and for what. */
export const manualLineSchema = z.object({
  type: z.enum(MANUAL_COMMISSION_TYPES, { error: COMMISSION_MESSAGES.manualType }),
  userId: uuid('usuario'),
  branchId: uuid('sucursal'),
  businessDate: isoDate('fecha'),
  amount: moneyField('monto').refine((n) => n > 0, COMMISSION_MESSAGES.amountPositive),
  concept: text('concepto', { max: 200 }),
});
export type ManualLineInput = z.output<typeof manualLineSchema>;
/** The month of a day (YYYY-MM-DD) as the first and last days a list's period takes. */
export function monthOfDay(day: string): { month: string; startDate: string; endDate: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = day.slice(0, 7);
  return { month, startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The latest month with lines the caller may read (their own, their branch's, or the branch asked for): what the
 * screens offer when the period shown has none. All null when there are no lines at all.
 */
export const latestMonthDto = z.object({
  month: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The business day of the latest line. */
  lastDate: z.string().nullable(),
});
const latestMonthQuery = z.object({ branchId: optionalUuid('sucursal') });

/** A summary list (one row per person) with its sums over every filtered row. */
const summaryRoute = <const P extends string, T extends z.ZodType, S extends z.ZodType>(path: P, item: T, totals: S) =>
  route({ method: 'GET', path, query: commissionQuery, response: listResponse(item).extend({ totals }) });

/** One person's lines, 5 per page unless asked, with their sums. */
const linesRoute = <const P extends string, T extends z.ZodType, S extends z.ZodType>(path: P, item: T, totals: S) =>
  route({ method: 'GET', path, params: userParams, query: userLinesQuery, response: listResponse(item).extend({ totals }) });

export const commissionRoutes = {
  medical: summaryRoute('/commission/medical', medicalSummaryDto, medicalTotals),
  medicalOfUser: linesRoute('/commission/medical/:userId/user', medicalLineDto, medicalTotals),
  cosmetic: summaryRoute('/commission/cosmetic', cosmeticSummaryDto, cosmeticTotals),
  /** The same list under the product sales' path (API.md, Product sales). */
  cashOrderCommissions: summaryRoute('/cash-order/commissions', cosmeticSummaryDto, cosmeticTotals),
  cosmeticOfUser: linesRoute('/commission/cosmetic/:userId/user', cosmeticLineDto, cosmeticTotals),
  createMedical: route({ method: 'POST', path: '/commission/medical/create', body: manualLineSchema, response: medicalLineDto, status: 201 }),
  createCosmetic: route({ method: 'POST', path: '/commission/cosmetic/create', body: manualLineSchema, response: cosmeticLineDto, status: 201 }),
  medicalLatestMonth: route({ method: 'GET', path: '/commission/medical/latest-month', query: latestMonthQuery, response: latestMonthDto }),
  cosmeticLatestMonth: route({ method: 'GET', path: '/commission/cosmetic/latest-month', query: latestMonthQuery, response: latestMonthDto }),
  updateAgent: route({
    method: ['PATCH', 'PUT'],
    path: '/commission/:id/update-commission-agent',
    params: idParams,
    body: z.object({ userId: uuid('médico') }),
    response: medicalLineDto,
  }),
};

export type MedicalSummary = ItemOf<typeof commissionRoutes.medical>;
export type CosmeticSummary = ItemOf<typeof commissionRoutes.cosmetic>;
export type MedicalLine = ItemOf<typeof commissionRoutes.medicalOfUser>;
export type CosmeticLine = ItemOf<typeof commissionRoutes.cosmeticOfUser>;
export type MedicalLineAnswer = Answer<typeof commissionRoutes.updateAgent>;
export type LatestCommissionMonth = Answer<typeof commissionRoutes.medicalLatestMonth>;
