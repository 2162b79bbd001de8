import { and, eq, max } from 'drizzle-orm';
import {
  COMMISSION_MESSAGES,
  COMMISSION_TYPE_LABELS,
  monthOfDay,
  type CommissionKind,
  type CosmeticLine,
  type LatestCommissionMonth,
  type ManualLineInput,
  type MedicalLine,
} from '../../../../domain/commissions.contract';
import { dateInZone } from '../../../../domain/dates';
import { toCents } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { appointments, branches, commissions } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { recordChange } from '../../../platform/change-log';
import { AppError } from '../../../platform/errors';
import { isBranchDoctor, isBranchUser, medicalAmounts, staffIsrPercent } from './medical-line';
import { readCosmeticLine, selectMedicalLines, toMedicalLine } from './queries';
import { assertVisible, COMMISSION_MODULE, visibleTo } from './scope';

const refused = (message: string, field = 'userId') => new AppError('VALIDATION_FAILED', message, [{ field, message }]);

async function readMedicalLine(db: DbOrTx, id: string): Promise<MedicalLine> {
  const [row] = await selectMedicalLines(db).where(eq(commissions.id, id)).limit(1);
  return toMedicalLine(row!);
}

/** What the change log keeps of a medical line. */
const logged = (l: MedicalLine) => ({ userId: l.doctor.id, isrPercent: l.isrPercent, isrAmount: l.isrAmount, payable: l.payable });

/**
 * Section 6: moves a medical line to another active doctor of its branch (medic_comission.edit). The ISR is the new
 * doctor's (their staff file today), the commission stays; the appointment's attending doctor follows. The line is
 * locked so two reassignments run one after the other; the change log keeps both doctors.
 */
export async function updateCommissionAgent(ctx: AppContext, actor: Actor, id: string, userId: string): Promise<MedicalLine> {
  return ctx.db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.id, id), live(commissions)))
      .for('update')
      .limit(1);
    if (!line) throw new AppError('NOT_FOUND', COMMISSION_MESSAGES.notFound);
    assertVisible(actor, 'medical', line);
    if (line.kind !== 'medical') throw refused(COMMISSION_MESSAGES.notMedical);
    if (line.reversalOf) throw refused(COMMISSION_MESSAGES.reversal);
    if (!(await isBranchDoctor(tx, userId, line.branchId))) throw refused(COMMISSION_MESSAGES.notDoctor);
    const before = await readMedicalLine(tx, id);
    if (line.userId === userId) return before;
    await tx
      .update(commissions)
      .set({ userId, ...medicalAmounts(line.commission, await staffIsrPercent(tx, userId)) })
      .where(eq(commissions.id, id));
    if (line.appointmentId) await tx.update(appointments).set({ attendedById: userId }).where(eq(appointments.id, line.appointmentId));
    const after = await readMedicalLine(tx, id);
    await recordChange(tx, actor, {
      module: 'medic_comission',
      action: 'cambiar médico',
      entityId: id,
      orderNumber: after.appointmentNumber,
      before: logged(before),
      after: logged(after),
      affectedBranchId: line.branchId,
    });
    return after;
  });
}

/**
 * Records a Uso Cabina or Insumo line by hand (edit on the list's module): no event of the spec writes them. The person
 * is an active doctor of the branch (medical list) or an active user of it (cosmetology list); the day is the branch's
 * today or before. A medical line withholds the doctor's ISR as a fee does; a cosmetology line is paid whole.
 */
export async function recordManualLine(ctx: AppContext, actor: Actor, kind: CommissionKind, input: ManualLineInput): Promise<MedicalLine | CosmeticLine> {
  assertVisible(actor, kind, input);
  return ctx.db.transaction(async (tx) => {
    const [branch] = await tx
      .select({ timeZone: branches.timeZone })
      .from(branches)
      .where(and(eq(branches.id, input.branchId), live(branches)))
      .limit(1);
    if (!branch) throw new AppError('BRANCH_NOT_FOUND');
    const now = new Date();
    if (input.businessDate > dateInZone(branch.timeZone, now)) throw refused(COMMISSION_MESSAGES.futureDay, 'businessDate');
    const fits = kind === 'medical' ? await isBranchDoctor(tx, input.userId, input.branchId) : await isBranchUser(tx, input.userId, input.branchId);
    if (!fits) throw refused(kind === 'medical' ? COMMISSION_MESSAGES.notDoctor : COMMISSION_MESSAGES.notSeller);
    const amount = toCents(input.amount);
    const amounts =
      kind === 'medical'
        ? medicalAmounts(amount, await staffIsrPercent(tx, input.userId))
        : { base: amount, commission: amount, percent: null, isrPercent: null, payable: amount };
    const [line] = await tx
      .insert(commissions)
      .values({ kind, type: input.type, userId: input.userId, branchId: input.branchId, businessDate: input.businessDate, concept: input.concept, ...amounts })
      .returning({ id: commissions.id });
    await recordChange(tx, actor, {
      module: COMMISSION_MODULE[kind],
      action: 'registrar comisión',
      entityId: line!.id,
      after: { type: COMMISSION_TYPE_LABELS[input.type], userId: input.userId, businessDate: input.businessDate, amount: input.amount, concept: input.concept },
      affectedBranchId: input.branchId,
    });
    return kind === 'medical' ? readMedicalLine(tx, line!.id) : readCosmeticLine(tx, line!.id);
  });
}

/** The latest month with lines of the kind that the actor may read (in the branch asked for, if any). */
export async function latestCommissionMonth(ctx: AppContext, actor: Actor, kind: CommissionKind, branchId?: string): Promise<LatestCommissionMonth> {
  const [row] = await ctx.db
    .select({ last: max(commissions.businessDate) })
    .from(commissions)
    .where(and(live(commissions), eq(commissions.kind, kind), visibleTo(actor, kind, branchId)));
  if (!row?.last) return { month: null, startDate: null, endDate: null, lastDate: null };
  return { ...monthOfDay(row.last), lastDate: row.last };
}
