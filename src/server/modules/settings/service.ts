import type { Actor } from '../../platform/auth/actor';
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_OPENING_FLOAT } from '../../../domain/cash-closings';
import { thresholdsOrDefault, type TierThresholds } from '../../../domain/loyalty';
import { fromCents, toCents, type Cents } from '../../../domain/money';
import { EXCHANGE_RATE_REQUIRED, type SettingInput } from '../../../domain/settings.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { branches, settings } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { stamps } from '../dto';
import { live } from '../../db/live';

type SettingRow = typeof settings.$inferSelect;

/** A clinic's float in pesos: the one set for it, else the default. */
const floatOf = (stored: Record<string, number> | null | undefined, branchId: string) => stored?.[branchId] ?? fromCents(DEFAULT_OPENING_FLOAT);

function toDto(row: SettingRow, clinics: { id: string }[]) {
  return {
    id: row.id,
    exchangeRate: row.exchangeRate,
    paymentProcessType: row.paymentProcessType as SettingInput['paymentProcessType'],
    loyaltyThresholds: thresholdsOrDefault(row.loyaltyThresholds),
    cosmetologyCommissionPercent: row.cosmetologyCommissionPercent,
    openingFloat: Object.fromEntries(clinics.map((b) => [b.id, floatOf(row.openingFloat, b.id)])),
    ...stamps(row),
  };
}

/** The active branches that sell (a distribution centre has neither exchange rate nor drawer). */
const activeClinics = (db: DbOrTx) =>
  db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.active, true), eq(branches.distributionCenter, false), live(branches)));

/** The single configuration row; created with defaults the first time it is read. */
async function currentSetting(db: DbOrTx): Promise<SettingRow> {
  const [row] = await db.select().from(settings).where(live(settings)).orderBy(asc(settings.createdAt)).limit(1);
  if (row) return row;
  const [created] = await db.insert(settings).values({}).returning();
  return created;
}

export async function getSetting(ctx: AppContext) {
  return toDto(await currentSetting(ctx.db), await activeClinics(ctx.db));
}

/** The float a branch's drawer opens with (pesos in cents): its setting, or the default; read without creating the row. */
export async function openingFloatOf(db: DbOrTx, branchId: string): Promise<Cents> {
  const [row] = await db.select({ f: settings.openingFloat }).from(settings).where(live(settings)).orderBy(asc(settings.createdAt)).limit(1);
  return toCents(floatOf(row?.f, branchId));
}

/** The tier thresholds in force (the defaults until someone edits them); read without creating the row. */
export async function loyaltyThresholds(db: DbOrTx): Promise<TierThresholds> {
  const [row] = await db.select({ t: settings.loyaltyThresholds }).from(settings).where(live(settings)).orderBy(asc(settings.createdAt)).limit(1);
  return thresholdsOrDefault(row?.t);
}

export async function updateSetting(ctx: AppContext, actor: Actor, id: string, input: SettingInput) {
  return ctx.db.transaction(async (tx) => {
    const before = await currentSetting(tx);
    if (before.id !== id) throw new AppError('SETTING_NOT_FOUND');
    const active = await activeClinics(tx);
    const rates: Record<string, number> = { ...before.exchangeRate };
    // a branch-bound user only sets the rate of their own branch
    const editable = actor.branchBound ? active.filter((b) => b.id === actor.branchId) : active;
    for (const b of editable) {
      const value = input.exchangeRate[b.id];
      if (value === undefined)
        throw new AppError('VALIDATION_FAILED', EXCHANGE_RATE_REQUIRED, [{ field: `exchangeRate.${b.id}`, message: EXCHANGE_RATE_REQUIRED }]);
      rates[b.id] = value;
    }
    // a float not sent stays as it was; a branch-bound user sets only their own branch's
    const floats: Record<string, number> = { ...before.openingFloat };
    for (const b of editable) if (input.openingFloat?.[b.id] !== undefined) floats[b.id] = input.openingFloat[b.id]!;
    const [row] = await tx
      .update(settings)
      .set({
        exchangeRate: rates,
        openingFloat: floats,
        paymentProcessType: actor.branchBound ? before.paymentProcessType : input.paymentProcessType,
        // chain-wide like the payment processor: a branch-bound user cannot move the tiers
        loyaltyThresholds: actor.branchBound || !input.loyaltyThresholds ? before.loyaltyThresholds : input.loyaltyThresholds,
        // chain-wide too; the lines already written keep their own percent
        cosmetologyCommissionPercent:
          actor.branchBound || input.cosmetologyCommissionPercent === undefined ? before.cosmetologyCommissionPercent : input.cosmetologyCommissionPercent,
      })
      .where(eq(settings.id, id))
      .returning();
    await recordChange(tx, actor, { module: 'setting', action: 'editar', entityId: id, before: toDto(before, active), after: toDto(row, active) });
    return toDto(row, active);
  });
}
