import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { GOAL_MESSAGES, goalProgress, monthText } from '../../../domain/goals';
import type { GoalInput } from '../../../domain/goals.contract';
import type { ListQuery } from '../../../domain/list';
import type { Cents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { live, softDelete } from '../../db/live';
import { centsOf, pesos } from '../../db/money';
import { branches, cashOrders, goals, orders } from '../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive, liveUnlessWithDeleted, selectRows } from '../../platform/records';
import { stamps } from '../dto';

/**
 * Monthly sales goals of a branch, each answered with its month's progress from the real sales: the paid,
 * not refunded orders and cash orders of the branch whose business day falls in that month.
 */

const MODULE = 'goal';
const UNIQUE_INDEX = 'goals_branch_month_unique';

const goalExists = () => new AppError('GOAL_EXISTS', GOAL_MESSAGES.exists, [{ field: 'month', message: GOAL_MESSAGES.exists }]);

/** Σ total of one sales table's paid, not refunded sales of the goal's branch in the goal's month. */
function monthSales(table: typeof orders | typeof cashOrders): SQL {
  const first = sql`make_date(${goals.year}::int, ${goals.month}::int, 1)`;
  return sql`(select coalesce(sum(${table.total}), 0) from ${table}
    where ${table.branchId} = ${goals.branchId} and ${table.businessDate} >= ${first}
      and ${table.businessDate} < (${first} + interval '1 month')::date
      and ${table.paymentStatus} = 'paid' and ${table.refundedAt} is null and ${table.deletedAt} is null)`;
}

/** What the goal's branch sold in its month, in cents. */
const totalSale = sql<Cents>`(${monthSales(orders)} + ${monthSales(cashOrders)})`.mapWith(goals.goal);

const selectGoals = (db: DbOrTx) =>
  db.select({ goal: goals, branchName: branches.name, totalSale }).from(goals).innerJoin(branches, eq(branches.id, goals.branchId)).$dynamic();

type GoalRow = Awaited<ReturnType<ReturnType<typeof selectGoals>['execute']>>[number];

function toGoalDto({ goal: g, branchName, totalSale: sold }: GoalRow) {
  const progress = goalProgress(g.goal, sold, g.year, g.month);
  return {
    id: g.id,
    goal: pesos(g.goal),
    year: g.year,
    month: monthText(g.month),
    branchId: g.branchId,
    branch: { id: g.branchId, name: branchName },
    totalSale: pesos(progress.totalSale),
    dailyGoal: pesos(progress.dailyGoal),
    percent: progress.percent,
    remaining: pesos(progress.remaining),
    ...stamps(g),
  };
}
export type GoalDto = ReturnType<typeof toGoalDto>;

/** The stored fields of a goal, as the change log keeps them. */
const logged = (g: typeof goals.$inferSelect) => ({ branchId: g.branchId, year: g.year, month: monthText(g.month), goal: pesos(g.goal) });

export interface GoalFilters extends ListQuery {
  branchId?: string;
  year?: number;
  month?: number;
}

/** The goals list: a branch-bound reader sees only its own branch's goals. */
export function goalListSpec(db: DbOrTx, actor: Actor, q: GoalFilters): ListSpec<GoalDto> {
  const scope = branchScope(actor, q.branchId);
  return {
    sortable: {
      period: [goals.year, goals.month],
      branch: branches.name,
      goal: goals.goal,
      totalSale,
      percent: sql`${totalSale} / ${goals.goal}`,
      remaining: sql`${goals.goal} - ${totalSale}`,
      created_at: goals.createdAt,
    },
    defaultSort: { field: 'period', order: 'DESC' },
    searchable: { branch: branches.name },
    filters: [
      liveUnlessWithDeleted(q, goals),
      scope ? eq(goals.branchId, scope) : undefined,
      q.year === undefined ? undefined : eq(goals.year, q.year),
      q.month === undefined ? undefined : eq(goals.month, q.month),
    ],
    rows: selectRows(
      () => selectGoals(db),
      [branches.name, goals.id],
      (rows) => rows.map(toGoalDto),
    ),
    count: async (where) => (await db.select({ n: count() }).from(goals).innerJoin(branches, eq(branches.id, goals.branchId)).where(where))[0]!.n,
  };
}

/** One goal with its progress (deleted ones too: a delete answers the goal it deleted). */
async function readGoal(db: DbOrTx, id: string): Promise<GoalDto> {
  const [row] = await selectGoals(db).where(eq(goals.id, id)).limit(1);
  if (!row) throw new AppError('GOAL_NOT_FOUND');
  return toGoalDto(row);
}

export async function getGoal(ctx: AppContext, actor: Actor, id: string): Promise<GoalDto> {
  const [row] = await selectGoals(ctx.db)
    .where(and(eq(goals.id, id), live(goals)))
    .limit(1);
  if (!row) throw new AppError('GOAL_NOT_FOUND');
  assertBranchAccess(actor, row.goal.branchId);
  return toGoalDto(row);
}

/** The goal's branch is a live branch that sells (a distribution centre has no sales to measure). */
async function assertSellingBranch(tx: DbOrTx, branchId: string): Promise<void> {
  const [branch] = await tx
    .select({ dc: branches.distributionCenter })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  if (branch.dc) throw new AppError('VALIDATION_FAILED', GOAL_MESSAGES.distributionCenter, [{ field: 'branchId', message: GOAL_MESSAGES.distributionCenter }]);
}

/** No other live goal of that branch and month; the unique index settles two writes racing past this check. */
async function assertMonthFree(tx: DbOrTx, input: GoalInput, exceptId?: string): Promise<void> {
  const taken = [eq(goals.branchId, input.branchId), eq(goals.year, input.year), eq(goals.month, input.month)];
  await assertFree(tx, goals, taken, exceptId, goalExists);
}

const values = (input: GoalInput) => ({ branchId: input.branchId, year: input.year, month: input.month, goal: centsOf(input.goal) });

/** The write, with the unique index's refusal answered as the duplicate check would have. */
const oneGoalPerMonth = <T>(write: () => Promise<T>) => answerViolations(write, { unique: { [UNIQUE_INDEX]: goalExists } });

export async function createGoal(ctx: AppContext, actor: Actor, input: GoalInput): Promise<GoalDto> {
  assertBranchAccess(actor, input.branchId);
  return oneGoalPerMonth(() =>
    ctx.db.transaction(async (tx) => {
      await assertSellingBranch(tx, input.branchId);
      await assertMonthFree(tx, input);
      const [row] = await tx.insert(goals).values(values(input)).returning();
      await recordChange(tx, actor, { module: MODULE, action: 'crear', entityId: row!.id, affectedBranchId: row!.branchId, after: logged(row!) });
      return readGoal(tx, row!.id);
    }),
  );
}

/** The live goal locked for this write, of a branch the actor may touch (404 / 403 otherwise). */
async function lockGoal(tx: DbOrTx, actor: Actor, id: string) {
  const row = await findLive(tx, goals, id, 'GOAL_NOT_FOUND', 'no key update');
  assertBranchAccess(actor, row.branchId);
  return row;
}

export async function updateGoal(ctx: AppContext, actor: Actor, id: string, input: GoalInput): Promise<GoalDto> {
  assertBranchAccess(actor, input.branchId);
  return oneGoalPerMonth(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockGoal(tx, actor, id);
      if (input.branchId !== before.branchId) await assertSellingBranch(tx, input.branchId);
      await assertMonthFree(tx, input, id);
      const [row] = await tx.update(goals).set(values(input)).where(eq(goals.id, id)).returning();
      await recordChange(tx, actor, {
        module: MODULE,
        action: 'editar',
        entityId: id,
        affectedBranchId: row!.branchId,
        before: logged(before),
        after: logged(row!),
      });
      return readGoal(tx, id);
    }),
  );
}

export async function deleteGoal(ctx: AppContext, actor: Actor, id: string): Promise<GoalDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockGoal(tx, actor, id);
    await softDelete(tx, goals, eq(goals.id, id));
    await recordChange(tx, actor, { module: MODULE, action: 'eliminar', entityId: id, affectedBranchId: before.branchId, before: logged(before) });
    return readGoal(tx, id);
  });
}
