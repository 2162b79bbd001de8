import { eq } from 'drizzle-orm';
import type { ListQuery } from '../../../domain/list';
import type { ProviderInput, Regime } from '../../../domain/providers.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { providers } from '../../db/schema';
import { userCan, type Actor } from '../../platform/auth/actor';
import type { ListSpec } from '../../platform/list';
import { findLive, insertRecord, recordFilters, softDeleteRecord, tableRows, updateRecord } from '../../platform/records';
import { stamps } from '../dto';

export type ProviderRow = typeof providers.$inferSelect;

export function toProviderDto(row: ProviderRow) {
  return {
    id: row.id,
    name: row.name,
    tradename: row.tradename,
    rfc: row.rfc as string | null,
    regime: row.regime as Regime,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    zipCode: row.zipCode,
    email: row.email,
    phone: row.phone,
    contactName: row.contactName,
    mobilePhone: row.mobilePhone,
    payConditions: row.payConditions,
    deliveryTime: row.deliveryTime,
    bank: row.bank as string | null,
    clabeAccount: row.clabeAccount as string | null,
    bankAccount: row.bankAccount as string | null,
    active: row.active,
    status: row.active,
    ...stamps(row),
  };
}
export type ProviderDto = ReturnType<typeof toProviderDto>;

/**
 * Product and purchase screens list providers by name; only the providers module sees the tax and
 * bank data.
 */
export function providerView(actor: Actor) {
  if (userCan(actor, 'providers', 'show')) return toProviderDto;
  return (row: ProviderRow): ProviderDto => ({ ...toProviderDto(row), rfc: null, bank: null, clabeAccount: null, bankAccount: null });
}

export interface ProviderFilters extends ListQuery {
  payConditions?: number;
}

export function providerListSpec(db: DbOrTx, actor: Actor, q: ProviderFilters): ListSpec<ProviderDto> {
  const view = providerView(actor);
  return {
    sortable: {
      name: providers.name,
      tradename: providers.tradename,
      contactName: providers.contactName,
      payConditions: providers.payConditions,
      active: providers.active,
      created_at: providers.createdAt,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: providers.name, tradename: providers.tradename, contactName: providers.contactName, email: providers.email },
    filters: [...recordFilters(q, providers), q.payConditions === undefined ? undefined : eq(providers.payConditions, q.payConditions)],
    ...tableRows(db, providers, (rows) => rows.map(view)),
  };
}

const findProvider = (db: DbOrTx, id: string): Promise<ProviderRow> => findLive(db, providers, id, 'PROVIDER_NOT_FOUND');
const logged = { table: providers, module: 'providers', view: toProviderDto };

export async function getProvider(ctx: AppContext, actor: Actor, id: string) {
  return providerView(actor)(await findProvider(ctx.db, id));
}

function values(input: ProviderInput) {
  return {
    name: input.name,
    tradename: input.tradename,
    rfc: input.rfc,
    regime: input.regime,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    country: input.country ?? null,
    zipCode: input.zipCode ?? null,
    email: input.email ?? null,
    phone: input.phone,
    contactName: input.contactName,
    mobilePhone: input.mobilePhone,
    payConditions: input.payConditions,
    deliveryTime: input.deliveryTime ?? null,
    bank: input.bank ?? null,
    clabeAccount: input.clabeAccount ?? null,
    bankAccount: input.bankAccount ?? null,
  };
}

export async function createProvider(ctx: AppContext, actor: Actor, input: ProviderInput) {
  return ctx.db.transaction((tx) => insertRecord(tx, actor, logged, { ...values(input), active: input.active ?? true }));
}

export async function updateProvider(ctx: AppContext, actor: Actor, id: string, input: ProviderInput) {
  return ctx.db.transaction(async (tx) => {
    const before = await findProvider(tx, id);
    return updateRecord(tx, actor, logged, id, before, { ...values(input), active: input.active ?? before.active });
  });
}

export async function deleteProvider(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => softDeleteRecord(tx, actor, logged, id, await findProvider(tx, id)));
}
