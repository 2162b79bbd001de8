import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../../../domain/dates';
import { addDays } from '../../../../domain/loyalty';
import type { AppContext } from '../../../context';
import { demoId } from '../../../db/demo/random';
import type { Mail } from '../../../platform/mail';
import { queryRows, useTestApp } from '../../../testing/harness';
import { deliverDueReports } from './delivery';

const { t, admin, gerente, medico, operativo } = useTestApp({
  admin: 'admin@demo.mx',
  gerente: 'gerente@demo.mx',
  medico: 'medico@demo.mx',
  operativo: 'operativo@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const ZONE = 'America/Tijuana';
const URL = '/v1/report-subscription';

type Sub = {
  id: string;
  report: string;
  filters: Record<string, string>;
  filtersSummary: string;
  timeZone: string;
  owner: { id: string };
  recipients: string[];
  active: boolean;
  lastDelivery: { status: string; result: string; tries: number; period: { from: string; to: string } } | null;
};
type Caller = typeof admin;

const create = async (who: Caller, body: Record<string, unknown>) => who({ method: 'POST', url: `${URL}/create`, payload: body });
const created = async (who: Caller, body: Record<string, unknown>): Promise<Sub> => {
  const res = await create(who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Sub>();
};
const list = async (who: Caller, query = 'take=all') => {
  const res = await who({ method: 'GET', url: `${URL}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Sub[]; meta: { itemCount: number } }>();
};

/** Only this subscription is due: the others of the file are paused, and its schedule starts at `since` (an hour before the test's clock). */
async function onlyDue(id: string, since: Date) {
  await queryRows(t, sql`update report_subscriptions set active = (id = ${id}), schedule_from = ${since.toISOString()} where deleted_at is null`);
}

/** The last whole month before the demo's day (closed days with sales), and the 1st of the month after it. */
async function closedMonth(): Promise<{ month: string; from: string; to: string; next: string }> {
  const [row] = await queryRows<{ month: string }>(
    t,
    sql`select to_char(max(business_date) - interval '1 month', 'YYYY-MM') as month from daily_cash_closings`,
  );
  const from = `${row!.month}-01`;
  const next = `${addDays(from, 32).slice(0, 7)}-01`;
  return { month: row!.month, from, to: addDays(next, -1), next };
}

const xlsxOf = (mail: Mail) => mail.attachments?.find((a) => a.filename.endsWith('.xlsx'));
const cellNumber = (v: ExcelJS.CellValue) => (v && typeof v === 'object' && 'result' in v ? Number(v.result) : Number(v));

describe('/v1/report-subscription: validation', () => {
  it('answers 400 with each field and a Spanish message', async () => {
    const res = await create(admin, { report: 'no-existe', frequency: 'yearly', hour: 24, recipients: ['no-es-correo', 'a@b.mx'] });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: { field: string; message: string }[] }>().errors;
    const byField = Object.fromEntries(errors.map((e) => [e.field, e.message]));
    expect(byField.report).toBe('El campo reporte no es válido');
    expect(byField.frequency).toBe('El campo frecuencia no es válido');
    expect(byField.hour).toBe('La hora debe estar entre 0 y 23');
    expect(byField['recipients.0']).toBe('El campo destinatario debe ser un correo electrónico válido');
    const repeated = await create(admin, { report: 'customers', frequency: 'daily', hour: 7, recipients: ['a@b.mx', 'A@B.mx'] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().errors).toEqual([{ field: 'recipients.1', message: 'El destinatario está repetido' }]);
    const missing = await create(admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { field: string; message: string }[] }>().errors).toEqual(
      expect.arrayContaining([
        { field: 'report', message: 'El campo reporte es requerido' },
        { field: 'frequency', message: 'El campo frecuencia es requerido' },
        { field: 'hour', message: 'El campo hora es requerido' },
      ]),
    );
    const badBranch = await create(admin, { report: 'daily-sales', frequency: 'daily', hour: 7, filters: { branchId: 'x' } });
    expect(badBranch.statusCode).toBe(400);
    expect(badBranch.json().errors[0]).toMatchObject({ field: 'filters.branchId' });
  });

  it('answers 404 for an unknown subscription or branch', async () => {
    const missing = demoId('branch:no-such');
    expect((await admin({ method: 'GET', url: `${URL}/${missing}` })).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `${URL}/${missing}/update`, payload: { report: 'daily-sales', frequency: 'daily', hour: 7 } })).statusCode).toBe(
      404,
    );
    const res = await create(admin, { report: 'daily-sales', frequency: 'daily', hour: 7, filters: { branchId: missing } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'BRANCH_NOT_FOUND' });
  });
});

describe('/v1/report-subscription: privileges', () => {
  it("a branch-bound manager subscribes only to their branch's reports, filled in when none is given", async () => {
    expect((await create(gerente, { report: 'daily-sales', frequency: 'daily', hour: 7, filters: { branchId: MEXICALI } })).statusCode).toBe(403);
    const own = await created(gerente, { report: 'daily-sales', frequency: 'weekly', hour: 7, filters: { basis: 'sale', userId: TIJUANA } });
    // the branch is theirs; a filter the report does not take (userId) is not kept
    expect(own.filters).toEqual({ branchId: TIJUANA, basis: 'sale' });
    expect(own.filtersSummary).toBe('Sucursal: Tijuana · Base de venta');
    expect(own.timeZone).toBe(ZONE);
  });

  it('a medic subscribes only to their own fees', async () => {
    expect((await create(medico, { report: 'daily-sales', frequency: 'daily', hour: 7 })).statusCode).toBe(403);
    const [other] = await queryRows<{ id: string }>(t, sql`select id from users where username = 'cosmetologa@demo.mx'`);
    expect((await create(medico, { report: 'individual-medical-fees', frequency: 'monthly', hour: 6, filters: { userId: other!.id } })).statusCode).toBe(403);
    const own = await created(medico, { report: 'individual-medical-fees', frequency: 'monthly', hour: 6 });
    expect(own.report).toBe('individual-medical-fees');
  });

  it('each user sees and edits only their own; a Super Administrador sees everyone’s', async () => {
    const mine = await created(operativo, { report: 'customers', frequency: 'daily', hour: 9, recipients: ['direccion@clinica.mx'] });
    const theirs = (await list(gerente)).items;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((s) => s.owner.id !== mine.owner.id)).toBe(true);
    expect((await gerente({ method: 'GET', url: `${URL}/${mine.id}` })).statusCode).toBe(403);
    const body = { report: 'customers', frequency: 'daily', hour: 10 };
    expect((await gerente({ method: 'PUT', url: `${URL}/${mine.id}/update`, payload: body })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `${URL}/${mine.id}/delete` })).statusCode).toBe(403);
    const all = await list(admin);
    expect(all.items.map((s) => s.id)).toContain(mine.id);
    // the Super Administrador pauses it; the owner sees it paused
    const paused = await admin({ method: 'PUT', url: `${URL}/${mine.id}/update`, payload: { ...body, recipients: mine.recipients, active: false } });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await operativo({ method: 'GET', url: `${URL}/${mine.id}` })).json()).toMatchObject({ active: false, hour: 10 });
    expect((await list(operativo, 'active=1')).items.map((s) => s.id)).not.toContain(mine.id);
    expect((await operativo({ method: 'DELETE', url: `${URL}/${mine.id}/delete` })).statusCode).toBe(200);
    expect((await operativo({ method: 'GET', url: `${URL}/${mine.id}` })).statusCode).toBe(404);
  });

  it('needs a report privilege at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });
});

describe('the delivery job', () => {
  it('mails a due subscription once, with an .xlsx whose totals are the report’s API answer', async () => {
    const { from, to, next } = await closedMonth();
    const sub = await created(gerente, { report: 'daily-cash-closing', frequency: 'monthly', hour: 7, recipients: ['contabilidad@clinica.mx'] });
    await onlyDue(sub.id, zonedInstant(ZONE, next, 6 * 60));
    const before = t.outbox.length;
    // 06:59 on the 1st, Tijuana: not yet due
    expect(await deliverDueReports(t.ctx, zonedInstant(ZONE, next, 6 * 60 + 59))).toEqual({ sent: 0, failed: 0 });
    const now = zonedInstant(ZONE, next, 7 * 60 + 3);
    expect(await deliverDueReports(t.ctx, now)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueReports(t.ctx, new Date(now.getTime() + 10 * 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(t.outbox).toHaveLength(before + 1);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe('gerente@demo.mx, contabilidad@clinica.mx');
    const period = `${from.split('-').reverse().join('/')} al ${to.split('-').reverse().join('/')}`;
    expect(mail.subject).toBe(`Cortes de caja diarios · ${period}`);
    expect(mail.text).toContain(`Periodo: ${period}`);
    expect(mail.text).toContain('Sucursal: Tijuana');
    const file = xlsxOf(mail)!;
    expect(file.filename).toBe(`daily-cash-closing_${from}_${to}.xlsx`);

    const api = await gerente({ method: 'GET', url: `/v1/report/daily-cash-closing?startDate=${from}&endDate=${to}` });
    const answer = api.json<{ columns: { key: string; sums?: boolean }[]; rows: unknown[]; totals: Record<string, number | null> }>();
    expect(answer.rows.length).toBeGreaterThan(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.content as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Cortes de caja diarios');
    let totalsRow: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(1).value === 'Total') totalsRow = row;
    });
    expect(totalsRow).toBeDefined();
    const summed = answer.columns.filter((c) => c.sums);
    expect(summed.map((c) => c.key)).toContain('total');
    for (const c of summed) {
      const i = answer.columns.findIndex((x) => x.key === c.key) + 1;
      expect(cellNumber(totalsRow!.getCell(i).value), c.key).toBeCloseTo(answer.totals[c.key]!, 2);
    }

    const [listed] = (await list(gerente, 'take=all')).items.filter((s) => s.id === sub.id);
    expect(listed!.lastDelivery).toMatchObject({ status: 'sent', result: 'Enviado', tries: 1, period: { from, to } });
  });

  it('sends once when several runners run at the same time', async () => {
    const { next } = await closedMonth();
    const sub = await created(admin, { report: 'general-medical-fees', frequency: 'daily', hour: 5, filters: { branchId: TIJUANA } });
    await onlyDue(sub.id, zonedInstant(ZONE, next, 4 * 60));
    const before = t.outbox.length;
    const now = zonedInstant(ZONE, next, 5 * 60 + 1);
    const runs = await Promise.all([deliverDueReports(t.ctx, now), deliverDueReports(t.ctx, now), deliverDueReports(t.ctx, now)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(t.outbox).toHaveLength(before + 1);
    expect(t.outbox.at(-1)!.subject).toContain('Honorarios médicos generales');
    const [row] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from report_deliveries where subscription_id = ${sub.id}`);
    expect(row!.n).toBe(1);
  });

  it('retries a failed send after its wait, up to three tries, and shows the error in the list', async () => {
    const { next } = await closedMonth();
    const sub = await created(admin, { report: 'customers', frequency: 'daily', hour: 8 });
    const failing: AppContext = { ...t.ctx, mailer: { send: () => Promise.reject(new Error('SMTP caído')) } };
    const at = (minutes: number) => zonedInstant(ZONE, next, 8 * 60 + minutes);
    await onlyDue(sub.id, at(-60));
    const lastOf = async () => (await list(admin)).items.find((s) => s.id === sub.id)!.lastDelivery;

    expect(await deliverDueReports(failing, at(1))).toEqual({ sent: 0, failed: 1 });
    expect(await lastOf()).toMatchObject({ status: 'failed', tries: 1, result: 'Error: no se pudo enviar el correo (SMTP caído)' });
    // not before its wait of 5 minutes
    expect(await deliverDueReports(failing, at(4))).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueReports(failing, at(7))).toEqual({ sent: 0, failed: 1 });
    expect(await lastOf()).toMatchObject({ status: 'failed', tries: 2 });
    // then 30 minutes; the third try goes through
    expect(await deliverDueReports(t.ctx, at(30))).toEqual({ sent: 0, failed: 0 });
    const before = t.outbox.length;
    expect(await deliverDueReports(t.ctx, at(38))).toEqual({ sent: 1, failed: 0 });
    expect(t.outbox).toHaveLength(before + 1);
    expect(await lastOf()).toMatchObject({ status: 'sent', tries: 3, result: 'Enviado' });
  });

  it('gives up after three failed tries, and does not retry what the report refuses', async () => {
    const { next } = await closedMonth();
    const sub = await created(admin, { report: 'occupation', frequency: 'daily', hour: 9 });
    const failing: AppContext = { ...t.ctx, mailer: { send: () => Promise.reject(new Error('sin red')) } };
    const at = (minutes: number) => zonedInstant(ZONE, next, 9 * 60 + minutes);
    await onlyDue(sub.id, at(-60));
    for (const m of [0, 6, 40]) expect(await deliverDueReports(failing, at(m))).toEqual({ sent: 0, failed: 1 });
    expect(await deliverDueReports(t.ctx, at(300))).toEqual({ sent: 0, failed: 0 });

    // the owner loses reports.view: the next occurrence answers the report's refusal once
    const mine = await created(gerente, { report: 'customers', frequency: 'daily', hour: 9 });
    await onlyDue(mine.id, at(-60));
    const [role] = await queryRows<{ id: string }>(t, sql`select role_id as id from users where username = 'gerente@demo.mx'`);
    await queryRows(t, sql`update role_privileges set actions = array_remove(actions, 'view') where role_id = ${role!.id} and module = 'reports'`);
    try {
      expect(await deliverDueReports(t.ctx, at(1))).toEqual({ sent: 0, failed: 1 });
      expect(await deliverDueReports(t.ctx, at(100))).toEqual({ sent: 0, failed: 0 });
      const [d] = await queryRows<{ tries: number; error: string }>(t, sql`select tries, error from report_deliveries where subscription_id = ${mine.id}`);
      expect(d).toEqual({ tries: 3, error: 'No tiene permisos para realizar esta acción' });
    } finally {
      await queryRows(t, sql`update role_privileges set actions = array_append(actions, 'view') where role_id = ${role!.id} and module = 'reports'`);
    }
  });
});
