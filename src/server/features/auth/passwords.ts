import { hash, verify } from '@node-rs/argon2';

// Argon2id, at least 19 MiB, 2 iterations, parallelism 1.
// algorithm 2 is Argon2id (the package's enum is a const enum that isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against a fixed hash when the user does not exist keeps the timing the same,
// so sign-in does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
