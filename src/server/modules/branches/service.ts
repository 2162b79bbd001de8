import type { FastifyRequest } from 'fastify';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { branchSchedules, branches } from '../../db/schema';
import { branchScope } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { stamps } from '../dto';

type BranchRow = typeof branches.$inferSelect;
type ScheduleRow = typeof branchSchedules.$inferSelect;

const hhmm = (t: string) => t.slice(0, 5);

export function toBranchDto(row: BranchRow, schedules: ScheduleRow[]) {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    extNumber: row.extNumber,
    intNumber: row.intNumber,
    suburb: row.suburb,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    mobilePhone: row.mobilePhone,
    lat: row.lat,
    lng: row.lng,
    code: row.code,
    zone: row.zone,
    timeZone: row.timeZone,
    active: row.active,
    franchise: row.franchise,
    rfc: row.rfc,
    businessName: row.businessName,
    description: row.description,
    note: row.note,
    googleMapsUrl: row.googleMapsUrl,
    showInClients: row.showInClients,
    distributionCenter: row.distributionCenter,
    schedules: schedules
      .filter((s) => s.branchId === row.id && !s.deletedAt)
      .sort((a, b) => a.day - b.day)
      .map((s) => ({ day: s.day, opening: hhmm(s.opening), closing: hhmm(s.closing) })),
    ...stamps(row),
  };
}
export type BranchDto = ReturnType<typeof toBranchDto>;

async function withSchedules(db: DbOrTx, rows: BranchRow[]): Promise<BranchDto[]> {
  if (!rows.length) return [];
  const schedules = await db.select().from(branchSchedules).where(inArray(branchSchedules.branchId, rows.map((r) => r.id)));
  return rows.map((r) => toBranchDto(r, schedules));
}

/** Active branches for the sign-in select: names only, no codes. */
export async function publicBranches(ctx: AppContext) {
  return ctx.db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.active, true), isNull(branches.deletedAt)))
    .orderBy(asc(branches.name));
}

export function branchListSpec(db: DbOrTx, req: FastifyRequest, q: ListQuery & { franchise?: string }): ListSpec<BranchDto> {
  const scope = branchScope(req);
  const active = isTruthyFlag(q.active ?? (q.status === '1' || q.status === '0' ? q.status : undefined));
  return {
    sortable: { name: branches.name, code: branches.code, city: branches.city, created_at: branches.createdAt },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: branches.name, code: branches.code, city: branches.city },
    filters: [
      isTruthyFlag(q.withDeleted) ? undefined : isNull(branches.deletedAt),
      scope ? eq(branches.id, scope) : undefined,
      active === undefined ? undefined : eq(branches.active, active),
      q.franchise === undefined ? undefined : eq(branches.franchise, isTruthyFlag(q.franchise) ?? false),
    ],
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = db.select().from(branches).where(where).orderBy(...orderBy, branches.id).offset(offset);
      return withSchedules(db, limit ? await base.limit(limit) : await base);
    },
    count: async (where) => (await db.select({ n: count() }).from(branches).where(where))[0].n,
  };
}

export async function getBranch(ctx: AppContext, req: FastifyRequest, id: string) {
  branchScope(req, id);
  const [row] = await ctx.db.select().from(branches).where(and(eq(branches.id, id), isNull(branches.deletedAt))).limit(1);
  if (!row) throw new AppError('BRANCH_NOT_FOUND');
  return (await withSchedules(ctx.db, [row]))[0];
}
