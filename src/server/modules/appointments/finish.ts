import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { finishSchema, purchasedFinishSchema } from '../../../domain/agenda';
import {
  canFinish,
  CONSENT_REQUIRED,
  finishAreasProblem,
  finishSessionsProblem,
  lotShortageProblem,
  medicalFeeOf,
  NOT_FINISHABLE,
  nowIn,
  professionalDepartment,
  purchasedFinishProblem,
  stockSelectionProblem,
  treatmentKind,
  unitsNeeded,
  unitsPerLot,
} from '../../../domain/appointment-rules';
import { bookedSessionsProblem, noLotMessage, productsWithoutLots } from '../../../domain/session-rules';
import { msg } from '../../../domain/validation';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  appointmentProducts,
  appointments,
  branches,
  customers,
  departments,
  jobPositions,
  products,
  productStocks,
  purchasedProducts,
  staffFiles,
  treatmentProducts,
  treatments,
  treatmentTypes,
  users,
} from '../../db/schema';
import { assertBranchAccess, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { bookedSessions } from './booking-reads';
import { purchasedProductDto } from './lookups';
import { areaIdsOfType, storedChanges, treatmentAreaIds } from './queries';
import { branchZone, detailOf, invalid, lockedAppointment, MODULE } from './service';
import { centsOf, pesos } from '../../db/money';
import { live } from '../../db/live';
import { branchToday, takeFromLot, validLot, type Movement } from '../inventory';
import { recordMedicalCommission } from '../sales';
import { appointmentOwner, asCustomerWrite, sameCustomer } from './customer-write';

type FinishInput = z.output<typeof finishSchema>;
type PurchasedFinishInput = z.output<typeof purchasedFinishSchema>;

// Finishing sessions: of an appointment in process, or of a purchased treatment outside one. Both take the
// professional, one area per session and one lot per unit consumed, and advance the purchased treatment.

/** Where sessions are given and what they consume: an appointment, or a purchased treatment finished outside one. */
interface SessionTarget {
  branchId: string;
  customerId: string;
  treatmentTypeId: string;
  treatment: typeof treatments.$inferSelect | null;
  /** Locked for update by the caller. */
  pp: typeof purchasedProducts.$inferSelect | null;
  /** Sessions the appointment was booked with (a finish without purchased treatment gives exactly these). */
  bookedSessions: number;
  consentOnFile: boolean;
  /** The payload field of the lots, for the field errors. */
  stockField: 'treatmentProducts' | 'stockIds';
  /** Sessions of the purchased treatment its other live bookings hold: a finish leaves them for those appointments. */
  heldByBookings: number;
  /** Who finishes and where the units go: the stock movements name them. */
  actor: Actor;
  document: Movement['document'];
}
interface SessionInput {
  attendedById: string;
  sessions: number;
  sessionAreas: string[];
  stockIds: string[];
  consent?: boolean;
}

/** Every supply the treatment consumes needs a lot with stock at the branch: a missing one is named with what to do. */
async function assertSuppliesAtBranch(tx: DbOrTx, branchId: string, needs: { productId: string }[], field: SessionTarget['stockField']) {
  if (!needs.length) return;
  const stocked = await tx
    .selectDistinct({ productId: productStocks.productId })
    .from(productStocks)
    .where(
      and(
        eq(productStocks.branchId, branchId),
        inArray(
          productStocks.productId,
          needs.map((n) => n.productId),
        ),
        gt(productStocks.quantity, 0),
        live(productStocks),
        validLot(await branchToday(tx, branchId)),
      ),
    );
  const missing = productsWithoutLots(needs, stocked);
  if (!missing.length) return;
  const names = await tx
    .select({ name: products.name })
    .from(products)
    .where(
      inArray(
        products.id,
        missing.map((m) => m.productId),
      ),
    )
    .orderBy(asc(products.name));
  const [branch] = await tx.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId)).limit(1);
  const message = noLotMessage(
    names.map((n) => n.name),
    branch?.name ?? '',
  );
  throw new AppError('NO_LOT_AT_BRANCH', message, [{ field, message }]);
}

/**
 * The rules an appointment finish and a purchased-treatment finish share: the professional, the sessions, an area per
 * session, one lot per unit (a lot may repeat while its stock allows), consent. Takes the units from the lots, advances
 * the purchased treatment (finished at its last session) and resets the customer's consecutive cancellations.
 */
