/** Passwords are hashed with argon2id (memory-hard) and never leave the server. */

import { hash, verify } from "@node-rs/argon2";

// Algorithm 2 is argon2id; the const enum of the package cannot be imported under isolatedModules.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
