import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TokenClaims } from '../../../domain/auth.schemas';

export interface AccessClaims extends TokenClaims {
  fam: string;
}

export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, seconds: number): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(secret);
}

/**
 * The bytes of one part of a compact JWS, or null unless it is canonical base64url: only the URL alphabet, no
 * padding, no stray characters and no set bits left over in the last character. Node's decoder would accept
 * '=', '+', '/' and skip anything else, so one token could be written many ways.
 */
function strictBase64url(part: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

/**
 * HS256 verification with node:crypto, synchronously: every API call verifies a token, and jose's
 * WebCrypto path (a key import and a thread-pool round trip per call) cost more than the query of a page.
 * Checks that every part is canonical base64url, the header's algorithm, the signature in constant time, and the expiry.
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts.map(strictBase64url);
  if (!header || !body || !signature) return null;
  try {
    const { alg } = JSON.parse(header.toString('utf8')) as { alg?: unknown };
    if (alg !== 'HS256') return null;
    const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    const payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || payload.exp <= Date.now() / 1000) return null;
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Six characters without the look-alikes 0/O and 1/I. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}