async function takeSessions(tx: DbOrTx, target: SessionTarget, input: SessionInput) {
  const today = nowIn(await branchZone(tx, target.branchId)).date;
  const { pp, treatment } = target;
  if (pp) {
    const problem = purchasedFinishProblem(pp.status, pp.expiredAt, today);
    if (problem) throw new AppError('CONFLICT', problem);
  }
  const [type] = await tx.select({ name: treatmentTypes.name }).from(treatmentTypes).where(eq(treatmentTypes.id, target.treatmentTypeId)).limit(1);
  const kind = treatmentKind(type?.name);

  // the professional: active staff of the branch in the Médica / Cosmetológica department
  const wanted = professionalDepartment(kind);
  const [pro] = await tx
    .select({ id: users.id, department: sql<string>`immutable_unaccent(lower(${departments.name}))` })
    .from(users)
    .innerJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)))
    .innerJoin(jobPositions, eq(jobPositions.id, staffFiles.jobPositionId))
    .innerJoin(departments, eq(departments.id, jobPositions.departmentId))
    .where(and(eq(users.id, input.attendedById), eq(users.mainBranchId, target.branchId), eq(users.status, 'activo'), live(users)))
    .limit(1);
  if (!pro || (wanted ? pro.department !== wanted : !['medica', 'cosmetologica'].includes(pro.department))) throw new AppError('PROFESSIONAL_REQUIRED');

  const sessionsProblem = finishSessionsProblem(input.sessions, { remaining: pp ? pp.sessions - pp.currentSession : null, booked: target.bookedSessions });
  if (sessionsProblem) throw invalid('sessions', sessionsProblem);
  const held = pp && target.heldByBookings ? bookedSessionsProblem(pp.sessions - pp.currentSession, target.heldByBookings, input.sessions, true) : null;
  if (held) throw new AppError('PURCHASED_SESSIONS_BOOKED', held, [{ field: 'sessions', message: held }]);
  const own = treatment ? await treatmentAreaIds(tx, treatment.id) : [];
  const areasProblem = finishAreasProblem(input.sessions, input.sessionAreas, own.length ? own : await areaIdsOfType(tx, target.treatmentTypeId));
  if (areasProblem) throw invalid('sessionAreas', areasProblem);

  const needs = treatment
    ? await tx
        .select({ productId: treatmentProducts.productId, quantity: treatmentProducts.quantity })
        .from(treatmentProducts)
        .where(eq(treatmentProducts.treatmentId, treatment.id))
    : [];
  await assertSuppliesAtBranch(tx, target.branchId, needs, target.stockField);
  const lots = input.stockIds.length
    ? await tx
        .select({ id: productStocks.id, productId: productStocks.productId, allotment: productStocks.allotment, stock: productStocks.quantity })
        .from(productStocks)
        .where(and(inArray(productStocks.id, [...new Set(input.stockIds)]), eq(productStocks.branchId, target.branchId), live(productStocks)))
    : [];
  const lotOf = new Map(lots.map((l) => [l.id, l]));
  if (input.stockIds.some((s) => !lotOf.has(s))) throw invalid(target.stockField, 'El lote no pertenece a la sucursal');
  const selection = stockSelectionProblem(
    unitsNeeded(needs, input.sessions),
    input.stockIds.map((s) => lotOf.get(s)!),
  );
  if (selection) throw invalid(target.stockField, selection);
  const shortage = lotShortageProblem(input.stockIds, lots);
  if (shortage) throw new AppError('INSUFFICIENT_INVENTORY', shortage, [{ field: target.stockField, message: shortage }]);

  if (treatment?.consent && !target.consentOnFile && input.consent !== true) throw invalid('consent', CONSENT_REQUIRED);
  const consent = target.consentOnFile || input.consent === true;

  // lot by lot in id order, so two finishes sharing lots lock them in the same order; the inventory's step keeps stock ≥ 0 under races
  for (const [stockId, units] of [...unitsPerLot(input.stockIds)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await takeFromLot(tx, target.actor, stockId, units, { cause: 'appointment', document: target.document });
  }
  if (pp) {
    const current = pp.currentSession + input.sessions;
    await tx
      .update(purchasedProducts)
      .set({ currentSession: current, consent: pp.consent || consent, ...(current >= pp.sessions ? { status: 'finished' } : {}) })
      .where(eq(purchasedProducts.id, pp.id));
  }
  // cancellations count consecutively: an attended session resets them
  await tx
    .update(customers)
    .set({ cancellations: 0 })
    .where(and(eq(customers.id, target.customerId), ne(customers.cancellations, 0)));
  return { kind, consent, lotOf };
}

