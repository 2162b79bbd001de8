import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../domain/inventory';
import type { DbOrTx } from '../../db/client';
import { demoId } from '../../db/demo/random';
import { actorOfUsername } from '../auth';
import { useTestApp } from '../../testing/harness';
import { AppError } from '../../platform/app-error';
import { applyMovements, ledgerMismatches, putIntoLot, returnToLot, takeFromLot, type BatchMovement, type LotIdentity } from './steps';

const { t } = useTestApp({});

const TIJUANA = demoId('branch:tijuana');
const ROLLBACK = new Error('rollback');

const rows = async <T = Record<string, unknown>>(tx: DbOrTx, q: SQL): Promise<T[]> => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;

/** Runs `work` in a transaction that is always rolled back, answering what it read before. */
async function inRolledBack<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  try {
    await t.ctx.db.transaction(async (tx) => {
      out = await work(tx);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  return out!;
}

/** The touched lots and the movements written after `fromSeq`, without the ids and instants each run picks. */
async function stateAfter(tx: DbOrTx, fromSeq: number) {
  const movements = await rows(
    tx,
    sql`select s.product_id, s.branch_id, s.allotment, m.quantity, m.balance, m.cause, m.document_type, m.document_id, m.document_number, m.note, m.user_id
        from stock_movements m join product_stocks s on s.id = m.stock_id where m.seq > ${fromSeq} order by m.seq`,
  );
  const lots = await rows(
    tx,
    sql`select s.product_id, s.branch_id, s.allotment, s.quantity, s.expires_at::text, s.price::text from product_stocks s
        where s.id in (select stock_id from stock_movements where seq > ${fromSeq}) order by s.product_id, s.allotment`,
  );
  return { movements, lots, mismatches: await ledgerMismatches(tx) };
}

async function lastSeq(tx: DbOrTx) {
  const [r] = await rows<{ n: string }>(tx, sql`select coalesce(max(seq), 0) n from stock_movements`);
  return Number(r!.n);
}

async function tijuanaLot(tx: DbOrTx) {
  const [lot] = await rows<{ id: string; product_id: string; quantity: number }>(
    tx,
    sql`select id, product_id, quantity from product_stocks where branch_id = ${TIJUANA} and quantity >= 5 and deleted_at is null
        and (expires_at is null or expires_at > current_date + 90) order by id limit 1`,
  );
  return lot!;
}

describe('applyMovements: the steps in batches', () => {
  it('leaves the same lots and writes the same movements as the steps one by one', async () => {
    const actor = await actorOfUsername(t.ctx.db, 'admin@demo.mx');
    const document = { type: 'adjustment' as const, id: demoId('batch-test'), number: 'DOC-1' };
    const plan = (lotA: string, product: string) => {
      const fresh: LotIdentity = { productId: product, branchId: TIJUANA, allotment: 'BATCH-TEST-1', expiresAt: addDays('2026-01-01', 900), price: null };
      return { fresh, lotA };
    };
    const oneByOne = await inRolledBack(async (tx) => {
      const from = await lastSeq(tx);
      const a = await tijuanaLot(tx);
      const { fresh } = plan(a.id, a.product_id);
      const created = await putIntoLot(tx, actor, fresh, 10, { cause: 'adjustment_registration', document, note: 'alta' });
      await takeFromLot(tx, actor, a.id, 3, { cause: 'sale_order', document });
      await putIntoLot(tx, actor, fresh, 5, { cause: 'adjustment_registration', document });
      await returnToLot(tx, actor, a.id, 2, { cause: 'sale_order_returned', document });
      await takeFromLot(tx, actor, a.id, 1, { cause: 'appointment', document });
      await takeFromLot(tx, actor, created.id, 4, { cause: 'adjustment_drop', document, note: 'baja' });
      await takeFromLot(tx, actor, created.id, 11, { cause: 'adjustment_drop', document });
      return stateAfter(tx, from);
    });
    const batched = await inRolledBack(async (tx) => {
      const from = await lastSeq(tx);
      const a = await tijuanaLot(tx);
      const { fresh } = plan(a.id, a.product_id);
      const first: BatchMovement[] = [
        { lot: fresh, quantity: 10, cause: 'adjustment_registration', document, note: 'alta' },
        { stockId: a.id, quantity: -3, cause: 'sale_order', document },
        { lot: fresh, quantity: 5, cause: 'adjustment_registration', document },
        { stockId: a.id, quantity: 2, cause: 'sale_order_returned', document },
        { stockId: a.id, quantity: -1, cause: 'appointment', document },
      ];
      const ids = await applyMovements(tx, actor, first);
      expect(ids[0]).toBe(ids[2]);
      expect(ids[1]).toBe(a.id);
      await applyMovements(tx, actor, [
        { stockId: ids[0], quantity: -4, cause: 'adjustment_drop', document, note: 'baja' },
        { stockId: ids[0], quantity: -11, cause: 'adjustment_drop', document },
      ]);
      return stateAfter(tx, from);
    });
    expect(oneByOne.movements.length).toBe(7);
    expect(batched).toEqual(oneByOne);
    expect(batched.mismatches).toEqual([]);
  });

  it('refuses a batch that would leave a lot below 0, an expired lot and a deleted one, and writes nothing', async () => {
    const refusal = (work: (tx: DbOrTx) => Promise<unknown>) =>
      inRolledBack(async (tx) => {
        const from = await lastSeq(tx);
        const err = await work(tx).then(
          () => null,
          (e: unknown) => e,
        );
        const [n] = await rows<{ n: number }>(tx, sql`select count(*)::int n from stock_movements where seq > ${from}`);
        return { code: err instanceof AppError ? err.code : String(err), written: n!.n };
      });
    const short = await refusal(async (tx) => {
      const a = await tijuanaLot(tx);
      // the sum alone would be fine (+5 − (q+1) … ) but the running balance goes below 0 first
      await applyMovements(tx, null, [
        { stockId: a.id, quantity: -(a.quantity + 1), cause: 'sale_order' },
        { stockId: a.id, quantity: 5, cause: 'sale_order_returned' },
      ]);
    });
    expect(short.code).toBe('INSUFFICIENT_INVENTORY');
    expect(short.written).toBe(0);

    const expired = await refusal(async (tx) => {
      const a = await tijuanaLot(tx);
      await tx.execute(sql`update product_stocks set expires_at = current_date - 3 where id = ${a.id}`);
      // a way out of an expired lot passes; another cause does not
      await applyMovements(tx, null, [{ stockId: a.id, quantity: -1, cause: 'expiry_write_off' }]);
      await applyMovements(tx, null, [{ stockId: a.id, quantity: -1, cause: 'appointment' }]);
    });
    expect(expired.code).toBe('LOT_EXPIRED');

    const onItsDay = await refusal(async (tx) => {
      const a = await tijuanaLot(tx);
      await tx.execute(sql`update product_stocks set expires_at = current_date - 3 where id = ${a.id}`);
      // judged on the movement's day: before the lot expired it could be used
      await applyMovements(tx, null, [{ stockId: a.id, quantity: -1, cause: 'appointment', at: new Date(Date.now() - 20 * 86_400_000) }]);
      return 'ok';
    });
    expect(onItsDay.code).toBe('null');
    expect(onItsDay.written).toBe(1);

    const deleted = await refusal(async (tx) => {
      const a = await tijuanaLot(tx);
      await tx.execute(sql`update product_stocks set deleted_at = now() where id = ${a.id}`);
      await applyMovements(tx, null, [{ stockId: a.id, quantity: -1, cause: 'appointment' }]);
    });
    expect(deleted.code).toBe('STOCK_NOT_FOUND');

    const bad = await refusal((tx) => applyMovements(tx, null, [{ stockId: demoId('x'), quantity: 1.5, cause: 'appointment' }]));
    expect(bad.code).toBe('BAD_REQUEST');
  });
});
