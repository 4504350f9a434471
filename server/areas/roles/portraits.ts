import { portraitKey } from "../../../shared/portraits.ts";
import type { Deps } from "../../types.ts";

/**
 * Render the system roles' portraits that are missing or out of date (the model or the role
 * changed), one after another in the background. Returns how many were queued.
 */
export async function refreshRolePortraits(
  { db, jobs }: Pick<Deps, "db" | "jobs">,
  log: { warn(obj: object, msg: string): void },
) {
  const roles = await db.role.findMany({
    select: { id: true, sex: true, faceParams: true, appearance: true, imgKey: true },
  });
  const stale = roles.filter((r) => r.imgKey !== portraitKey(r.sex, r.faceParams, r.appearance));
  void (async () => {
    for (const role of stale) {
      await jobs
        .run("avatarThumbnail", { kind: "role", id: role.id })
        .catch((err: unknown) => log.warn({ err, role: role.id }, "role portrait failed"));
    }
  })();
  return stale.length;
}