export async function finishAppointment(ctx: AppContext, actor: Actor, id: string, input: FinishInput) {
  const owner = await appointmentOwner(ctx.db, id);
  return asCustomerWrite(ctx, owner, async (tx) => {
    const row = await lockedAppointment(tx, actor, id);
    sameCustomer(owner, row.customerId);
    if (!canFinish(row.status)) throw new AppError('CONFLICT', NOT_FINISHABLE);
    const [treatment] = row.treatmentId ? await tx.select().from(treatments).where(eq(treatments.id, row.treatmentId)).limit(1) : [];
    const [pp] = row.purchasedProductId
      ? await tx.select().from(purchasedProducts).where(eq(purchasedProducts.id, row.purchasedProductId)).for('update').limit(1)
      : [];
    const stockIds = input.treatmentProducts.length ? input.treatmentProducts : (input.stockIds ?? []);
    const taken = await takeSessions(
      tx,
      {
        branchId: row.branchId,
        customerId: row.customerId,
        treatmentTypeId: row.treatmentTypeId,
        treatment: treatment ?? null,
        pp: pp ?? null,
        bookedSessions: row.sessions,
        consentOnFile: row.consent || Boolean(pp?.consent),
        stockField: 'treatmentProducts',
        heldByBookings: pp ? await bookedSessions(tx, pp.id, pp.customerId, row.id) : 0,
        actor,
        document: { type: 'appointment', id, number: row.appointmentNumber },
      },
      { ...input, stockIds },
    );
    if (stockIds.length) {
      await tx
        .insert(appointmentProducts)
        .values(stockIds.map((stockId) => ({ appointmentId: id, stockId, productId: taken.lotOf.get(stockId)!.productId, quantity: 1 })));
    }
    const [after] = await tx
      .update(appointments)
      .set({
        status: 'finished',
        attendedById: input.attendedById,
        sessions: input.sessions,
        sessionAreas: input.sessionAreas,
        consent: taken.consent,
        medicalFee: centsOf(medicalFeeOf(taken.kind, treatment ? pesos(treatment.medicalFee) : null, input.sessions)),
        finishedAt: new Date(),
      })
      .where(eq(appointments.id, id))
      .returning();
    await recordMedicalCommission(tx, {
      appointmentId: id,
      branchId: row.branchId,
      customerId: row.customerId,
      doctorId: input.attendedById,
      medicalFee: after.medicalFee,
      finishedAt: after.finishedAt!,
    });
    const changes = storedChanges(row, after);
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'terminar',
      entityId: id,
      orderNumber: row.appointmentNumber,
      before: changes.before,
      after: { ...changes.after, stockIds },
      affectedBranchId: row.branchId,
    });
    return detailOf(tx, id);
  });
}

/** PUT /purchased-product/:id/finish: sessions of a purchased treatment given outside an appointment, at the caller's (or the given) branch. */
export async function finishPurchasedProduct(ctx: AppContext, actor: Actor, id: string, input: PurchasedFinishInput) {
  const [owner] = await ctx.db.select({ customerId: purchasedProducts.customerId }).from(purchasedProducts).where(eq(purchasedProducts.id, id)).limit(1);
  return asCustomerWrite(ctx, owner?.customerId, async (tx) => {
    const [pp] = await tx
      .select()
      .from(purchasedProducts)
      .where(and(eq(purchasedProducts.id, id), live(purchasedProducts)))
      .for('update')
      .limit(1);
    if (!pp) throw new AppError('NOT_FOUND', 'Tratamiento adquirido no encontrado');
    sameCustomer(owner?.customerId, pp.customerId);
    const branchId = input.branchId ?? actor.branchId;
    if (!branchId) throw invalid('branchId', msg.required('sucursal'));
    assertBranchAccess(actor, branchId);
    const [treatment] = await tx.select().from(treatments).where(eq(treatments.id, pp.treatmentId)).limit(1);
    const taken = await takeSessions(
      tx,
      {
        branchId,
        customerId: pp.customerId,
        treatmentTypeId: treatment.treatmentTypeId,
        treatment,
        pp,
        bookedSessions: input.sessions,
        consentOnFile: pp.consent,
        stockField: 'stockIds',
        heldByBookings: await bookedSessions(tx, pp.id, pp.customerId, null),
        actor,
        document: { type: 'purchased_product', id },
      },
      input,
    );
    const after = await purchasedProductDto(tx, id);
    await recordChange(tx, actor, {
      module: 'dairy',
      action: 'terminar sesiones',
      entityId: id,
      before: { currentSession: pp.currentSession, status: pp.status, consent: pp.consent },
      after: {
        currentSession: after.currentSession,
        status: after.status,
        consent: taken.consent,
        sessions: input.sessions,
        sessionAreas: input.sessionAreas,
        stockIds: input.stockIds,
        attendedById: input.attendedById,
      },
      affectedBranchId: branchId,
    });
    return after;
  });
}
