// Password hashing with argon2id (OWASP parameters of @node-rs/argon2's defaults: 19 MiB, t=2).
import { hash, verify } from '@node-rs/argon2';

// 2 = Argon2id in @node-rs/argon2's Algorithm enum (a const enum, not importable as a value here).
const OPTIONS = { algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Verifying against this hash when a login does not exist makes both answers cost the same time,
// so the answer does not reveal which logins exist.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  await verifyPassword(await dummyHash, password);
  return false;
}
