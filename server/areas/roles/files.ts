/**
 * The files an avatar made, removed with it (issue 45, defect 5): a photo clone's face photo (the
 * normalised upload, up to 2048 px, public by its URL), its face crop and the face texture projected
 * from it (decision 049), and the avatar's portrait. A copy of an avatar shows the same portrait, and portraits are named by what they
 * show (shared/portraits.ts), so a file another avatar still shows stays.
 */

import type { Deps } from "../../types.ts";

export interface AvatarFiles {
  id: string;
  kind: string;
  imgKey: string | null;
}

/** A photo clone's face texture (decision 049), by its role id: the exports read it (export.ts). */
export const faceTextureKey = (id: string): string => `${id}.face.png`;

/** The files the clone job stores for a photo clone whose role id is `id` (worker/processors/photo-clone.ts). */
export const photoCloneKeys = (id: string): string[] => [`${id}.jpg`, `${id}.thumb256.webp`, faceTextureKey(id)];

/** The keys of an avatar's files: its portrait, and a photo clone's face photo and crop. */
export function avatarFileKeys(role: AvatarFiles): string[] {
  const keys = role.imgKey ? [role.imgKey] : [];
  // the photo clone's keys are named after its role id (worker/processors/photo-clone.ts)
  if (role.kind === "photo" && /^photo-[0-9a-z-]+$/i.test(role.id)) keys.push(...photoCloneKeys(role.id));
  return [...new Set(keys)];
}

/** Remove the files of avatars whose rows are gone, keeping any another avatar (or a system role) shows. */
export async function removeAvatarFiles(deps: Pick<Deps, "db" | "storage">, roles: AvatarFiles[]): Promise<void> {
  const keys = [...new Set(roles.flatMap(avatarFileKeys))];
  if (keys.length === 0) return;
  const [custom, system] = await Promise.all([
    deps.db.customRole.findMany({ where: { imgKey: { in: keys } }, select: { imgKey: true } }),
    deps.db.role.findMany({ where: { imgKey: { in: keys } }, select: { imgKey: true } }),
  ]);
  const shown = new Set([...custom, ...system].map((row) => row.imgKey));
  for (const key of keys) if (!shown.has(key)) await deps.storage.remove(key);
}
