import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ageOn, ADULT_AGE, todayIn } from '../../../domain/age';
import type { DbOrTx } from '../../db/client';
import { branches, customerNameWords, customers } from '../../db/schema';
import { stamps } from '../dto';
import type { SearchField } from '../../platform/list';

export const tutors = alias(customers, 'tutor');

/** The name search: the stored unaccented full name and its trigram index (see db/schema/customers.ts). */
export const fullNameSearch = { expr: customers.searchName, mode: 'normalized' } as const;
/** More customers than this with one whole word of their name make it a common one (García). */
export const COMMON_NAME_WORD = 1000;
/**
 * The first COMMON_NAME_WORD + 1 customers with `word` as a whole word of their name, accents and case
 * ignored (only live ones, not deleted, with `live`): an index-only read of customer_name_words, so cheap
 * that it tells a common surname from a rare one.
 */
export function customersWithNameWord(db: DbOrTx, word: string, live = false) {
  return db
    .select({ id: customerNameWords.customerId })
    .from(customerNameWords)
    .where(and(eq(customerNameWords.word, sql`immutable_unaccent(lower(${word}))`), live ? eq(customerNameWords.live, true) : undefined))
    .limit(COMMON_NAME_WORD + 1);
}
/** How many of those customers there are, up to COMMON_NAME_WORD + 1. */
export async function countCustomersWithNameWord(db: DbOrTx, word: string, live = false): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(customersWithNameWord(db, word, live).as('with_word'));
  return n;
}
export const isCommonNameWord = async (db: DbOrTx, word: string) => (await countCustomersWithNameWord(db, word)) > COMMON_NAME_WORD;
/**
 * The name search checked on each row, out of the planner's sight: it cannot use the trigram index, so a
 * list sorted by an indexed column walks that index until a page is found. For a common word only, where
 * matches come at once; PostgreSQL's own estimate of a word's frequency swings with each ANALYZE sample.
 */
export const fullNameEachRow = { expr: sql`(${customers.searchName} || '')`, mode: 'normalized' } as const;

/** The expressions the other search indexes are built on. */
export const phonesExpr = sql`coalesce(${customers.mobilePhone}, '') || ' ' || coalesce(${customers.phone}, '')`;
/** The phone search: the digits typed, anywhere in either phone. */
export const phoneSearch = { expr: phonesExpr, mode: 'digits' } as const;
export const emailExpr = sql`lower(coalesce(${customers.email}, ''))`;

/** What a customer search reads: each served by its index (migrations 0003 and 0006). */
export const customerSearchFields: Record<string, SearchField> = {
  name: fullNameSearch,
  phone: phoneSearch,
  email: { expr: emailExpr, mode: 'lower' },
  customerId: { expr: customers.customerNumber, mode: 'number' },
};

export function selectCustomers(db: DbOrTx) {
  return db
    .select({
      c: customers,
      tutorName: tutors.name,
      tutorLastName: tutors.lastName,
      tutorMotherLastName: tutors.motherLastName,
      tutorMobilePhone: tutors.mobilePhone,
      branchName: branches.name,
    })
    .from(customers)
    .leftJoin(tutors, eq(tutors.id, customers.tutorId))
    .leftJoin(branches, eq(branches.id, customers.registryBranchId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectCustomers>['execute']>>[number];

export function toCustomerDto(r: Joined) {
  const c = r.c;
  const age = ageOn(c.birthday, todayIn());
  return {
    id: c.id,
    customerId: c.customerNumber,
    name: c.name,
    lastName: c.lastName,
    motherLastName: c.motherLastName,
    gender: c.gender,
    birthday: c.birthday,
    age,
    isAdult: age >= ADULT_AGE,
    phone: c.phone,
    mobilePhone: c.mobilePhone,
    email: c.email,
    maritalStatus: c.maritalStatus,
    originCountry: c.originCountry,
    reference: c.reference,
    tutorId: c.tutorId,
    tutor: c.tutorId
      ? { id: c.tutorId, name: r.tutorName ?? '', lastName: r.tutorLastName ?? '', motherLastName: r.tutorMotherLastName, mobilePhone: r.tutorMobilePhone }
      : null,
    relationship: c.relationship,
    isTutor: c.isTutor,
    status: c.active,
    blackList: c.blackList,
    cancellations: c.cancellations,
    points: c.points,
    registryBranch: c.registryBranchId ? { id: c.registryBranchId, name: r.branchName ?? '' } : null,
    photo: c.photo ? { name: c.photo } : null,
    ...stamps(c),
  };
}
export type CustomerDto = ReturnType<typeof toCustomerDto>;

export function byId(id: string): SQL {
  return eq(customers.id, id);
}
