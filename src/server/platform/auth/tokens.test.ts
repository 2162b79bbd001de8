import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken, type AccessClaims } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length');
const claims = { sub: 'u1', fam: 'f1', username: 'a@b.mx' } as unknown as AccessClaims;
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access token verification', () => {
  it('accepts a token it signed and returns its claims', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).toMatchObject({ sub: 'u1', fam: 'f1' });
  });

  it('refuses another secret, a changed payload, an expired token and alg none', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, new TextEncoder().encode('another-secret-of-enough-length'))).toBeNull();
    const [h, , s] = token.split('.');
    expect(await verifyAccessToken(`${h}.${b64({ sub: 'admin', exp: 9_999_999_999 })}.${s}`, secret)).toBeNull();
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(secret);
    expect(await verifyAccessToken(expired, secret)).toBeNull();
    expect(await verifyAccessToken(`${b64({ alg: 'none' })}.${b64({ sub: 'u1', exp: 9_999_999_999 })}.`, secret)).toBeNull();
    expect(await verifyAccessToken('not-a-token', secret)).toBeNull();
  });

  it('refuses a token without an expiry', async () => {
    const forever = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('u1').sign(secret);
    expect(await verifyAccessToken(forever, secret)).toBeNull();
  });

  it('refuses padding, standard base64 and non-canonical base64url in any part', async () => {
    // a signature that holds '-' or '_' (about three tokens in four do)
    let token = '';
    for (let i = 0; i < 100 && !/[-_]/.test(token.split('.')[2] ?? ''); i++) token = await signAccessToken({ ...claims, username: `a${i}@b.mx` }, secret, 60);
    const [h, b, s] = token.split('.');
    expect(s).toMatch(/[-_]/);
    expect(await verifyAccessToken(token, secret)).not.toBeNull();
    const standard = (x: string) => x.replace(/-/g, '+').replace(/_/g, '/');
    const bad = [
      `${h}.${b}.${s}=`,
      `${h}.${b}.${s}==`,
      `${h}.${b}.${standard(s)}`,
      `${h}=.${b}.${s}`,
      `${h}.${b}=.${s}`,
      `${h}.${b}.${s} `,
      `${h}.${b}.${s}.`,
      ` ${h}.${b}.${s}`,
      `${h}.${b}.${s.slice(0, 20)}*${s.slice(21)}`,
      // a 32-byte signature leaves two unused bits in its last character: set them and the bytes stay the same
      `${h}.${b}.${s.slice(0, -1)}${B64URL[B64URL.indexOf(s.at(-1)!) + 1]}`,
    ];
    for (const forged of bad) expect(await verifyAccessToken(forged, secret), forged).toBeNull();
  });
});
