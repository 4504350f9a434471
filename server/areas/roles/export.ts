/**
 * An avatar as a file (docs/decisions/034-avatar-export.md): the user's own avatars by their
 * owner-scoped row, system avatars under the same membership, licence and shop rules as using
 * them. Built here from the look (shared/avatar/export.ts), so a file is the avatar as it is now;
 * a cartoon takes its pose and atlas size from the GLB toonify made, and a photo clone its face
 * texture from the clone job's PNG.
 */

import sharp from "sharp";
import { type ExportFormat, type ExportLook, exportAvatar } from "../../../shared/avatar/export.ts";
import { readGlbJson } from "../../../shared/avatar/read-glb.ts";
import type { Language } from "../../../shared/constants.ts";
import { appearanceColumn, faceParamsColumn } from "../../../shared/json-column.ts";
import type { Deps } from "../../types.ts";
import { faceTextureKey } from "./files.ts";
import { createRoleService, roleName } from "./service.ts";

const AUTHORS = ["Avalive"];

const encodePng = async (rgba: Uint8Array, size: number) =>
  new Uint8Array(
    await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
      .png()
      .toBuffer(),
  );

export interface ExportedModel {
  bytes: Uint8Array;
  /** What to call the download, without extension. */
  name: string;
}

export function createExportService(deps: Pick<Deps, "db" | "reads" | "clock" | "jobs" | "storage">) {
  const roles = createRoleService(deps);

  /** A cartoon's pose, atlas size and outfit, as toonify wrote them into its GLB's asset.extras. */
  async function toonOf(modelKey: string): Promise<Pick<ExportLook, "toon" | "outfit">> {
    const extras = ((readGlbJson(await deps.storage.read(modelKey)).asset as { extras?: Record<string, unknown> })
      .extras ?? {}) as { pose?: unknown; textureSize?: unknown; avatar?: { outfit?: unknown } };
    const outfit = typeof extras.avatar?.outfit === "string" ? extras.avatar.outfit : undefined;
    return {
      toon: {
        pose: extras.pose === "T" ? "T" : "A",
        textureSize: typeof extras.textureSize === "number" ? extras.textureSize : 1024,
      },
      ...(outfit ? { outfit } : {}),
    };
  }

  /**
   * A photo clone's face texture, where the clone job stored one (decision 049); clones made before
   * it export with their flat skin colour, as they are drawn.
   */
  async function faceTextureOf(id: string): Promise<Pick<ExportLook, "faceTexture">> {
    const key = faceTextureKey(id);
    if (!(await deps.storage.exists(key))) return {};
    return { faceTexture: new Uint8Array(await deps.storage.read(key)) };
  }

  const build = async (look: ExportLook, format: ExportFormat, name: string, version: string) => ({
    bytes: await exportAvatar(look, format, { name, authors: AUTHORS, version }, encodePng),
    name,
  });

  return {
    async custom(userId: string, id: string, format: ExportFormat): Promise<ExportedModel> {
      const row = await roles.ownRole(userId, id);
      const look: ExportLook = {
        sex: row.sex === 1 ? 1 : 2,
        faceParams: faceParamsColumn.decodeOr(row.faceParams, {}),
        appearance: appearanceColumn.decodeOr(row.appearance, {}),
        ...(row.kind === "cartoon" && row.modelKey ? await toonOf(row.modelKey) : {}),
        ...(row.kind === "photo" ? await faceTextureOf(row.id) : {}),
      };
      return build(look, format, row.name, row.updatedAt.toISOString().slice(0, 10));
    },

    async system(userId: string, id: string, format: ExportFormat, language: Language): Promise<ExportedModel> {
      const role = await roles.usableSystemRole(userId, id);
      const look: ExportLook = {
        sex: role.sex === 1 ? 1 : 2,
        faceParams: faceParamsColumn.decodeOr(role.faceParams, {}),
        appearance: appearanceColumn.decodeOr(role.appearance, {}),
      };
      return build(look, format, roleName(role, language), "1");
    },
  };
}

/** Content-Disposition for a download named after the avatar: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(name: string, format: ExportFormat): string {
  const ascii = name.replace(/[^\w .-]/g, "").trim() || "avatar";
  return `attachment; filename="${ascii}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}.${format}`)}`;
}
