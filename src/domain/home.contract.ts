import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './agenda';
import { route, type Answer } from './contract';
import { optionalUuid } from './validation';

/**
 * The dashboard home: a branch's today in one call. Each block is null when the user may not read it
 * (appointments: dairy.show or appointment.show; sales: sales.show or goal.show; lots: inventory.show).
 */

/** Lots shown on the home; the rest are in the inventory. */
export const HOME_LOTS_LIMIT = 10;
/** A lot with units whose expiry falls from today through this many days ahead is listed. */
export const HOME_EXPIRY_DAYS = 30;

const homeTodayQuery = z.object({ branchId: optionalUuid('sucursal') });

const appointmentsBlock = z.object({ total: z.number(), byStatus: z.record(z.enum(APPOINTMENT_STATUSES), z.number()) });

const salesOfTable = z.object({ count: z.number(), total: z.number() });

/** The branch's goal of the month and the day's share of it; money in pesos. */
const dayGoal = z.object({
  monthGoal: z.number(),
  /** monthGoal ÷ days of the month. */
  dailyGoal: z.number(),
  /** Sold today ÷ dailyGoal × 100, two decimals. */
  percent: z.number(),
  /** dailyGoal − sold today: negative once exceeded. */
  remaining: z.number(),
});

const salesBlock = z.object({
  /** Paid, not refunded orders and cash orders of the branch's business day; pesos. */
  total: z.number(),
  orders: salesOfTable,
  cashOrders: salesOfTable,
  goal: dayGoal.nullable(),
});

const expiringLot = z.object({
  stockId: z.string(),
  productId: z.string(),
  product: z.string(),
  sku: z.string(),
  allotment: z.string(),
  expiresAt: z.string(),
  quantity: z.number(),
});

const lotsBlock = z.object({
  /** Every lot that qualifies (the items are the first HOME_LOTS_LIMIT, soonest expiry first). */
  count: z.number(),
  units: z.number(),
  items: z.array(expiringLot),
  /** Lots already expired that still hold units (not listed: they wait for a write-off in the inventory). */
  expired: z.object({ count: z.number(), units: z.number() }),
});

const homeTodayDto = z.object({
  branch: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  /** Today at the branch (YYYY-MM-DD, its own zone). */
  date: z.string(),
  appointments: appointmentsBlock.nullable(),
  sales: salesBlock.nullable(),
  expiringLots: lotsBlock.nullable(),
});

export const homeRoutes = { today: route({ method: 'GET', path: '/home/today', query: homeTodayQuery, response: homeTodayDto }) };

export type HomeToday = Answer<typeof homeRoutes.today>;
export type HomeTodayDto = z.input<typeof homeTodayDto>;
