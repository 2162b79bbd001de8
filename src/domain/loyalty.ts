import { z } from 'zod';
import { toCents, type Cents } from './money';
import { numberField, text } from './validation';

export const LOYALTY_TIERS = ['BRONCE', 'PLATA', 'ORO', 'PLATINO', 'DIAMANTE'] as const;
export type LoyaltyTier = (typeof LOYALTY_TIERS)[number];

/** Purchases (pesos) in the last 365 days from which each tier starts; editable in settings. */
export type TierThresholds = Record<LoyaltyTier, number>;

export const DEFAULT_TIER_THRESHOLDS: TierThresholds = { BRONCE: 0, PLATA: 10_000, ORO: 30_000, PLATINO: 60_000, DIAMANTE: 100_000 };

export const LOYALTY_WINDOW_DAYS = 365;

/** The highest tier whose threshold the purchases reach. */
export function tierFor(purchases: number, thresholds: TierThresholds = DEFAULT_TIER_THRESHOLDS): LoyaltyTier {
  const total: Cents = toCents(purchases);
  let tier: LoyaltyTier = 'BRONCE';
  for (const t of LOYALTY_TIERS) if (total >= toCents(thresholds[t])) tier = t;
  return tier;
}

/** Thresholds must start at 0 for BRONCE and rise strictly tier after tier. */
export function thresholdsProblem(thresholds: TierThresholds): string | null {
  if (thresholds.BRONCE !== 0) return 'El nivel BRONCE debe iniciar en $0.00';
  for (let i = 1; i < LOYALTY_TIERS.length; i++) {
    if (!(thresholds[LOYALTY_TIERS[i]] > thresholds[LOYALTY_TIERS[i - 1]])) {
      return `El monto de ${LOYALTY_TIERS[i]} debe ser mayor que el de ${LOYALTY_TIERS[i - 1]}`;
    }
  }
  return null;
}

export const POINT_MOVEMENTS = ['earned', 'redeemed', 'expired', 'adjusted'] as const;
export type PointMovement = (typeof POINT_MOVEMENTS)[number];

export const pointMovementLabels: Record<PointMovement, string> = { earned: 'Ganados', redeemed: 'Canjeados', expired: 'Vencidos', adjusted: 'Ajuste' };

export interface LedgerEntry {
  movement: PointMovement;
  /** Signed: earned > 0, redeemed and expired < 0, adjusted either way. */
  points: number;
}

/** Why a ledger entry is inconsistent with its movement, or null. */
export function entryProblem(entry: LedgerEntry): string | null {
  if (!Number.isInteger(entry.points) || entry.points === 0) return 'Los puntos deben ser un número entero distinto de cero';
  if (entry.movement === 'earned' && entry.points < 0) return 'Los puntos ganados deben ser positivos';
  if ((entry.movement === 'redeemed' || entry.movement === 'expired') && entry.points > 0) return 'Los puntos canjeados o vencidos deben restarse';
  return null;
}

/** A balance is the sum of its ledger, row by row; it can never go below zero. */
export function balanceAfter(balance: number, entry: LedgerEntry): number {
  const problem = entryProblem(entry);
  if (problem) throw new RangeError(problem);
  const next = balance + entry.points;
  if (next < 0) throw new RangeError('El saldo de puntos no puede quedar negativo');
  return next;
}

export function ledgerBalance(entries: readonly LedgerEntry[]): number {
  return entries.reduce(balanceAfter, 0);
}

/** The largest single adjustment: a typo of a few zeros should not reach the ledger. */
export const MAX_POINT_ADJUSTMENT = 100_000;

/** A manual correction of a balance (movement 'adjusted'): signed points and the reason, both required. */
export const pointAdjustmentSchema = z.object({
  points: numberField('puntos').pipe(
    z
      .number()
      .int('Los puntos deben ser un número entero')
      .refine((n) => n !== 0, 'Los puntos deben ser distintos de cero')
      .refine((n) => Math.abs(n) <= MAX_POINT_ADJUSTMENT, `Un ajuste no puede pasar de ${MAX_POINT_ADJUSTMENT.toLocaleString('es-MX')} puntos`),
  ),
  reason: text('motivo', { max: 200 }),
});
export type PointAdjustment = z.output<typeof pointAdjustmentSchema>;

/** Points earned by a purchase: one point per whole $100 paid (see docs/decisions.md). */
export function pointsForPurchase(total: number): number {
  return Math.floor(toCents(total) / 10_000);
}

/** The 'we miss you' list looks for customers absent over the last 30 days by default. */
export const MISS_YOU_WINDOW_DAYS = 30;

/** Stored thresholds (null or partial) completed with the defaults, so a tier never lacks a floor. */
export function thresholdsOrDefault(stored: Partial<Record<string, number>> | null | undefined): TierThresholds {
  const out = { ...DEFAULT_TIER_THRESHOLDS };
  for (const t of LOYALTY_TIERS) {
    const v = stored?.[t];
    if (typeof v === 'number' && Number.isFinite(v)) out[t] = v;
  }
  return out;
}

/** YYYY-MM-DD plus (or minus) whole days, on the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The range a loyalty list reads by default: the last `days` calendar days, today the last of them. */
export function lastDaysRange(days: number, today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, 1 - days), endDate: today };
}
