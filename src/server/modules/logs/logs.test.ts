import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { ROLE_NAMES } from '../../../domain/roles';

let t: TestApp;
let admin: ReturnType<TestApp['as']>;
/** A category created and edited at Tijuana, and another created at Monterrey. */
let tijuanaCat: string;
let monterreyCat: string;

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const ADMIN = demoId('user:admin@demo.mx');
/** The demo data carries its own catalogue history from January 2026; these tests read today's rows. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date());

interface Log {
  id: string;
  module: { name: string; alias: string };
  action: string;
  entityId: string | null;
  sourceBranch: { id: string; name: string } | null;
  affectedBranch: { id: string; name: string } | null;
  user: { id: string; name: string; lastName: string; motherLastName: string } | null;
  changes: { before: Record<string, unknown> | null; after: Record<string, unknown> | null; metadata: unknown };
  created_at: string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  const created = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Bitácora', type: 'product' } });
  tijuanaCat = created.json().id;
  await admin({ method: 'PUT', url: `/v1/categories/${tijuanaCat}/update`, payload: { name: 'Bitácora editada', type: 'product' } });
  const atMonterrey = t.as((await t.signIn('admin@demo.mx', undefined, { branchId: MONTERREY })).token);
  monterreyCat = (await atMonterrey({ method: 'POST', url: '/v1/categories/create', payload: { name: 'Norte', type: 'product' } })).json().id;
});
afterAll(() => t.close());

const list = async (as: ReturnType<TestApp['as']>, query: string) => {
  const res = await as({ method: 'GET', url: `/v1/system-log?take=all&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Log[];
};
const tijuanaDate = (iso: string, days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tijuana' }).format(new Date(new Date(iso).getTime() + days * 86400_000));

describe('GET /v1/system-log', () => {
  it('shows a create and an edit with before/after and the user name, newest first', async () => {
    const res = await admin({ method: 'GET', url: `/v1/system-log?module=categories&startDate=${TODAY}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ page: 1, itemCount: 3 });
    const items = (res.json().items as Log[]).filter((l) => l.entityId === tijuanaCat);
    expect(items.map((l) => l.action)).toEqual(['editar', 'crear']);
    const [edit, create] = items;
    expect(create.changes.before).toBeNull();
    expect(create.changes.after).toMatchObject({ name: 'Bitácora', type: 'product' });
    expect(edit.changes.before).toMatchObject({ name: 'Bitácora' });
    expect(edit.changes.after).toMatchObject({ name: 'Bitácora editada' });
    expect(edit.module).toEqual({ name: 'categories', alias: 'Categorías' });
    expect(edit.user).toEqual({ id: ADMIN, name: 'Alejandra', lastName: 'Ramírez', motherLastName: 'Soto' });
    expect(edit.sourceBranch).toEqual({ id: TIJUANA, name: 'Tijuana' });
  });

  it('filters by module, action and user', async () => {
    const roles = await list(admin, 'module=roles');
    expect(roles.every((l) => l.module.name === 'roles')).toBe(true);
    const creates = await list(admin, `module=categories&action=crear&startDate=${TODAY}`);
    expect(creates.map((l) => l.entityId).sort()).toEqual([tijuanaCat, monterreyCat].sort());
    expect(await list(admin, `module=categories&userId=${demoId('user:medico@demo.mx')}`)).toEqual([]);
    expect((await list(admin, `module=categories&userId=${ADMIN}&startDate=${TODAY}`)).length).toBe(3);
  });

  it('filters by business dates (America/Tijuana), whole days inclusive', async () => {
    const [row] = await list(admin, `module=categories&action=crear&startDate=${TODAY}`);
    const today = tijuanaDate(row.created_at);
    expect((await list(admin, `module=categories&startDate=${today}&endDate=${today}`)).length).toBe(3);
    expect(await list(admin, `module=categories&startDate=${tijuanaDate(row.created_at, 1)}`)).toEqual([]);
    expect(await list(admin, `module=categories&startDate=${tijuanaDate(row.created_at, -1)}&endDate=${tijuanaDate(row.created_at, -1)}`)).toEqual([]);
    const bad = await admin({ method: 'GET', url: '/v1/system-log?startDate=22/11/2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El campo fecha inicial debe tener el formato AAAA-MM-DD');
    // a well-formed but impossible date is a 400, not a 500
    expect((await admin({ method: 'GET', url: '/v1/system-log?startDate=2026-02-30' })).statusCode).toBe(400);
  });

  it('keeps a branch-bound user to the rows of their branch', async () => {
    const role = (await admin({ method: 'GET', url: `/v1/role/${demoId('role:' + ROLE_NAMES.branchManager)}` })).json();
    const granted = await admin({
      method: 'PUT',
      url: `/v1/role/${role.id}/update`,
      payload: {
        name: role.name,
        branchBound: true,
        extendedCancellationLimit: role.extendedCancellationLimit,
        privileges: { ...role.privileges, systemLogs: ['show'] },
      },
    });
    expect(granted.statusCode).toBe(200);
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    const seen = await list(gerente, 'module=categories');
    expect(seen.map((l) => l.entityId)).toContain(tijuanaCat);
    expect(seen.map((l) => l.entityId)).not.toContain(monterreyCat);
    const all = await list(gerente, '');
    expect(all.length).toBeGreaterThan(0);
    for (const l of all) expect([l.sourceBranch?.id, l.affectedBranch?.id]).toContain(TIJUANA);
    const other = await gerente({ method: 'GET', url: `/v1/system-log?branchId=${MONTERREY}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('BRANCH_FORBIDDEN');
    // the CSV export obeys the same limit
    const csv = await gerente({ method: 'GET', url: '/v1/system-log?format=csv&module=categories' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Bitácora');
    expect(csv.body).not.toContain('Norte');
    // an unrestricted user may ask for one branch
    const monterrey = await list(admin, `branchId=${MONTERREY}&module=categories`);
    expect(monterrey.map((l) => l.entityId)).toEqual([monterreyCat]);
  });

  it('exports CSV with Spanish headers', async () => {
    const res = await admin({ method: 'GET', url: `/v1/system-log?format=csv&module=categories&startDate=${TODAY}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Módulo,Acción,Sucursal origen,Sucursal afectada,Usuario,Fecha,Cambios');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Categorías,/);
    expect(res.body).toContain('Alejandra Ramírez Soto');
  });

  it('is refused to a medic and to anonymous callers', async () => {
    const medic = t.as((await t.signIn('medico@demo.mx')).token);
    expect((await medic({ method: 'GET', url: '/v1/system-log' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/system-log' })).statusCode).toBe(401);
  });
});

describe('GET /v1/system-log/:id (the detail)', () => {
  const CABIN = demoId('cabin:tijuana:1');
  const inDays = (days: number) => tijuanaDate(new Date().toISOString(), days);
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  interface Detail extends Log {
    fields: { key: string; label: string; before: string | null; after: string | null; changed: boolean }[];
    browser: string;
  }
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  let lockLog: Log;
  let cabinName: string;

  beforeAll(async () => {
    const lock = await admin({
      method: 'POST',
      url: '/v1/lock/create',
      headers: { 'user-agent': chrome },
      payload: { branchId: TIJUANA, cabainId: CABIN, type: 'hour', reason: 'capacitación', time: ['10:00', '10:30'], date: inDays(20), recurrent: false },
    });
    expect(lock.statusCode, lock.body).toBe(201);
    [lockLog] = (await list(admin, `module=blockers&startDate=${TODAY}`)).filter((l) => l.entityId === lock.json().id);
    cabinName = (await admin({ method: 'GET', url: `/v1/cabain/${CABIN}` })).json().name;
  });
  const detail = async (id: string, as = admin) => {
    const res = await as({ method: 'GET', url: `/v1/system-log/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Detail;
  };

  it("gives a lock's fields in Spanish with the cabin's and branch's names, not their ids", async () => {
    expect(lockLog.action).toBe('crear');
    const d = await detail(lockLog.id);
    const field = (key: string) => d.fields.find((f) => f.key === key);
    expect(field('cabinId')).toMatchObject({ label: 'Cabina', before: null, after: cabinName });
    expect(field('branchId')).toMatchObject({ label: 'Sucursal', after: 'Tijuana' });
    expect(field('type')).toMatchObject({ label: 'Tipo', after: 'Hora' });
    expect(field('reason')).toMatchObject({ label: 'Motivo', after: 'capacitación' });
    expect(field('recurrent')).toMatchObject({ label: 'Recurrente', after: 'No' });
    expect(field('date')).toMatchObject({ label: 'Fecha', after: inDays(20).split('-').reverse().join('/') });
    expect(field('time')?.after).toBe('10:00, 10:30');
    for (const f of d.fields) {
      expect(f.label).not.toMatch(/^[a-z]+[A-Z]/);
      expect(f.after ?? '').not.toMatch(UUID);
    }
    expect(d.browser).toBe('Chrome 131 en Windows');
    expect(d.action).toBe('crear');
  });

  it('resolves names on an edit too and marks what changed', async () => {
    const edited = (await list(admin, `module=categories&action=editar&startDate=${TODAY}`)).find((l) => l.entityId === tijuanaCat)!;
    const d = await detail(edited.id);
    expect(d.fields.find((f) => f.key === 'name')).toEqual({ key: 'name', label: 'Nombre', before: 'Bitácora', after: 'Bitácora editada', changed: true });
    expect(d.fields.find((f) => f.key === 'type')).toMatchObject({ label: 'Tipo', after: 'Producto', changed: false });
  });

  it('keeps a branch-bound user to their rows and answers 404 for an unknown row', async () => {
    const monterrey = (await list(admin, `module=categories&branchId=${MONTERREY}`)).find((l) => l.entityId === monterreyCat)!;
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    // the branch manager got systemLogs.show in the test above
    expect((await gerente({ method: 'GET', url: `/v1/system-log/${lockLog.id}` })).statusCode).toBe(200);
    const other = await gerente({ method: 'GET', url: `/v1/system-log/${monterrey.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('LOG_NOT_FOUND');
    expect((await admin({ method: 'GET', url: '/v1/system-log/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('shows and filters English-recorded actions in Spanish', async () => {
    const blockers = await list(admin, `module=blockers&action=crear&startDate=${TODAY}`);
    expect(blockers.map((l) => l.id)).toContain(lockLog.id);
    const searched = await list(admin, `module=blockers&search=${encodeURIComponent(JSON.stringify({ filter: 'action', value: 'crear' }))}`);
    expect(searched.map((l) => l.id)).toContain(lockLog.id);
    expect(searched.every((l) => l.action === 'crear')).toBe(true);
  });

  it('serves the bitácora its appointment rows only', async () => {
    expect((await admin({ method: 'GET', url: `/v1/bitacora/${lockLog.id}` })).statusCode).toBe(404);
  });
});
