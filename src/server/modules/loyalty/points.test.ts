import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { changeLog, customers, pointLedger } from '../../db/schema';
import { useTestApp } from '../../testing/harness';

const { t, admin, logistica } = useTestApp({ admin: 'admin@demo.mx', logistica: 'logistica@demo.mx' });
let customerId: string;
beforeAll(async () => {
  const [c] = await t.ctx.db
    .insert(customers)
    .values({ name: 'Puntosa', lastName: 'Ledger', gender: 'Femenino', birthday: '1990-01-01', mobilePhone: '6649111222' })
    .returning();
  customerId = c.id;
});

const adjust = (payload: Record<string, unknown>, as = admin) => as({ method: 'POST', url: `/v1/customer/${customerId}/points/adjust`, payload });
const balance = async () => (await t.ctx.db.select({ points: customers.points }).from(customers).where(eq(customers.id, customerId)))[0].points;

describe('points ledger', () => {
  it('adds and subtracts through ledger rows whose sum is the balance, with who and why', async () => {
    expect((await adjust({ points: 120, reason: 'Puntos de bienvenida' })).statusCode).toBe(201);
    const minus = await adjust({ points: -20, reason: 'Corrección de captura' });
    expect(minus.statusCode).toBe(201);
    expect(minus.json()).toMatchObject({ movement: 'adjusted', points: -20, balanceAfter: 100, reason: 'Corrección de captura' });
    expect(await balance()).toBe(100);
    const history = await admin({ method: 'GET', url: `/v1/customer/${customerId}/points` });
    expect(history.statusCode).toBe(200);
    const body = history.json();
    expect(body.balance).toBe(100);
    expect(body.items.map((m: { points: number; balanceAfter: number }) => [m.points, m.balanceAfter])).toEqual([
      [-20, 100],
      [120, 120],
    ]);
    expect(body.items[0].user.name).toBeTruthy();
    const logged = await t.ctx.db.select().from(changeLog).where(eq(changeLog.entityId, customerId));
    expect(logged.map((l) => l.action)).toContain('puntos: adjusted');
  });

  it('refuses a balance below zero and leaves nothing written', async () => {
    const rowsBefore = (await t.ctx.db.select().from(pointLedger).where(eq(pointLedger.customerId, customerId))).length;
    const res = await adjust({ points: -101, reason: 'Canje sin saldo' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('POINTS_BALANCE_NEGATIVE');
    expect(res.json().message).toContain('no puede quedar negativo');
    expect(await balance()).toBe(100);
    expect((await t.ctx.db.select().from(pointLedger).where(eq(pointLedger.customerId, customerId))).length).toBe(rowsBefore);
  });

  it('validates the adjustment: whole, non-zero, bounded points and a reason', async () => {
    const field = async (payload: Record<string, unknown>) => (await adjust(payload)).json().errors?.[0];
    expect(await field({ points: 0, reason: 'x' })).toEqual({ field: 'points', message: 'Los puntos deben ser distintos de cero' });
    expect(await field({ points: 1.5, reason: 'x' })).toEqual({ field: 'points', message: 'Los puntos deben ser un número entero' });
    expect(await field({ points: 100_001, reason: 'x' })).toMatchObject({ field: 'points' });
    expect(await field({ points: 5 })).toEqual({ field: 'reason', message: 'El campo motivo es requerido' });
    expect(await field({ points: 5, reason: 'x'.repeat(201) })).toEqual({ field: 'reason', message: 'El campo motivo debe tener como máximo 200 caracteres' });
  });

  it('adds up two adjustments sent at once', async () => {
    const before = await balance();
    const answers = await Promise.all([adjust({ points: 7, reason: 'a la vez 1' }), adjust({ points: 5, reason: 'a la vez 2' })]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(await balance()).toBe(before + 12);
  });

  it('is refused to a role without the clients and loyalty modules', async () => {
    expect((await adjust({ points: 5, reason: 'sin permiso' }, logistica)).statusCode).toBe(403);
    expect((await logistica({ method: 'GET', url: `/v1/customer/${customerId}/points` })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: `/v1/customer/00000000-0000-4000-8000-000000000000/points` })).statusCode).toBe(404);
  });
});
