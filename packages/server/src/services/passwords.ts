/**
 * Password hashing with argon2id, by default at OWASP's baseline (19 MiB, t=2, p=1):
 * the library default (64 MiB, t=3, p=4) costs several times more CPU and memory per
 * login, which on a 2-core node caps logins at a few per second. The cost is set by
 * PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_ITERATIONS (the test suites lower it:
 * they register thousands of accounts). Parameters travel inside each hash, so stored
 * hashes of any cost still verify.
 */
import argon2 from 'argon2';

export interface PasswordCost {
  memoryKib: number;
  iterations: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKib: 19_456, iterations: 2 };
/** argon2's own floor is 8 KiB per lane; below 1 MiB a hash protects next to nothing. */
export const MIN_PASSWORD_MEMORY_KIB = 1_024;

export class Passwords {
  private readonly options;

  constructor(cost: PasswordCost = DEFAULT_PASSWORD_COST) {
    this.options = {
      type: argon2.argon2id,
      memoryCost: Math.max(MIN_PASSWORD_MEMORY_KIB, cost.memoryKib),
      timeCost: Math.max(1, cost.iterations),
      parallelism: 1,
    } as const;
  }

  hash(plain: string): Promise<string> {
    return argon2.hash(plain, this.options);
  }

  async verify(hash: string, plain: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false;
    }
  }
}
