/** Factories shared by the seed and the tests. */

import { randomUUID } from "node:crypto";
import type { Db } from "../infra/db.ts";
import { hashPassword } from "../server/areas/account/password.ts";

export interface UserInput {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  vipType?: string | null;
  vipExpiresAt?: Date | null;
  sourcesNo?: string | null;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

export async function createUser(db: Db, input: UserInput = {}, passwordHash?: string) {
  const email = input.email === undefined ? `user-${randomUUID().slice(0, 8)}@example.test` : input.email;
  return db.user.create({
    data: {
      email,
      phone: input.phone ?? null,
      passwordHash: passwordHash ?? (input.password ? await hashPassword(input.password) : null),
      vipType: input.vipType ?? null,
      vipExpiresAt: input.vipType ? (input.vipExpiresAt ?? new Date(Date.now() + YEAR_MS)) : null,
      sourcesNo: input.sourcesNo ?? null,
    },
  });
}
