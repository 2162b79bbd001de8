import { cents, subtractCents, type Cents } from './money';

/**
 * Monthly sales goals of a branch (second document, sections 3 and 9): the goal is compared with what the
 * branch sold that month. Every figure is computed in integer cents and rounded once, half away from zero.
 */

export const MONTH_NAMES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

export const GOAL_MESSAGES = {
  exists: 'Ya existe una meta para esta sucursal en ese mes',
  positive: 'El campo meta debe ser mayor a 0',
  distributionCenter: 'Un centro de distribución no tiene metas de venta',
} as const;

/** The wire's two-digit month ('03'). */
export const monthText = (month: number): string => String(month).padStart(2, '0');

/** 'Marzo 2026' */
export const periodLabel = (year: number, month: number): string => `${MONTH_NAMES[month - 1] ?? monthText(month)} ${year}`;

/** Days of a calendar month (February of a leap year has 29). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** n / d rounded half away from zero (d > 0). */
function divideRounded(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= d ? q + (n < 0n ? -1n : 1n) : q;
}

export interface GoalProgress {
  totalSale: Cents;
  /** The goal divided by the days of its month. */
  dailyGoal: Cents;
  /** totalSale / goal × 100 with two decimals; 0 without sales. */
  percent: number;
  /** goal − totalSale: negative once the goal is exceeded. */
  remaining: Cents;
}

/** The progress of a goal (cents) for its month, given what the branch sold in it (cents). */
export function goalProgress(goal: Cents, totalSale: Cents, year: number, month: number): GoalProgress {
  const dailyGoal = cents(Number(divideRounded(BigInt(goal), BigInt(daysInMonth(year, month)))));
  // hundredths of a percent: totalSale × 10,000 / goal, rounded once
  const percent = goal > 0 && totalSale !== 0 ? Number(divideRounded(BigInt(totalSale) * 10_000n, BigInt(goal))) / 100 : 0;
  return { totalSale, dailyGoal, percent, remaining: subtractCents(goal, totalSale) };
}
