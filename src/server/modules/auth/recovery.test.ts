import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, useTestApp } from '../../testing/harness';
import { signInRequest } from '../../testing/sign-in';
import { demoId } from '../../db/demo/random';

const { t } = useTestApp({});

const NEW_PASSWORD = 'Nueva2026x';
const PATTERN_MESSAGE = 'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula y un número';

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);

const request = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/v1/user/reset-password', remoteAddress, payload: { email } });

const change = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'PUT', url: '/v1/user/change-password-code', remoteAddress, payload });

const signIn = (username: string, password: string, remoteAddress: string) => signInRequest(t, { username, password }, remoteAddress);

const mailsTo = (email: string) => t.outbox.filter((m) => m.to === email);

/** Asks for a code for `email` and reads it from the last e-mail sent to that address. */
async function codeFor(email: string, remoteAddress: string): Promise<string> {
  const res = await request(email, remoteAddress);
  expect(res.statusCode).toBe(201);
  const mail = mailsTo(email).at(-1);
  const match = mail?.text.match(/contraseña es ([A-Z0-9]{6})\./);
  if (!match) throw new Error(`no code in the mail to ${email}: ${mail?.text}`);
  return match[1];
}

describe('POST /v1/user/reset-password', () => {
  it('mails a 6-character code and stores only its hash, valid for 15 minutes', async () => {
    const before = mailsTo('logistica@demo.mx').length;
    const code = await codeFor('logistica@demo.mx', '10.1.0.1');
    expect(mailsTo('logistica@demo.mx')).toHaveLength(before + 1);
    // no look-alike characters (0/O, 1/I)
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const [row] = await rows<{ code_hash: string; minutes: number }>(
      sql`select code_hash, extract(epoch from (expires_at - now())) / 60 as minutes from password_reset_codes
          where user_id = ${demoId('user:logistica@demo.mx')} order by created_at desc limit 1`,
    );
    expect(row.code_hash).not.toContain(code);
    expect(Number(row.minutes)).toBeGreaterThan(14);
    expect(Number(row.minutes)).toBeLessThanOrEqual(15);
  });

  it('answers 201 with the same message for an unknown e-mail and sends nothing', async () => {
    const known = await request('gerente@demo.mx', '10.1.0.2');
    const sent = t.outbox.length;
    const unknown = await request('nadie@demo.mx', '10.1.0.2');
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json()).toEqual(known.json());
    expect(t.outbox).toHaveLength(sent);
    expect(mailsTo('nadie@demo.mx')).toHaveLength(0);
  });

  it('validates the e-mail in Spanish', async () => {
    const res = await request('no-es-correo', '10.1.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'email', message: 'El campo correo electrónico debe ser un correo electrónico válido' });
  });

  it('limits requests to 5 per account and address in 15 minutes', async () => {
    const before = mailsTo('cosmetologa@demo.mx').length;
    for (let i = 0; i < 5; i++) expect((await request('cosmetologa@demo.mx', '10.1.0.4')).statusCode).toBe(201);
    const blocked = await request('cosmetologa@demo.mx', '10.1.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
    expect(mailsTo('cosmetologa@demo.mx')).toHaveLength(before + 5);
    // another address, or another account from the same address, is not blocked
    expect((await request('cosmetologa@demo.mx', '10.1.0.5')).statusCode).toBe(201);
    expect((await request('medico@demo.mx', '10.1.0.4')).statusCode).toBe(201);
  });
});

describe('PUT /v1/user/change-password-code', () => {
  it('sets the new password once: the old one fails, the new one works, the code is spent', async () => {
    const addr = '10.2.0.1';
    const session = await t.signIn('franquicia@demo.mx');
    const code = await codeFor('franquicia@demo.mx', addr);
    const ok = await change({ code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, addr);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBeTruthy();

    expect((await signIn('franquicia@demo.mx', 'Demo2026!', addr)).statusCode).toBe(401);
    expect((await signIn('franquicia@demo.mx', NEW_PASSWORD, addr)).statusCode).toBe(200);
    // sessions opened before the reset are revoked
    const refresh = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: session.refresh_token } });
    expect(refresh.statusCode).toBe(422);

    const again = await change({ code, password: 'Otra2026xy', passwordConfirm: 'Otra2026xy' }, addr);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'CODE_NOT_FOUND', message: 'El código no es válido o ya expiró' });
    expect((await signIn('franquicia@demo.mx', NEW_PASSWORD, addr)).statusCode).toBe(200);
  });

  it('accepts the code in lower case', async () => {
    const addr = '10.2.0.2';
    const code = await codeFor('medico@demo.mx', addr);
    const res = await change({ code: code.toLowerCase(), password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, addr);
    expect(res.statusCode).toBe(200);
    expect((await signIn('medico@demo.mx', NEW_PASSWORD, addr)).statusCode).toBe(200);
  });

  it('refuses a wrong code with 404', async () => {
    const res = await change({ code: 'ZZZZZZ', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, '10.2.0.3');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CODE_NOT_FOUND');
  });

  it('refuses an expired code and leaves the password alone', async () => {
    const addr = '10.2.0.4';
    const code = await codeFor('operativo@demo.mx', addr);
    await t.ctx.db.execute(sql`update password_reset_codes set expires_at = now() - interval '1 minute' where user_id = ${demoId('user:operativo@demo.mx')}`);
    const res = await change({ code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, addr);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CODE_NOT_FOUND');
    expect((await signIn('operativo@demo.mx', 'Demo2026!', addr)).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match', async () => {
    const res = await change({ code: 'ABCDEF', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD + 'x' }, '10.2.0.5');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Las contraseñas no coinciden!');
    expect(res.json().errors).toContainEqual({ field: 'passwordConfirm', message: 'Las contraseñas no coinciden!' });
  });

  it('refuses a weak password and a code that is not 6 characters', async () => {
    for (const weak of ['sinmayus1', 'SINMINUS1', 'SinNumero', 'Co1rta']) {
      const res = await change({ code: 'ABCDEF', password: weak, passwordConfirm: weak }, '10.2.0.6');
      expect(res.statusCode, weak).toBe(400);
      const messages = res.json().errors.map((e: { message: string }) => e.message);
      expect(
        messages.some((m: string) => m === PATTERN_MESSAGE || /al menos 8/.test(m)),
        weak,
      ).toBe(true);
    }
    const weak = await change({ code: 'ABCDEF', password: 'sinmayus1', passwordConfirm: 'sinmayus1' }, '10.2.0.6');
    expect(weak.json().message).toBe(PATTERN_MESSAGE);
    const short = await change({ code: 'ABC', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, '10.2.0.6');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: 'code', message: 'El campo código debe tener exactamente 6 caracteres' });
  });

  it('limits wrong codes to 5 per address, even before a right one', async () => {
    const addr = '10.2.0.7';
    for (let i = 0; i < 5; i++)
      expect((await change({ code: 'QQQQQ' + (i + 2), password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, addr)).statusCode).toBe(404);
    const code = await codeFor('gerente@demo.mx', '10.2.0.8');
    const blocked = await change({ code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, addr);
    expect(blocked.statusCode).toBe(429);
    // the code is still good from elsewhere
    expect((await change({ code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD }, '10.2.0.9')).statusCode).toBe(200);
  });

  it('cannot be dodged by a client-chosen X-Forwarded-For header', async () => {
    // the server is not told it sits behind a proxy, so the socket address is the client
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/user/change-password-code',
        remoteAddress: '10.3.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { code: 'WWWWW' + (i + 2), password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});
