import type { Actor } from '../../platform/auth/actor';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { ageOn, ADULT_AGE, todayIn } from '../../../domain/age';
import type { z } from 'zod';
import type { purchasedProductResponse } from '../../../domain/customers.contract';
import { tutorProblem, type CustomerInput } from '../../../domain/customers.schemas';
import type { LoyaltyTier } from '../../../domain/loyalty';
import { errorCatalogue } from '../../../domain/errors';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { customers, roles } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { answerViolations, type ViolationAnswers } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { replaceImage, type ImageUpload } from '../../platform/files';
import { countMatching, keepIndexOrder, searchCondition, words, type ListSpec } from '../../platform/list';
import { selectRows } from '../../platform/records';
import {
  COMMON_NAME_WORD,
  countCustomersWithNameWord,
  customersWithNameWord,
  customerSearchFields,
  fullNameEachRow,
  fullNameSearch,
  selectCustomers,
  toCustomerDto,
  type CustomerDto,
} from './queries';
import { live, softDelete } from '../../db/live';

export interface CustomerFilters extends ListQuery {
  blackList?: string;
  isTutor?: string;
  gender?: string;
  maritalStatus?: string;
  branchId?: string;
}

const flag = (v: string | undefined) => isTruthyFlag(v);

/** A customer search counts at most this many matches. */
export const CUSTOMER_SEARCH_COUNT_CAP = 1000;

// the customer lists (here and in loyalty) walk customers_last_name_idx and the name's plan by name: the Spanish
// sort key (platform/list.ts) would need an index on it, a migration; these keep the columns' own order
keepIndexOrder(customers.name, customers.lastName);

/** Customers belong to the chain, not to a branch: every branch serves them (docs/decisions.md). */
export async function customerListSpec(db: DbOrTx, q: CustomerFilters): Promise<ListSpec<CustomerDto>> {
  const active = flag(q.active ?? (q.status === '1' || q.status === '0' ? q.status : undefined));
  const typed = q.search?.filter === 'name' ? words(q.search.value) : [];
  // one common word of a name (García): the page walks the number index, each customer checked (fullNameEachRow)
  const liveWithWord = typed.length === 1 ? await countCustomersWithNameWord(db, typed[0], true) : 0;
  const common = liveWithWord > COMMON_NAME_WORD;
  // Several words ('lópez pérez') are each common and rare together; the planner multiplies their odds and
  // walks the number index hoping to meet ten matches soon, reading thousands of rows. Sorting by an
  // expression no index serves makes it gather the few matches from the trigram index and sort them.
  const walkable = words(q.search?.value ?? '').length < 2;
  const filters = [
    flag(q.withDeleted) ? undefined : live(customers),
    active === undefined ? undefined : eq(customers.active, active),
    q.blackList === undefined ? undefined : eq(customers.blackList, flag(q.blackList) ?? false),
    q.isTutor === undefined ? undefined : eq(customers.isTutor, flag(q.isTutor) ?? false),
    q.gender ? eq(customers.gender, q.gender) : undefined,
    q.maritalStatus ? eq(customers.maritalStatus, q.maritalStatus) : undefined,
    q.branchId ? eq(customers.registryBranchId, q.branchId) : undefined,
  ];
  return {
    sortable: {
      customerId: walkable ? customers.customerNumber : sql`${customers.customerNumber} + 0`,
      name: walkable ? customers.name : sql`${customers.name} || ''`,
      lastName: walkable ? customers.lastName : sql`${customers.lastName} || ''`,
      points: customers.points,
      gender: customers.gender,
      created_at: customers.createdAt,
    },
    defaultSort: { field: 'customerId', order: 'DESC' },
    searchable: common ? { ...customerSearchFields, name: fullNameEachRow } : customerSearchFields,
    // a common name matches thousands: a search counts up to a thousand (meta.itemCountCapped beyond); the plain list counts all
    countCap: q.search?.value.trim() ? CUSTOMER_SEARCH_COUNT_CAP : undefined,
    filters,
    rows: selectRows(
      () => selectCustomers(db).$dynamic(),
      [customers.id],
      (rows) => rows.map((r) => toCustomerDto(r)),
    ),
    count: async (where, limit) => {
      if (!common) return countMatching(db, customers, where, limit);
      // live customers with the whole word, already counted, are the list's matches when nothing else filters it
      const unfiltered = filters.filter(Boolean).length === 1 && !flag(q.withDeleted);
      if (unfiltered && limit && liveWithWord >= limit) return liveWithWord;
      // the first thousand customers with the whole word nearly always pass the cap by themselves
      const withWord = await countMatching(db, customers, and(...filters, inArray(customers.id, customersWithNameWord(db, typed[0]))), limit);
      return limit && withWord >= limit ? withWord : countMatching(db, customers, and(where, searchCondition(fullNameSearch, typed[0])), limit);
    },
  };
}

