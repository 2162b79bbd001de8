import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRows, queryRows, useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';
import { ROLE_NAMES } from '../../../domain/roles';
import { MODULE_KEYS } from '../../../domain/privileges';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const SUPER = demoId('role:' + ROLE_NAMES.superAdmin);
const MEDIC = demoId('role:' + ROLE_NAMES.medic);
const FACIAL = demoId('category:treatment:Facial');

interface Role {
  id: string;
  name: string;
  branchBound: boolean;
  extendedCancellationLimit: boolean;
  privileges: Record<string, string[]>;
  usersCount: number;
}

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);
const getRole = async (id: string) => (await admin({ method: 'GET', url: `/v1/role/${id}` })).json() as Role;
const payloadOf = (r: Role) => ({ name: r.name, branchBound: r.branchBound, extendedCancellationLimit: r.extendedCancellationLimit, privileges: r.privileges });
function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('GET /v1/role', () => {
  it("lists the 7 default roles and the demo receptionists' role, with privileges and user counts", async () => {
    const res = await admin({ method: 'GET', url: '/v1/role' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Role[];
    expect(list.map((r) => r.name).sort()).toEqual([...Object.values(ROLE_NAMES), 'Recepcionista'].sort());
    const superAdmin = list.find((r) => r.id === SUPER)!;
    expect(superAdmin.privileges.roles).toEqual(['show', 'create', 'edit', 'approve', 'delete', 'view', 'reports', 'refund']);
    expect(superAdmin.usersCount).toBe(1);
    const medic = list.find((r) => r.id === MEDIC)!;
    expect(medic).toMatchObject({ branchBound: true });
    expect(medic.privileges.categories).toBeUndefined();
    expect(medic.usersCount).toBeGreaterThan(1);
  });

  it('is readable with users.show, refused to a medic; one role by id, 404 when unknown', async () => {
    expect((await t.as((await t.signIn('gerente@demo.mx')).token)({ method: 'GET', url: '/v1/role' })).statusCode).toBe(200);
    expect((await t.as((await t.signIn('medico@demo.mx')).token)({ method: 'GET', url: '/v1/role' })).statusCode).toBe(403);
    expect((await getRole(SUPER)).name).toBe(ROLE_NAMES.superAdmin);
    const missing = await admin({ method: 'GET', url: `/v1/role/${demoId('role:none')}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ROLE_NOT_FOUND');
  });
});

describe('GET /v1/module', () => {
  it('lists every module with its Spanish alias and the actions', async () => {
    const res = await admin({ method: 'GET', url: '/v1/module' });
    expect(res.statusCode).toBe(200);
    const modules = res.json() as { id: string; alias: string; actions: string[] }[];
    expect(modules.map((m) => m.id)).toEqual(MODULE_KEYS);
    expect(modules.find((m) => m.id === 'categories')).toMatchObject({
      alias: 'Categorías',
      actions: expect.arrayContaining(['show', 'create', 'edit', 'delete']),
    });
    expect((await t.as((await t.signIn('medico@demo.mx')).token)({ method: 'GET', url: '/v1/module' })).statusCode).toBe(403);
  });
});

describe('create and update', () => {
  it('creates a role, logs it, and refuses a duplicate name', async () => {
    const res = await admin({
      method: 'POST',
      url: '/v1/role/create',
      payload: { name: 'Recepción', branchBound: true, privileges: { dairy: ['show', 'view'] } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Recepción', branchBound: true, privileges: { dairy: ['show', 'view'] }, usersCount: 0 });
    const [log] = await rows<{ module: string; action: string }>(sql`select module, action from change_log where entity_id = ${res.json().id}`);
    expect(log).toEqual({ module: 'roles', action: 'crear' });
    const dup = await admin({ method: 'POST', url: '/v1/role/create', payload: { name: 'recepción', privileges: {} } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('ROLE_NAME_EXISTS');
  });

  it('only a role with roles.edit may update; others get 403 and nothing changes', async () => {
    const before = await getRole(MEDIC);
    for (const user of ['operativo@demo.mx', 'logistica@demo.mx', 'gerente@demo.mx']) {
      const as = t.as((await t.signIn(user)).token);
      const res = await as({
        method: 'PUT',
        url: `/v1/role/${MEDIC}/update`,
        payload: { ...payloadOf(before), privileges: { ...before.privileges, roles: ['show', 'edit'] } },
      });
      expect(res.statusCode, user).toBe(403);
      expect((await as({ method: 'POST', url: '/v1/role/create', payload: { name: 'Intruso ' + user, privileges: {} } })).statusCode).toBe(403);
    }
    expect(await getRole(MEDIC)).toEqual(before);
  });

  it('new privileges reach a user at their next token refresh', async () => {
    const medicSession = await t.signIn('medico@demo.mx');
    const before = await getRole(MEDIC);
    const res = await admin({
      method: 'PUT',
      url: `/v1/role/${MEDIC}/update`,
      payload: { ...payloadOf(before), privileges: { ...before.privileges, categories: ['show'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().privileges.categories).toEqual(['show']);
    expect(res.json().privileges.dairy).toEqual(before.privileges.dairy);

    // the access token in hand still carries the old privileges
    const old = await t.as(medicSession.token)({ method: 'GET', url: `/v1/categories/${FACIAL}` });
    expect(old.statusCode).toBe(403);
    const refreshed = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: medicSession.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json().token as string;
    expect(claims(token).privileges.categories).toEqual(['show']);
    expect(claims(token).branchBound).toBe(true);
    expect((await t.as(token)({ method: 'GET', url: `/v1/categories/${FACIAL}` })).statusCode).toBe(200);
    expect((await t.as(token)({ method: 'POST', url: '/v1/categories/create', payload: { name: 'No', type: 'product' } })).statusCode).toBe(403);

    const [log] = await rows<{ before: Role; after: Role }>(
      sql`select before, after from change_log where module = 'roles' and action = 'editar' and entity_id = ${MEDIC}`,
    );
    expect(log.before.privileges.categories).toBeUndefined();
    expect(log.after.privileges.categories).toEqual(['show']);
  });

  it('refuses to lock the Super Administrador out of roles (409 ROLE_LOCKOUT) and writes nothing', async () => {
    const before = await getRole(SUPER);
    const logs = await countRows(t, 'change_log');
    const { roles: _dropped, ...withoutRoles } = before.privileges;
    const attempts = [
      { ...payloadOf(before), privileges: withoutRoles },
      { ...payloadOf(before), privileges: { ...before.privileges, roles: ['show'] } },
      { ...payloadOf(before), name: 'Administrador' },
    ];
    for (const payload of attempts) {
      const res = await admin({ method: 'PUT', url: `/v1/role/${SUPER}/update`, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ROLE_LOCKOUT', message: 'No puede quitar al Super Administrador el acceso a Roles y privilegios' });
    }
    expect(await getRole(SUPER)).toEqual(before);
    expect(await countRows(t, 'change_log')).toBe(logs);
    // the administrator's next token still opens the roles screen
    const fresh = await t.signIn('admin@demo.mx');
    expect((await t.as(fresh.token)({ method: 'GET', url: `/v1/role/${SUPER}` })).statusCode).toBe(200);
  });

  it('ignores unknown modules and orders actions; unknown actions are refused with 400', async () => {
    const created = await admin({ method: 'POST', url: '/v1/role/create', payload: { name: 'Caja', privileges: { pos: ['show'] } } });
    const id = created.json().id as string;
    const res = await admin({
      method: 'PUT',
      url: `/v1/role/${id}/update`,
      payload: { name: 'Caja', privileges: { pos: ['view', 'show', 'show'], inventado: ['show'], sales: [] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().privileges).toEqual({ pos: ['show', 'view'] });
    const stored = await rows<{ module: string }>(sql`select module from role_privileges where role_id = ${id} order by module`);
    expect(stored.map((r) => r.module)).toEqual(['pos']);
    const badAction = await admin({ method: 'PUT', url: `/v1/role/${id}/update`, payload: { name: 'Caja', privileges: { pos: ['volar'] } } });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().errors[0].field).toBe('privileges.pos.0');
    expect((await getRole(id)).privileges).toEqual({ pos: ['show', 'view'] });
  });
});
