import { styleOfKind } from "../../../shared/avatar/index.ts";
import { portraitKey } from "../../../shared/portraits.ts";
import type { Deps } from "../../types.ts";

/**
 * Render the portraits that are missing or out of date (the model, the renderer or the role
 * changed), one after another in the background: every system role's, and the users' avatars'
 * that are renders (a portrait key, or a cartoon's first portrait from toonify) and the photo
 * clones, whose cards showed the photo before issue 47 and now show the 3D portrait. Returns how
 * many were queued.
 */
export async function refreshRolePortraits(
  { db, jobs }: Pick<Deps, "db" | "jobs">,
  log: { warn(obj: object, msg: string): void },
) {
  const roles = await db.role.findMany({
    select: { id: true, sex: true, faceParams: true, appearance: true, imgKey: true },
  });
  const stale = roles
    .filter((r) => r.imgKey !== portraitKey(r.sex, r.faceParams, r.appearance))
    .map((r): { kind: "role" | "custom"; id: string } => ({ kind: "role", id: r.id }));
  const custom = await db.customRole.findMany({
    where: { OR: [{ imgKey: { startsWith: "avatar-" } }, { kind: "cartoon" }, { kind: "photo" }] },
    select: { id: true, kind: true, sex: true, faceParams: true, appearance: true, imgKey: true },
  });
  for (const r of custom)
    if (r.imgKey !== portraitKey(r.sex, r.faceParams, r.appearance, styleOfKind(r.kind)))
      stale.push({ kind: "custom", id: r.id });
  void (async () => {
    for (const job of stale) {
      await jobs
        .run("avatarThumbnail", job)
        .catch((err: unknown) => log.warn({ err, role: job.id }, "role portrait failed"));
    }
  })();
  return stale.length;
}