async function findCustomer(db: DbOrTx, id: string): Promise<CustomerDto> {
  const [row] = await selectCustomers(db)
    .where(and(eq(customers.id, id), live(customers)))
    .limit(1);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  return toCustomerDto(row);
}

/**
 * What the customer record shows of loyalty. The loyalty area reads customers, so customers does not import it:
 * the composition root (modules/index.ts) passes loyalty's reader to the customer routes.
 */
export interface CustomerLoyaltyReader {
  /** The tier from the real purchases of the last 365 days and the thresholds in settings. */
  tier(db: DbOrTx, customerId: string): Promise<{ loyaltyScale: LoyaltyTier; total: number }>;
  /** Every purchased treatment, newest first. */
  purchasedProducts(db: DbOrTx, customerId: string): Promise<z.input<typeof purchasedProductResponse>[]>;
}

/** The record with its loyalty tier. */
export async function getCustomer(ctx: AppContext, id: string, loyalty: CustomerLoyaltyReader, opts: { purchasedProducts?: boolean } = {}) {
  const customer = await findCustomer(ctx.db, id);
  const tier = await loyalty.tier(ctx.db, id);
  const detail = { ...customer, loyaltyScale: tier.loyaltyScale, purchasesTotal: tier.total };
  if (!opts.purchasedProducts) return detail;
  return { ...detail, purchasedProducts: await loyalty.purchasedProducts(ctx.db, id) };
}

/** The tutor rule (tutorProblem in src/domain) against the stored tutor; a tutor that does not exist is a 404. */
async function assertTutor(tx: DbOrTx, tutorId: string | null | undefined, selfId?: string) {
  if (!tutorId) return;
  const [tutor] = await tx
    .select({ id: customers.id, isTutor: customers.isTutor, birthday: customers.birthday })
    .from(customers)
    .where(and(eq(customers.id, tutorId), live(customers)))
    .limit(1);
  if (!tutor) throw new AppError('CUSTOMER_NOT_FOUND', 'Tutor no encontrado', [{ field: 'tutorId', message: 'Tutor no encontrado' }]);
  const problem = tutorProblem(tutor, selfId, todayIn());
  if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ field: 'tutorId', message: problem }]);
}

/** The catalogue's 'mobile already registered', marked on the field so the form shows it there. */
function mobileTaken(): AppError {
  return new AppError('MOBILE_ALREADY_REGISTERED', undefined, [{ field: 'mobilePhone', message: errorCatalogue.MOBILE_ALREADY_REGISTERED.message }]);
}

async function assertMobileFree(tx: DbOrTx, mobile: string | null | undefined, exceptId?: string) {
  if (!mobile) return;
  const [dup] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.mobilePhone, mobile), live(customers), exceptId ? ne(customers.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw mobileTaken();
}

const CONTACT_LOCK = 7_410_031;

/**
 * The catalogue's 409 for an e-mail (case ignored) or a phone number another live customer already has: a phone
 * against the other's phone or mobile, a mobile against the other's phone (mobile against mobile keeps the 400
 * above). Only values that change are checked, so a record that shared them before this rule can still be edited.
 * Each value is locked for the transaction first, so two requests with the same e-mail or number queue up.
 */
async function assertContactsFree(
  tx: DbOrTx,
  next: { email: string | null; phone: string | null; mobilePhone: string | null },
  before?: { email: string | null; phone: string | null; mobilePhone: string | null },
  exceptId?: string,
) {
  const email = next.email && next.email.toLowerCase() !== before?.email?.toLowerCase() ? next.email.toLowerCase() : null;
  const phone = next.phone && next.phone !== before?.phone ? next.phone : null;
  const mobile = next.mobilePhone && next.mobilePhone !== before?.mobilePhone ? next.mobilePhone : null;
  const keys = [email && `email:${email}`, ...[next.phone, next.mobilePhone].map((n) => n && `phone:${n}`)].filter((k): k is string => Boolean(k)).sort();
  for (const key of new Set(keys)) await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK}::int, hashtext(${key}))`);
  const others = and(live(customers), exceptId ? ne(customers.id, exceptId) : undefined);
  if (email) {
    const [dup] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${email}`, others))
      .limit(1);
    if (dup) throw new AppError('DUPLICATE_EMAIL', undefined, [{ field: 'email', message: errorCatalogue.DUPLICATE_EMAIL.message }]);
  }
  for (const [field, number, against] of [
    ['phone', phone, [customers.phone, customers.mobilePhone]],
    ['mobilePhone', mobile, [customers.phone]],
  ] as const) {
    if (!number) continue;
    const [dup] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(against.length === 2 ? sql`(${against[0]} = ${number} or ${against[1]} = ${number})` : eq(against[0], number), others))
      .limit(1);
    if (dup) throw new AppError('DUPLICATE_PHONE', undefined, [{ field, message: errorCatalogue.DUPLICATE_PHONE.message }]);
  }
}

