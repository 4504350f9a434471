/**
 * Password-login limits that hold however the client's address varies (OWASP ASVS V6,
 * docs/security.md): failures are counted per account, and the account locks after
 * LOGIN_FREE_FAILURES for a minute, doubling with each further failure up to an hour. Failures are
 * also counted per client address over a day (LOGIN_FAILURES_PER_IP_DAY). A locked account answers
 * 1013 with the minutes to wait, whatever the password; a success, a code login or a password reset
 * clears the account's count, so the lock never shuts its owner out for good.
 * Kept in the database, so every instance of a site counts together.
 */

import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";

export const LOGIN_LOCK = {
  /** Failures in a row an account may have before it locks. */
  freeFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 3_600_000,
  /** A run of failures (and the per-address count) starts again after a quiet day. */
  windowMs: 24 * 3_600_000,
} as const;

/** The lock earned by the nth failure in a row (none below the free failures). */
export function lockMsFor(failures: number): number {
  if (failures < LOGIN_LOCK.freeFailures) return 0;
  return Math.min(LOGIN_LOCK.maxLockMs, LOGIN_LOCK.firstLockMs * 2 ** (failures - LOGIN_LOCK.freeFailures));
}

const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export function createLoginGuard({ db, clock, env }: Pick<Deps, "db" | "clock" | "env">) {
  const accountKey = (target: string) => `account:${target}`;
  const ipKey = (ip: string) => `ip:${ip}`;

  /** Count one failure under a key; returns the count in the current window. */
  async function count(key: string, now: Date): Promise<number> {
    const row = await db.loginGuard.findUnique({ where: { key } });
    if (!row || now.getTime() - row.windowStart.getTime() > LOGIN_LOCK.windowMs) {
      await db.loginGuard.upsert({
        where: { key },
        create: { key, failures: 1, windowStart: now },
        update: { failures: 1, windowStart: now, lockedUntil: null },
      });
      return 1;
    }
    const updated = await db.loginGuard.update({ where: { key }, data: { failures: { increment: 1 } } });
    return updated.failures;
  }

  return {
    /** Refuse before the password is checked when the account is locked or the address spent its day. */
    async check(target: string, ip: string | undefined) {
      const now = clock.now();
      const account = await db.loginGuard.findUnique({ where: { key: accountKey(target) } });
      if (account?.lockedUntil && account.lockedUntil > now)
        throw new BizError("LOGIN_LOCKED", { minutes: minutesUntil(account.lockedUntil, now) });
      if (!ip) return;
      const address = await db.loginGuard.findUnique({ where: { key: ipKey(ip) } });
      if (
        address &&
        address.failures >= env.LOGIN_FAILURES_PER_IP_DAY &&
        now.getTime() - address.windowStart.getTime() <= LOGIN_LOCK.windowMs
      ) {
        const until = new Date(address.windowStart.getTime() + LOGIN_LOCK.windowMs);
        throw new BizError("LOGIN_LIMIT", { minutes: minutesUntil(until, now) });
      }
    },

    /** A wrong password (or an unknown email: counted alike, so the answer says nothing of which). */
    async fail(target: string, ip: string | undefined) {
      const now = clock.now();
      const failures = await count(accountKey(target), now);
      const lockMs = lockMsFor(failures);
      if (lockMs > 0)
        await db.loginGuard.update({
          where: { key: accountKey(target) },
          data: { lockedUntil: new Date(now.getTime() + lockMs) },
        });
      if (ip) await count(ipKey(ip), now);
      // the counts name emails and addresses: none is kept past two quiet days (docs/security.md)
      await db.loginGuard.deleteMany({
        where: { updatedAt: { lt: new Date(now.getTime() - 2 * LOGIN_LOCK.windowMs) } },
      });
    },

    /** A success, a code login or a reset: the account's count and lock go. */
    async clear(target: string) {
      await db.loginGuard.deleteMany({ where: { key: accountKey(target) } });
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
