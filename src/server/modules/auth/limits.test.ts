import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows, useTestApp } from '../../testing/harness';
import { signInRequest } from '../../testing/sign-in';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS } from './rate-limit';

const { t } = useTestApp({});

const rows = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t, q);

/** The answers of a burst that were judged (the secret was checked), i.e. every one that was not refused with 429. */
const judged = (answers: LightMyRequestResponse[]) => answers.filter((r) => r.statusCode !== 429);

const signIn = (username: string, password: string, remoteAddress: string) => signInRequest(t, { username, password }, remoteAddress);

describe('attempt limits under parallel requests', () => {
  it('300 PINs sent at once: at most 5 are checked, and the right one at the end of the burst does not get in', async () => {
    const device = await t.signIn('medico@demo.mx');
    const quick = (pin: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/quick-login', remoteAddress: '10.20.0.1', payload: { pin, refreshToken: device.refresh_token } });
    const pins = Array.from({ length: 299 }, (_, i) => String(2000 + i));
    const answers = await Promise.all([...pins.map(quick), quick('1234')]);
    const checked = judged(answers);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((r) => r.json().code === 'WRONG_PIN')).toBe(true);
    const right = answers.at(-1)!;
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo' });
    // still locked afterwards, for this address
    expect((await quick('1234')).statusCode).toBe(429);
  });

  it('40 passwords sent at once: at most 5 are checked, and the right one at the end of the burst does not get in', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 39 }, (_, i) => signIn('logistica@demo.mx', `Wrong2026x${i}`, '10.20.0.2')),
      signIn('logistica@demo.mx', 'Demo2026!', '10.20.0.2'),
    ]);
    const checked = judged(answers);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((r) => r.json().code === 'WRONG_CREDENTIALS')).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });

  it('40 current passwords sent at once to change-password: at most 5 are checked', async () => {
    const s = await t.signIn('operativo@demo.mx');
    const change = (currentPassword: string) =>
      t.as(s.token)({
        method: 'POST',
        url: '/v1/auth/change-password',
        remoteAddress: '10.20.0.3',
        payload: { currentPassword, password: 'Cambio2026x', passwordConfirm: 'Cambio2026x' },
      });
    const answers = await Promise.all([...Array.from({ length: 39 }, (_, i) => change(`Mala2026x${i}`)), change('Demo2026!')]);
    const checked = judged(answers);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((r) => r.json().code === 'PASSWORD_MISMATCH')).toBe(true);
    expect(answers.at(-1)!.statusCode).toBe(429);
  });

  it('limits an account across addresses with a growing delay that stays bounded in minutes', async () => {
    const account = 'franquicia@demo.mx';
    // one wrong password from each of 40 addresses at once: the per-address limit never trips, the account's does
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(account, 'Wrong2026x', `10.21.0.${i + 1}`)));
    const checked = judged(answers);
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES);
    expect(checked.length).toBeGreaterThan(0);
    // the real user at a new address waits too, but only for the delay
    expect((await signIn(account, 'Demo2026!', '10.21.1.1')).statusCode).toBe(429);
    const lock = async () =>
      (
        await rows<{ seconds: number }>(
          sql`select extract(epoch from locked_until - now())::float as seconds from auth_failures where account = ${account} and address = '*' and kind = 'sign-in'`,
        )
      )[0];
    const first = Number((await lock()).seconds);
    expect(first).toBeGreaterThan(0);
    // each further failure after the delay doubles it, up to a bound of minutes
    let previous = first;
    for (let i = 0; i < 8; i++) {
      await t.ctx.db.execute(sql`update auth_failures set locked_until = now() - interval '1 second' where account = ${account} and address = '*'`);
      expect((await signIn(account, 'Wrong2026x', `10.21.2.${i + 1}`)).json().code).toBe('WRONG_CREDENTIALS');
      const seconds = Number((await lock()).seconds);
      expect(seconds).toBeGreaterThanOrEqual(Math.min(previous, ACCOUNT_MAX_DELAY_MS / 1000 - 5));
      expect(seconds).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_MS / 1000);
      previous = seconds;
    }
    expect(previous).toBeGreaterThan(first);
    // once the delay has passed the real user gets in, and the account's counter starts again
    await t.ctx.db.execute(sql`update auth_failures set locked_until = now() - interval '1 second' where account = ${account} and address = '*'`);
    expect((await signIn(account, 'Demo2026!', '10.21.1.1')).statusCode).toBe(200);
    expect((await signIn(account, 'Wrong2026x', '10.21.3.1')).json().code).toBe('WRONG_CREDENTIALS');
    expect((await signIn(account, 'Demo2026!', '10.21.3.2')).statusCode).toBe(200);
  });

  it('keeps 5 failures per account and address in 15 minutes, counted again after the window', async () => {
    const account = 'gerente@demo.mx';
    for (let i = 0; i < 5; i++) expect((await signIn(account, 'Wrong2026x', '10.22.0.1')).statusCode).toBe(401);
    expect((await signIn(account, 'Demo2026!', '10.22.0.1')).statusCode).toBe(429);
    // 15 minutes later the address may try again
    await t.ctx.db.execute(
      sql`update auth_failures set created_at = now() - interval '15 minutes 1 second' where account = ${account} and address = '10.22.0.1'`,
    );
    expect((await signIn(account, 'Demo2026!', '10.22.0.1')).statusCode).toBe(200);
  });
});