function columns(input: CustomerInput) {
  const adult = ageOn(input.birthday, todayIn()) >= ADULT_AGE;
  return {
    name: input.name,
    lastName: input.lastName,
    motherLastName: input.motherLastName ?? null,
    gender: input.gender,
    birthday: input.birthday,
    phone: input.phone ?? null,
    mobilePhone: input.mobilePhone ?? null,
    email: input.email ?? null,
    maritalStatus: input.maritalStatus ?? null,
    originCountry: input.originCountry ?? null,
    reference: input.reference ?? null,
    // a tutor and relationship only mean something for a minor
    tutorId: adult ? null : (input.tutorId ?? null),
    relationship: adult ? null : (input.relationship ?? null),
    isTutor: adult ? Boolean(input.isTutor) : false,
  };
}

/** Two requests racing for one mobile number: the unique index decides. */
const mobileRace = { unique: mobileTaken } satisfies ViolationAnswers;

export async function createCustomer(ctx: AppContext, actor: Actor, input: CustomerInput) {
  return answerViolations(
    ctx.db.transaction(async (tx) => {
      await assertMobileFree(tx, input.mobilePhone);
      const next = columns(input);
      await assertContactsFree(tx, next);
      await assertTutor(tx, next.tutorId);
      const [row] = await tx
        .insert(customers)
        .values({ ...next, registryBranchId: actor.branchId })
        .returning({ id: customers.id });
      const after = await findCustomer(tx, row.id);
      await recordChange(tx, actor, { module: 'clients', action: 'crear', entityId: row.id, after, affectedBranchId: actor.branchId });
      return after;
    }),
    mobileRace,
  );
}

export async function updateCustomer(ctx: AppContext, actor: Actor, id: string, input: CustomerInput) {
  return answerViolations(
    ctx.db.transaction(async (tx) => {
      const before = await findCustomer(tx, id);
      await assertMobileFree(tx, input.mobilePhone, id);
      const next = columns(input);
      await assertContactsFree(tx, next, before, id);
      // only a minor keeps a tutor (columns drops it for an adult), so only a minor's tutor is checked
      await assertTutor(tx, next.tutorId, id);
      if (before.isTutor && !next.isTutor) {
        const [{ n }] = await tx
          .select({ n: count() })
          .from(customers)
          .where(and(eq(customers.tutorId, id), live(customers)));
        if (n > 0) throw new AppError('CONFLICT', 'El cliente es tutor de otros clientes; asígneles otro tutor primero');
      }
      await tx
        .update(customers)
        .set({ ...next, active: input.status ?? before.status, blackList: input.blackList ?? before.blackList })
        .where(eq(customers.id, id));
      const after = await findCustomer(tx, id);
      await recordChange(tx, actor, { module: 'clients', action: 'editar', entityId: id, before, after });
      return after;
    }),
    mobileRace,
  );
}

export async function deleteCustomer(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCustomer(tx, id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(customers)
      .where(and(eq(customers.tutorId, id), live(customers)));
    if (n > 0) throw new AppError('CANNOT_DELETE', 'No se puede eliminar un cliente que es tutor de otros clientes');
    await softDelete(tx, customers, eq(customers.id, id));
    await recordChange(tx, actor, { module: 'clients', action: 'eliminar', entityId: id, before });
    return { ...before, deleted_at: new Date() };
  });
}

/** 'Desbanear': clears the cancellation count; only when there is something to clear, and only by a role with the extended limit. */
export async function clearCancellations(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    // a role held to the cancellation limit (Médico, Cosmetóloga by default) cannot lift it for a customer
    const [role] = await tx.select({ extended: roles.extendedCancellationLimit }).from(roles).where(eq(roles.id, actor.roleId)).limit(1);
    if (!role?.extended) throw new AppError('FORBIDDEN');
    const before = await findCustomer(tx, id);
    if (before.cancellations === 0) throw new AppError('CONFLICT', 'El cliente no tiene cancelaciones');
    await tx.update(customers).set({ cancellations: 0 }).where(eq(customers.id, id));
    const after = await findCustomer(tx, id);
    await recordChange(tx, actor, {
      module: 'clients',
      action: 'desbanear',
      entityId: id,
      before: { cancellations: before.cancellations },
      after: { cancellations: 0 },
    });
    return after;
  });
}

export async function setCustomerPhoto(ctx: AppContext, actor: Actor, id: string, upload: ImageUpload) {
  const before = await findCustomer(ctx.db, id);
  await replaceImage(ctx.config, 'customers', upload, (name) =>
    ctx.db.transaction(async (tx) => {
      await tx.update(customers).set({ photo: name }).where(eq(customers.id, id));
      await recordChange(tx, actor, { module: 'clients', action: 'foto', entityId: id, before: { photo: before.photo?.name ?? null }, after: { photo: name } });
      return { result: null, previous: before.photo?.name };
    }),
  );
  return findCustomer(ctx.db, id);
}
