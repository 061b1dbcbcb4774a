import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet minimum: 19 MiB memory, 2 passes,
 * 1 lane. Each hash carries its own random 16-byte salt and these parameters in the PHC
 * string, so raising them later still verifies old hashes.
 */
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum upstream, unusable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the cost of one verification when there is no account, so timing does not reveal which names exist. */
export async function burnVerify(plain: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing-1!');
  await verifyPassword(await dummy, plain);
}
