import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { DEMO_BRANCHES } from '../../db/demo/data';
import { OPENING_FLOAT_MESSAGES } from '../../../domain/settings.schemas';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const SETTING = demoId('settings');
const CEDIS = demoId('branch:cedis');
const CLINICS = DEMO_BRANCHES.filter((b) => !b.distributionCenter).map((b) => demoId('branch:' + b.key));
const url = `/v1/setting/${SETTING}/update`;

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
const rates = (value: (i: number) => unknown) => Object.fromEntries(CLINICS.map((id, i) => [id, value(i)]));
const current = async () => (await admin({ method: 'GET', url: '/v1/setting' })).json();

describe('GET /v1/setting', () => {
  it('returns the exchange rate of every clinic and the payment process type', async () => {
    const res = await admin({ method: 'GET', url: '/v1/setting' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(SETTING);
    expect(body.paymentProcessType).toMatch(/^(terminal|gateway)$/);
    expect(Object.keys(body.exchangeRate).sort()).toEqual([...CLINICS].sort());
    for (const v of Object.values(body.exchangeRate)) expect(typeof v).toBe('number');
  });

  it('is readable by a branch manager and a franchisee, not by a medic', async () => {
    for (const user of ['gerente@demo.mx', 'franquicia@demo.mx', 'cosmetologa@demo.mx']) {
      const res = await t.as((await t.signIn(user)).token)({ method: 'GET', url: '/v1/setting' });
      expect(res.statusCode, user).toBe(200);
    }
    const medic = await t.as((await t.signIn('medico@demo.mx')).token)({ method: 'GET', url: '/v1/setting' });
    expect(medic.statusCode).toBe(403);
    expect(medic.json().code).toBe('FORBIDDEN');
  });
});

describe('PUT /v1/setting/{id}/update', () => {
  it('stores the rate of every active clinic and logs before and after', async () => {
    const logs = await countRows(t, 'change_log');
    const before = await current();
    const res = await admin({ method: 'PUT', url, payload: { exchangeRate: rates((i) => 18 + i / 10), paymentProcessType: 'gateway' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().exchangeRate[CLINICS[2]]).toBe(18.2);
    expect(res.json().paymentProcessType).toBe('gateway');
    const after = await current();
    expect(after.exchangeRate).toEqual(rates((i) => 18 + i / 10));
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const [log] = await rows<{
      module: string;
      action: string;
      user_id: string;
      before: { exchangeRate: Record<string, number> };
      after: { paymentProcessType: string };
    }>(sql`select module, action, user_id, before, after from change_log where entity_id = ${SETTING} order by created_at desc limit 1`);
    expect(log).toMatchObject({ module: 'setting', action: 'editar', user_id: demoId('user:admin@demo.mx'), after: { paymentProcessType: 'gateway' } });
    expect(log.before.exchangeRate).toEqual(before.exchangeRate);
  });

  it('accepts numeric text from the form and a rate just above zero', async () => {
    const res = await admin({ method: 'POST', url, payload: { exchangeRate: rates((i) => (i === 0 ? 0.01 : '17.5')), paymentProcessType: 'terminal' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().exchangeRate[CLINICS[0]]).toBe(0.01);
    expect(res.json().exchangeRate[CLINICS[1]]).toBe(17.5);
  });

  it('refuses a missing clinic rate with "Debe ingresar un tipo de cambio" and changes nothing', async () => {
    const before = await current();
    const logs = await countRows(t, 'change_log');
    const partial = rates(() => 19);
    delete partial[CLINICS[3]];
    const res = await admin({ method: 'PUT', url, payload: { exchangeRate: partial, paymentProcessType: 'terminal' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe ingresar un tipo de cambio');
    expect(res.json().errors[0]).toEqual({ field: `exchangeRate.${CLINICS[3]}`, message: 'Debe ingresar un tipo de cambio' });
    expect(await current()).toEqual(before);
    expect(await countRows(t, 'change_log')).toBe(logs);
  });

  it('refuses empty or non-numeric rates with the same message', async () => {
    for (const bad of ['', 'abc', null]) {
      const res = await admin({ method: 'PUT', url, payload: { exchangeRate: rates((i) => (i === 1 ? bad : 17)), paymentProcessType: 'terminal' } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe('Debe ingresar un tipo de cambio');
    }
  });

  it('refuses a negative or zero rate with "Debe ser mayor a 0"', async () => {
    const before = await current();
    for (const bad of [-1, 0, '0']) {
      const res = await admin({ method: 'PUT', url, payload: { exchangeRate: rates((i) => (i === 2 ? bad : 17)), paymentProcessType: 'terminal' } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe('Debe ser mayor a 0');
      expect(res.json().errors[0].field).toBe(`exchangeRate.${CLINICS[2]}`);
    }
    expect(await current()).toEqual(before);
  });

  it('does not need the distribution center and requires a payment process type', async () => {
    const ok = await admin({ method: 'PUT', url, payload: { exchangeRate: rates(() => 17.4), paymentProcessType: 'terminal' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().exchangeRate[CEDIS]).toBeUndefined();
    const noType = await admin({ method: 'PUT', url, payload: { exchangeRate: rates(() => 17.4) } });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors[0]).toMatchObject({ field: 'paymentProcessType', message: 'El campo tipo de proceso de pago es requerido' });
  });

  it('answers 404 for another id', async () => {
    const res = await admin({
      method: 'PUT',
      url: `/v1/setting/${demoId('settings:other')}/update`,
      payload: { exchangeRate: rates(() => 17), paymentProcessType: 'terminal' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SETTING_NOT_FOUND');
  });

  it('is refused to a branch manager (show only) and a medic', async () => {
    const before = await current();
    for (const user of ['gerente@demo.mx', 'medico@demo.mx']) {
      const res = await t.as((await t.signIn(user)).token)({ method: 'PUT', url, payload: { exchangeRate: rates(() => 1), paymentProcessType: 'gateway' } });
      expect(res.statusCode, user).toBe(403);
    }
    expect(await current()).toEqual(before);
  });

  it('is allowed to the operations manager', async () => {
    const operativo = t.as((await t.signIn('operativo@demo.mx')).token);
    const res = await operativo({ method: 'PUT', url, payload: { exchangeRate: rates(() => 17.9), paymentProcessType: 'terminal' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().exchangeRate[CLINICS[0]]).toBe(17.9);
  });

  it('does not ask for the rate of an inactive clinic and keeps its last value', async () => {
    const ensenada = demoId('branch:ensenada');
    const kept = (await current()).exchangeRate[ensenada];
    await t.ctx.db.execute(sql`update branches set active = false where id = ${ensenada}`);
    try {
      const partial = rates(() => 18.1);
      delete partial[ensenada];
      const res = await admin({ method: 'PUT', url, payload: { exchangeRate: partial, paymentProcessType: 'terminal' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().exchangeRate[ensenada]).toBe(kept);
      expect(res.json().exchangeRate[CLINICS[0]]).toBe(18.1);
    } finally {
      await t.ctx.db.execute(sql`update branches set active = true where id = ${ensenada}`);
    }
  });
});

describe('the opening float of each clinic', () => {
  const TIJUANA = demoId('branch:tijuana');
  const put = (payload: Record<string, unknown>) =>
    admin({ method: 'PUT', url, payload: { exchangeRate: rates(() => 17.5), paymentProcessType: 'terminal', ...payload } });

  it('answers a float for every clinic, none for the distribution centre', async () => {
    const floats = (await current()).openingFloat;
    expect(Object.keys(floats).sort()).toEqual([...CLINICS].sort());
    expect(floats[CEDIS]).toBeUndefined();
    for (const v of Object.values(floats)) expect(v).toBeGreaterThanOrEqual(0);
  });

  it("sets one clinic's float to the cent, keeps the others, and keeps them all when none is sent", async () => {
    const before = (await current()).openingFloat;
    const res = await put({ openingFloat: { [TIJUANA]: 2500.55 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().openingFloat).toEqual({ ...before, [TIJUANA]: 2500.55 });
    expect((await put({})).json().openingFloat[TIJUANA]).toBe(2500.55);
    const [log] = await rows<{ after: { openingFloat: Record<string, number> } }>(
      sql`select after from change_log where entity_id = ${SETTING} order by created_at desc limit 1`,
    );
    expect(log!.after.openingFloat[TIJUANA]).toBe(2500.55);
    expect((await put({ openingFloat: { [TIJUANA]: 0 } })).json().openingFloat[TIJUANA]).toBe(0);
  });

  it('refuses a negative float, one of more than a million, thirds of a cent and text', async () => {
    const cases: [unknown, string][] = [
      [-1, OPENING_FLOAT_MESSAGES.range],
      [1_000_000.01, OPENING_FLOAT_MESSAGES.range],
      [10.005, OPENING_FLOAT_MESSAGES.decimals],
      ['mil', OPENING_FLOAT_MESSAGES.required],
    ];
    for (const [value, message] of cases) {
      const res = await put({ openingFloat: { [TIJUANA]: value } });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().errors).toEqual([{ field: `openingFloat.${TIJUANA}`, message }]);
    }
  });
});
