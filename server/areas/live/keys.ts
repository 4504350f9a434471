/**
 * Stream keys (docs/decisions/035): a random key shown once; the database keeps only its SHA-256
 * (a 192-bit random key needs no slow hash: nothing can be guessed from the digest). Rotating
 * replaces the hash, so the old key is refused on its next use; revoking deletes it.
 */
import { createHash, randomBytes } from "node:crypto";
import { RENDER_KEY_PREFIX, STREAM_KEY_PATTERN, STREAM_KEY_PREFIX } from "../../../shared/live.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { createCloudLedger } from "./cloud.ts";

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
export const newKey = () => `${STREAM_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
/** Enough to tell keys apart, far too little to use. */
const prefixOf = (key: string) => key.slice(0, STREAM_KEY_PREFIX.length + 4);

export function createKeyService(deps: Pick<Deps, "db" | "clock" | "live" | "codeKey">) {
  const { db, clock, live } = deps;
  const cloud = createCloudLedger(deps);
  const info = (row: { prefix: string; createdAt: Date; lastUsedAt: Date | null }) => ({
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

  return {
    async info(userId: string) {
      const row = await db.streamKey.findUnique({ where: { userId } });
      return row ? info(row) : null;
    },

    async rotate(userId: string) {
      const key = newKey();
      const data = { keyHash: hashKey(key), prefix: prefixOf(key), createdAt: clock.now(), lastUsedAt: null };
      const row = await db.streamKey.upsert({ where: { userId }, create: { userId, ...data }, update: data });
      // the old key's open sockets close now, not only its next connection
      live.publish(userId, { type: "key", state: "rotated" });
      return { ...info(row), key };
    },

    async revoke(userId: string) {
      await db.streamKey.deleteMany({ where: { userId } });
      live.publish(userId, { type: "key", state: "revoked" });
    },

    /**
     * The key's owner; STREAM_KEY_INVALID for a missing, malformed, rotated or revoked key. A cloud
     * session's render page holds a render key instead (docs/decisions/037), valid while it is open.
     */
    async owner(key: string | undefined | null): Promise<string> {
      if (key?.startsWith(RENDER_KEY_PREFIX)) return cloud.renderOwner(key);
      if (!key || !STREAM_KEY_PATTERN.test(key)) throw new BizError("STREAM_KEY_INVALID");
      const row = await db.streamKey.findUnique({ where: { keyHash: hashKey(key) }, select: { userId: true } });
      if (!row) throw new BizError("STREAM_KEY_INVALID");
      // best effort: the key page shows when it was last used
      db.streamKey
        .updateMany({ where: { userId: row.userId, keyHash: hashKey(key) }, data: { lastUsedAt: clock.now() } })
        .catch(() => {});
      return row.userId;
    },
  };
}
