import { z } from 'zod';
import { CLOSING_MESSAGES, DENOMINATIONS, type DrawerCurrency } from './cash-closings';
import { listResponse, route, type Answer, type Body, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { fullPerson, named } from './refs';
import { requiredId } from './treatments.schemas';
import { msg, optionalDate, optionalUuid, requiredDate } from './validation';

/** Daily cash closings (second document, sections 2, 3 and 7; API.md "Cash closings"). Money in pesos, dollars in dollars. */

const countField = z
  .number({ error: CLOSING_MESSAGES.count })
  .int(CLOSING_MESSAGES.count)
  .min(0, CLOSING_MESSAGES.count)
  .max(1_000_000, CLOSING_MESSAGES.count);

/** One currency's count: only its own denominations ("500", "0.5"), each a whole number ≥ 0. */
const currencyCount = (currency: DrawerCurrency) =>
  z.partialRecord(z.enum(DENOMINATIONS[currency].map(String) as [string, ...string[]]), countField, {
    error: (iss) => ((iss.code as string) === 'unrecognized_keys' ? CLOSING_MESSAGES.denomination : msg.invalid('conteo')),
  });

export const drawerCountSchema = z.object({ MXN: currencyCount('MXN').default({}), USD: currencyCount('USD').default({}) }, { error: msg.required('conteo') });

/** The blind closing's body: only what was counted; the expected amounts are the server's. */
export const closingCreateSchema = z.object({
  branchId: requiredId('sucursal'),
  date: requiredDate('fecha'),
  counted: drawerCountSchema,
  comments: z.string().trim().max(500, msg.max('comentarios', 500)).nullish(),
});
export type ClosingCreateInput = z.output<typeof closingCreateSchema>;

const perCurrency = z.object({ MXN: z.number(), USD: z.number() });

/** The totals of a branch-day as the closing function computes them. */
const totalsShape = {
  /** Pesos the drawer opened with; the expected pesos are this float + cash (net of change) − cash refunds. */
  openingFloat: z.number(),
  creditCardTotal: z.number(),
  debitCardTotal: z.number(),
  cashTotal: z.number(),
  cashTotalDollars: z.number(),
  pointsTotal: z.number(),
  transferTotal: z.number(),
  depositTotal: z.number(),
  refundCash: z.number(),
  refundCreditCardTotal: z.number(),
  refundDebitCardTotal: z.number(),
  refundPoints: z.number(),
  total: z.number(),
  productCashTotal: z.number(),
  productCashTotalDollars: z.number(),
  productRefundCash: z.number(),
  productTotal: z.number(),
};

/** A stored closing: its totals, the drawer expected, counted (null when automatic) and the difference. */
export const closingDto = z.object({
  id: z.string(),
  dailyCashClosingNumber: z.string(),
  branchId: z.string(),
  branch: named,
  date: z.string(),
  userId: z.string().nullable(),
  user: fullPerson.nullable(),
  /** The user's full name, or 'Automático'. */
  userName: z.string(),
  automatic: z.boolean(),
  ...totalsShape,
  /** The refunds of every method. */
  refundTotal: z.number(),
  expected: perCurrency,
  counted: z.object({ MXN: z.record(z.string(), z.number()), USD: z.record(z.string(), z.number()) }).nullable(),
  countedTotals: perCurrency.nullable(),
  difference: perCurrency.nullable(),
  comments: z.string().nullable(),
  created_at: z.date(),
});

/** The X report: the day so far, by the same function, nothing written. */
export const closingPreviewDto = z.object({
  branchId: z.string(),
  branch: named,
  date: z.string(),
  ...totalsShape,
  expected: perCurrency,
  /** The day's closing when it already exists. */
  closedBy: z.string().nullable(),
});

/** What a row of the product closings and of the branch-day detail both carry: the day, its cash and who closed it. */
const closingRowFields = {
  branchId: z.string(),
  branch: named,
  date: z.string(),
  cashTotal: z.number(),
  cashTotalDollars: z.number(),
  refundCash: z.number(),
  total: z.number(),
  userId: z.string().nullable(),
  userName: z.string(),
};

/** A row of the product (cash order) closings list. */
export const productClosingDto = z.object({ id: z.string(), dailyCashClosignCashNumber: z.string(), ...closingRowFields, created_at: z.date() });

/** A row of the branch-day detail (the spec's branch-day summary plus the number and the dollars). */
export const branchDayClosingDto = z.object({
  id: z.string(),
  dailyCashClosingNumber: z.string(),
  ...closingRowFields,
  userLastName: z.string().nullable(),
  userFullName: z.string(),
});

const closingListQuery = listQuerySchema.extend({
  branchId: optionalUuid('sucursal'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});
export type ClosingListQuery = z.output<typeof closingListQuery>;

const branchDayFields = { branchId: requiredId('sucursal'), date: requiredDate('fecha') };
const branchDayQuery = listQuerySchema.extend(branchDayFields);
const previewQuery = z.object(branchDayFields);

/** Whether a branch-day is already closed, for whoever is about to count its drawer (no amounts: the count is blind). */
export const closingDayStatusDto = z.object({
  branchId: z.string(),
  date: z.string(),
  closed: z.boolean(),
  dailyCashClosingNumber: z.string().nullable(),
  /** Who closed it, or 'Automático'. */
  closedBy: z.string().nullable(),
  closedAt: z.date().nullable(),
});

export const closingRoutes = {
  list: route({ method: 'GET', path: '/daily-cash-closing', query: closingListQuery, response: listResponse(closingDto) }),
  products: route({ method: 'GET', path: '/daily-cash-closing-cash', query: closingListQuery, response: listResponse(productClosingDto) }),
  branchDay: route({ method: 'GET', path: '/daily-cash-closing/branch', query: branchDayQuery, response: listResponse(branchDayClosingDto) }),
  preview: route({ method: 'GET', path: '/daily-cash-closing/preview', query: previewQuery, response: closingPreviewDto }),
  status: route({ method: 'GET', path: '/daily-cash-closing/status', query: previewQuery, response: closingDayStatusDto }),
  create: route({ method: 'POST', path: '/daily-cash-closing/create', body: closingCreateSchema, response: closingDto, status: 201 }),
};

export type Closing = Answer<typeof closingRoutes.create>;
export type ClosingListItem = ItemOf<typeof closingRoutes.list>;
export type ProductClosingItem = ItemOf<typeof closingRoutes.products>;
export type BranchDayClosingItem = ItemOf<typeof closingRoutes.branchDay>;
export type ClosingPreview = Answer<typeof closingRoutes.preview>;
export type ClosingDayStatus = Answer<typeof closingRoutes.status>;
export type ClosingCreateBody = Body<typeof closingRoutes.create>;
