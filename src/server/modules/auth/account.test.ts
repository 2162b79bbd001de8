import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, useTestApp } from '../../testing/harness';
import { signInRequest } from '../../testing/sign-in';
import { demoId } from '../../db/demo/random';

const { t } = useTestApp({});

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');
const NEW_PASSWORD = 'Cambio2026x';

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);

const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });
const quickLogin = (pin: string, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/quick-login', remoteAddress: '10.5.0.1', payload: { pin, refreshToken } });

describe('POST /v1/auth/change-password', () => {
  const url = '/v1/auth/change-password';

  it('refuses a wrong current password with 404 PASSWORD_MISMATCH and keeps the old one', async () => {
    const s = await t.signIn('logistica@demo.mx');
    const res = await t.as(s.token)({ method: 'POST', url, payload: { currentPassword: 'Mala2026x', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_MISMATCH', message: 'La contraseña actual no es correcta' });
    await t.signIn('logistica@demo.mx');
  });

  it('refuses a confirmation that does not match, and a weak password', async () => {
    const s = await t.signIn('logistica@demo.mx');
    const mismatch = await t.as(s.token)({
      method: 'POST',
      url,
      payload: { currentPassword: 'Demo2026!', password: NEW_PASSWORD, passwordConfirm: 'Otra2026xy' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Las contraseñas no coinciden!');
    const weak = await t.as(s.token)({ method: 'POST', url, payload: { currentPassword: 'Demo2026!', password: 'debil', passwordConfirm: 'debil' } });
    expect(weak.statusCode).toBe(400);
    await t.signIn('logistica@demo.mx');
  });

  it('changes the password, revokes the other sessions and keeps the current one', async () => {
    const current = await t.signIn('franquicia@demo.mx');
    const other = await t.signIn('franquicia@demo.mx');
    const res = await t.as(current.token)({
      method: 'POST',
      url,
      payload: { currentPassword: 'Demo2026!', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Contraseña actualizada');

    expect((await refresh(other.refresh_token)).statusCode).toBe(422);
    expect((await refresh(current.refresh_token)).statusCode).toBe(200);

    const old = await signInRequest(t, { username: 'franquicia@demo.mx', password: 'Demo2026!' }, '10.5.1.1');
    expect(old.statusCode).toBe(401);
    await t.signIn('franquicia@demo.mx', NEW_PASSWORD);

    // the change is logged without the secret
    const [log] = await rows<{ after: unknown }>(
      sql`select after from change_log where module = 'users' and action = 'cambiar contraseña' and entity_id = ${demoId('user:franquicia@demo.mx')}`,
    );
    expect(JSON.stringify(log.after)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(log.after)).not.toContain('argon2');
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { currentPassword: 'Demo2026!', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /v1/auth/reset-pin', () => {
  const url = '/v1/auth/reset-pin';

  it('refuses pins that do not match', async () => {
    const s = await t.signIn('gerente@demo.mx');
    const res = await t.as(s.token)({ method: 'POST', url, payload: { currentPassword: 'Demo2026!', newPin: '4321', pin: '4322' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Los pines no coinciden!');
    expect(res.json().errors).toContainEqual({ field: 'pin', message: 'Los pines no coinciden!' });
  });

  it('refuses a PIN that is not exactly 4 digits', async () => {
    const s = await t.signIn('gerente@demo.mx');
    for (const bad of ['123', '12345', '12a4', '']) {
      const res = await t.as(s.token)({ method: 'POST', url, payload: { currentPassword: 'Demo2026!', newPin: bad, pin: bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].field).toBe('newPin');
    }
  });

  it('refuses a wrong current password', async () => {
    const s = await t.signIn('gerente@demo.mx');
    const res = await t.as(s.token)({ method: 'POST', url, payload: { currentPassword: 'Mala2026x', newPin: '4321', pin: '4321' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PASSWORD_MISMATCH');
  });

  it('changes the PIN used by quick login', async () => {
    const s = await t.signIn('cosmetologa@demo.mx');
    const res = await t.as(s.token)({ method: 'POST', url, payload: { currentPassword: 'Demo2026!', newPin: '4321', pin: '4321' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('PIN actualizado');
    const device = await t.signIn('cosmetologa@demo.mx');
    const oldPin = await quickLogin('1234', device.refresh_token);
    expect(oldPin.statusCode).toBe(401);
    expect(oldPin.json().code).toBe('WRONG_PIN');
    const newPin = await quickLogin('4321', device.refresh_token);
    expect(newPin.statusCode).toBe(200);
    expect(newPin.json().userId).toBe(demoId('user:cosmetologa@demo.mx'));
  });
});

describe('POST /v1/auth/sign-out', () => {
  it('revokes the refresh token it is given', async () => {
    const s = await t.signIn('medico@demo.mx');
    const res = await t.as(s.token)({ method: 'POST', url: '/v1/auth/sign-out', payload: { refreshToken: s.refresh_token } });
    expect(res.statusCode).toBe(200);
    const after = await refresh(s.refresh_token);
    expect(after.statusCode).toBe(422);
    expect(after.json().code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('without a body revokes the session of the access token only', async () => {
    const s = await t.signIn('medico@demo.mx');
    const other = await t.signIn('medico@demo.mx');
    expect((await t.as(s.token)({ method: 'POST', url: '/v1/auth/sign-out' })).statusCode).toBe(200);
    expect((await refresh(s.refresh_token)).statusCode).toBe(422);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });
});

describe('POST /v1/branch/{branchId}/checkin', () => {
  const checkIn = (token: string, branchId: string, username: string, password = 'Demo2026!', remoteAddress = '10.6.0.1') =>
    t.as(token)({ method: 'POST', url: `/v1/branch/${branchId}/checkin`, remoteAddress, payload: { username, password } });
  const checkInsOf = (username: string) =>
    rows<{ branch_id: string; recorded_by_id: string }>(sql`select branch_id, recorded_by_id from check_ins where user_id = ${demoId('user:' + username)}`);

  it('records the attendance of a staff member at the branch', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const res = await checkIn(admin.token, TIJUANA, 'medico@demo.mx');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: demoId('user:medico@demo.mx'), fullname: 'Miguel Castañeda Ibarra', branchId: TIJUANA, branchName: 'Tijuana' });
    expect(await checkInsOf('medico@demo.mx')).toEqual([{ branch_id: TIJUANA, recorded_by_id: demoId('user:admin@demo.mx') }]);
  });

  it('refuses a wrong password with 409 INVALID_CREDENTIALS and records nothing', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const res = await checkIn(admin.token, TIJUANA, 'logistica@demo.mx', 'Mala2026x', '10.6.0.2');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' });
    expect(await checkInsOf('logistica@demo.mx')).toEqual([]);
  });

  it('refuses a branch-bound staff member at another branch', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const res = await checkIn(admin.token, MONTERREY, 'cosmetologa@demo.mx', 'Demo2026!', '10.6.0.3');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CHECKIN_NOT_AUTHORIZED');
    // a staff member bound to no branch may check in anywhere
    expect((await checkIn(admin.token, MONTERREY, 'operativo@demo.mx', 'Demo2026!', '10.6.0.3')).statusCode).toBe(201);
  });

  it('keeps a branch-bound caller to their own branch', async () => {
    const gerente = await t.signIn('gerente@demo.mx');
    const res = await checkIn(gerente.token, MONTERREY, 'admin@demo.mx', 'Demo2026!', '10.6.0.4');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BRANCH_FORBIDDEN');
    expect((await checkIn(gerente.token, TIJUANA, 'admin@demo.mx', 'Demo2026!', '10.6.0.4')).statusCode).toBe(201);
  });

  it('answers 404 for an unknown branch, 400 for a malformed one, 401 without a token', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const unknown = await checkIn(admin.token, demoId('branch:nowhere'), 'medico@demo.mx', 'Demo2026!', '10.6.0.5');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('BRANCH_NOT_FOUND');
    expect((await checkIn(admin.token, 'tijuana', 'medico@demo.mx', 'Demo2026!', '10.6.0.5')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/v1/branch/${TIJUANA}/checkin`,
      payload: { username: 'medico@demo.mx', password: 'Demo2026!' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
