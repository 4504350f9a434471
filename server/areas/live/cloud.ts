/**
 * Cloud sessions' ledger and credentials (docs/decisions/037).
 *
 * - Metering: a cloud session is charged one minute of cloud hours (a `usage` entry of −1 in the
 *   CloudHourEntry ledger of decision 018) at the start of each of its minutes, minute 0 when it
 *   goes live. The entry carries (sessionId, minute) under a unique key, and it is written in a
 *   transaction that locks the user's row, sums the balance and inserts only when the balance is
 *   positive: however many instances meter the same session at once, each minute is charged once,
 *   and the balance never goes below zero.
 * - Tickets: getSocket hands the studio a random ticket for the cloud stream's socket, good for
 *   60 s and once; only its SHA-256 is stored, and spending it is one conditional update.
 * - Render keys: the render worker's page authenticates as the session itself (`avr_<id>.<HMAC>`),
 *   valid while the cloud session is open; it is never shown to anyone.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { locked, lockRow } from "../../../infra/db.ts";
import { CLOUD_TICKET_PATTERN, CLOUD_TICKET_SECONDS, RENDER_KEY_PREFIX } from "../../../shared/live.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export type ChargeResult = "charged" | "already" | "empty";

export function createCloudLedger({ db, clock, codeKey }: Pick<Deps, "db" | "clock" | "codeKey">) {
  const renderSecret = createHmac("sha256", codeKey).update("cloud-render-key").digest();
  const renderMac = (sessionId: string) =>
    createHmac("sha256", renderSecret).update(sessionId).digest("base64url").slice(0, 32);

  return {
    /** Minutes left: the ledger's sum. */
    async balance(userId: string): Promise<number> {
      const sum = await db.cloudHourEntry.aggregate({ where: { userId }, _sum: { minutes: true } });
      return sum._sum.minutes ?? 0;
    },

    /** Charge minute `minute` of a session once: `already` when it was, `empty` when no minute is left. */
    charge(userId: string, sessionId: string, minute: number): Promise<ChargeResult> {
      return locked(db, async (tx) => {
        await lockRow(db, tx, "User", userId);
        const done = await tx.cloudHourEntry.findUnique({ where: { sessionId_minute: { sessionId, minute } } });
        if (done) return "already";
        const sum = await tx.cloudHourEntry.aggregate({ where: { userId }, _sum: { minutes: true } });
        if ((sum._sum.minutes ?? 0) <= 0) return "empty";
        await tx.cloudHourEntry.create({
          data: { userId, minutes: -1, reason: "usage", sessionId, minute, createdAt: clock.now() },
        });
        return "charged";
      });
    },

    /** The last minute charged for a session, or −1. */
    async lastCharged(sessionId: string): Promise<number> {
      const max = await db.cloudHourEntry.aggregate({ where: { sessionId }, _max: { minute: true } });
      return max._max.minute ?? -1;
    },

    async issueTicket(userId: string, sessionId: string) {
      const ticket = `avc_${randomBytes(24).toString("base64url")}`;
      const now = clock.now();
      await db.cloudTicket.create({
        data: {
          tokenHash: sha256(ticket),
          userId,
          sessionId,
          expiresAt: new Date(now.getTime() + CLOUD_TICKET_SECONDS * 1000),
          createdAt: now,
        },
      });
      // tickets are worth nothing once expired: keep the table small
      db.cloudTicket
        .deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 3600_000) } } })
        .catch(() => undefined);
      return { ticket, expiresInSeconds: CLOUD_TICKET_SECONDS };
    },

    /** Spend a ticket (once, before it expires): its user and session; 1905 otherwise. */
    async spendTicket(ticket: unknown): Promise<{ userId: string; sessionId: string }> {
      if (typeof ticket !== "string" || !CLOUD_TICKET_PATTERN.test(ticket)) throw new BizError("CLOUD_TICKET_INVALID");
      const tokenHash = sha256(ticket);
      const now = clock.now();
      const spent = await db.cloudTicket.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (spent.count !== 1) throw new BizError("CLOUD_TICKET_INVALID");
      const row = await db.cloudTicket.findUniqueOrThrow({ where: { tokenHash } });
      return { userId: row.userId, sessionId: row.sessionId };
    },

    renderKey: (sessionId: string) => `${RENDER_KEY_PREFIX}${sessionId}.${renderMac(sessionId)}`,

    /** The owner of a render key, while its cloud session is open; 1903 otherwise (as a stream key). */
    async renderOwner(key: string): Promise<string> {
      const match = /^avr_([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{32})$/.exec(key);
      if (!match) throw new BizError("STREAM_KEY_INVALID");
      const [, sessionId = "", mac = ""] = match;
      const expected = Buffer.from(renderMac(sessionId));
      if (!timingSafeEqual(Buffer.from(mac), expected)) throw new BizError("STREAM_KEY_INVALID");
      const row = await db.liveSession.findFirst({ where: { id: sessionId, mode: "cloud", endedAt: null } });
      if (!row) throw new BizError("STREAM_KEY_INVALID");
      return row.userId;
    },
  };
}

export type CloudLedger = ReturnType<typeof createCloudLedger>;
