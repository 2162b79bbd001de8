import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { browserLabel, describeChanges, referencedIds, type ReferenceKind, type ReferenceNames } from '../../../domain/change-labels';
import type { DbOrTx } from '../../db/client';
import {
  appliances,
  areas,
  branches,
  cabinTypes,
  cabins,
  categories,
  changeLog,
  consents,
  coupons,
  customers,
  departments,
  jobPositions,
  packages,
  productStocks,
  productTypes,
  products,
  providers,
  purchasedProducts,
  roles,
  treatmentTypes,
  treatments,
  users,
} from '../../db/schema';
import { branchScope, type Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/errors';
import { branchCondition, selectLog, toLogDto } from './service';

const fullName = (t: { name: PgColumn; lastName: PgColumn; motherLastName: PgColumn }) =>
  sql<string>`concat_ws(' ', ${t.name}, ${t.lastName}, ${t.motherLastName})`;

/** Where each kind of referenced record keeps its name (deleted records too: a log outlives them). */
const NAME_SOURCES: Record<ReferenceKind, { table: PgTable & { id: PgColumn }; name: PgColumn | SQL<string> }> = {
  branch: { table: branches, name: branches.name },
  cabin: { table: cabins, name: cabins.name },
  cabinType: { table: cabinTypes, name: cabinTypes.name },
  customer: { table: customers, name: fullName(customers) },
  treatment: { table: treatments, name: treatments.name },
  treatmentType: { table: treatmentTypes, name: treatmentTypes.name },
  product: { table: products, name: products.name },
  productType: { table: productTypes, name: productTypes.name },
  package: { table: packages, name: packages.name },
  category: { table: categories, name: categories.name },
  area: { table: areas, name: areas.name },
  appliance: { table: appliances, name: appliances.name },
  provider: { table: providers, name: providers.name },
  consent: { table: consents, name: consents.name },
  coupon: { table: coupons, name: coupons.name },
  user: { table: users, name: fullName(users) },
  role: { table: roles, name: roles.name },
  department: { table: departments, name: departments.name },
  jobPosition: { table: jobPositions, name: jobPositions.name },
  stock: {
    table: productStocks,
    name: sql<string>`(select ${products.name} from ${products} where ${products.id} = ${productStocks.productId}) || ' · lote ' || ${productStocks.allotment}`,
  },
  purchasedProduct: {
    table: purchasedProducts,
    name: sql<string>`(select ${treatments.name} from ${treatments} where ${treatments.id} = ${purchasedProducts.treatmentId})`,
  },
};

/** The names of every record a row's before/after points to, one query per kind. */
export async function resolveNames(db: DbOrTx, snapshots: unknown[]): Promise<ReferenceNames> {
  const found = [...referencedIds(snapshots)];
  const answers = await Promise.all(
    found.map(([kind, ids]) => {
      const { table, name } = NAME_SOURCES[kind];
      return db
        .select({ id: table.id, name })
        .from(table)
        .where(inArray(table.id, [...ids]));
    }),
  );
  return Object.fromEntries(answers.flat().map((r) => [r.id as string, String(r.name)]));
}

/**
 * One change-log row for its detail: the row, its fields in Spanish with the names of the records it points to
 * (cabin, branch, customer, treatment…) instead of their ids, and the browser it was written from.
 * `module` limits the read to one module's rows (the bitácora reads only appointments).
 */
export async function logDetail(db: DbOrTx, actor: Actor, id: string, module?: string) {
  const scope = branchScope(actor);
  const [row] = await selectLog(db)
    .where(and(eq(changeLog.id, id), module ? eq(changeLog.module, module) : undefined, branchCondition(scope)))
    .limit(1);
  if (!row) throw new AppError('LOG_NOT_FOUND');
  const dto = toLogDto(row);
  const names = await resolveNames(db, [dto.changes.before, dto.changes.after]);
  const metadata = dto.changes.metadata as { userAgent?: string | null } | null;
  return {
    ...dto,
    fields: describeChanges(dto.changes.before, dto.changes.after, names),
    browser: metadata && 'source' in metadata ? 'Sistema' : browserLabel(metadata?.userAgent),
  };
}
