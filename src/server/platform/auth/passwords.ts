import { hash, verify } from '@node-rs/argon2';

// argon2id is the library's default algorithm; parameters are its defaults (~13 ms to verify)
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  if (!stored) {
    // same work as a real check, so a missing account does not answer faster
    await verify(DUMMY_HASH, secret).catch(() => false);
    return false;
  }
  return verify(stored, secret).catch(() => false);
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$zh2w0Uj0fSwnxhGVOgmG3g$CSjkzETHZMQTK2Qeiq4nj5H33bX7NLmIYjlO2rxlYgY';
