/**
 * Password hashing with argon2id at OWASP's baseline (19 MiB, t=2, p=1): the
 * library default (64 MiB, t=3, p=4) costs several times more CPU and memory
 * per login, which on a 2-core node caps logins at a few per second.
 * Parameters travel inside each hash, so stored hashes of any cost still verify.
 */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, OPTIONS);

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
