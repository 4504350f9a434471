/**
 * One-time verification codes: 6 digits from a CSPRNG, kept only as an HMAC bound to their
 * purpose and target, single use, 10 minutes to live, at most 5 wrong tries per code, a resend
 * cooldown (60 s) and send limits per target and per IP (infra/env.ts).
 */

import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { serializable } from "../../../infra/db.ts";
import { EMAIL_CODE_TTL_MS } from "../../../shared/constants.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";

export const CODE_PURPOSES = ["login", "register", "reset", "bind", "cancel"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** Codes texted by sendSms prove the phone; login and the third-party phone bind take either. */
export const PHONE_PROOF: readonly CodePurpose[] = ["login", "bind"];

/** Fixed rules; the send limits (cooldown, per target, per IP) come from the environment. */
export const CODE_RULES = {
  ttlMs: EMAIL_CODE_TTL_MS,
  maxAttempts: 5,
} as const;

const HOUR_MS = 3600_000;

export function createCodeService({
  db,
  clock,
  outbox,
  codeKey,
  env,
}: Pick<Deps, "db" | "clock" | "outbox" | "codeKey" | "env">) {
  const hashOf = (purpose: CodePurpose, target: string, code: string) =>
    createHmac("sha256", codeKey).update(`${purpose}\n${target}\n${code}`).digest("hex");

  return {
    /** Make a code, store its hash, and send it. Returns nothing: the code only travels in the message. */
    async issue(input: {
      purpose: CodePurpose;
      channel: "sms" | "email";
      target: string;
      ip: string | undefined;
      render: (code: string) => { subject: string; body: string };
    }) {
      const now = clock.now();
      const { purpose, channel, target, ip } = input;
      const last = await db.verificationCode.findFirst({
        where: { target, purpose },
        orderBy: { createdAt: "desc" },
        select: { createdAt: true },
      });
      const waitMs = last ? env.CODE_COOLDOWN_SECONDS * 1000 - (now.getTime() - last.createdAt.getTime()) : 0;
      if (waitMs > 0) throw new BizError("CODE_COOLDOWN", { seconds: Math.ceil(waitMs / 1000) });
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const [perTarget, perIp] = await Promise.all([
        db.verificationCode.count({ where: { target, createdAt: { gt: hourAgo } } }),
        ip ? db.verificationCode.count({ where: { ip, createdAt: { gt: hourAgo } } }) : 0,
      ]);
      if (perTarget >= env.CODES_PER_TARGET_HOUR || perIp >= env.CODES_PER_IP_HOUR) throw new BizError("SEND_LIMIT");

      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      // A new code replaces any earlier one for the same purpose and target: SERIALIZABLE on
      // PostgreSQL, so two sends at once still leave one live code (decision 032).
      await serializable(db, async (tx) => {
        await tx.verificationCode.updateMany({
          where: { target, purpose, consumedAt: null },
          data: { consumedAt: now },
        });
        await tx.verificationCode.create({
          data: {
            purpose,
            channel,
            target,
            ip: ip ?? null,
            codeHash: hashOf(purpose, target, code),
            expiresAt: new Date(now.getTime() + CODE_RULES.ttlMs),
            createdAt: now,
          },
        });
      });
      const { subject, body } = input.render(code);
      await outbox.send({ channel, to: target, subject, body, secrets: [code] });
    },

    /**
     * Use a code. Succeeds once: the consuming update is conditional, so of many concurrent
     * uses exactly one wins (READ COMMITTED is enough on PostgreSQL: a waiting update re-checks
     * its condition on the row the winner committed). A wrong code counts a try; after 5 the code is dead.
     */
    async consume(purposes: CodePurpose | readonly CodePurpose[], target: string, code: string) {
      const now = clock.now();
      const row = await db.verificationCode.findFirst({
        where: {
          target,
          purpose: { in: typeof purposes === "string" ? [purposes] : [...purposes] },
          consumedAt: null,
          expiresAt: { gt: now },
        },
        orderBy: { createdAt: "desc" },
      });
      if (!row || row.attempts >= CODE_RULES.maxAttempts) throw new BizError("VERIFICATION_CODE_ERROR");
      const expected = Buffer.from(row.codeHash, "hex");
      const given = Buffer.from(
        hashOf(row.purpose as CodePurpose, target, /^\d{6}$/.test(code) ? code : "invalid"),
        "hex",
      );
      if (!timingSafeEqual(expected, given)) {
        await db.verificationCode.updateMany({
          where: { id: row.id, consumedAt: null, attempts: { lt: CODE_RULES.maxAttempts } },
          data: { attempts: { increment: 1 } },
        });
        throw new BizError("VERIFICATION_CODE_ERROR");
      }
      const won = await db.verificationCode.updateMany({
        where: { id: row.id, consumedAt: null, attempts: { lt: CODE_RULES.maxAttempts } },
        data: { consumedAt: now },
      });
      if (won.count !== 1) throw new BizError("VERIFICATION_CODE_ERROR");
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
