/**
 * The likeness judge's run (decision 049): each photo cloned as the job clones it, the clone drawn
 * by the portraits' software renderer (worker/render/rasterise.ts) from the front and turned, in
 * both styles, and each render scored by the recognition net against its photo; rank-1 is among
 * every clone of the set and the 16 system avatars drawn in the same view. `npm run likeness`
 * prints it; tests/unit/likeness.test.ts holds its rates on photos the fit was never tuned on.
 */

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import sharp from "sharp";
import { SYSTEM_ROLES } from "../../prisma/roles.ts";
import type { AvatarMesh, AvatarStyle } from "../../shared/avatar/index.ts";
import { lookColors } from "../../shared/avatar/index.ts";
import { appearanceColumn, faceParamsColumn } from "../../shared/json-column.ts";
import { render, SS } from "../render/rasterise.ts";
import { bust, cloneBust, clonePhoto, dressed, type PhotoClone } from "./clone.ts";
import { faceDescriptor, judge, type LikenessRow, type LikenessSummary, pairwise, summarise } from "./likeness.ts";

/** The contact sheet's tiles: 200 px, framed on the face (scripts/screenshot-sheet.ts). */
export const TILE = 200;
/** The views judged: from the front, and turned as the contact sheet's second column is. */
export const VIEWS = [
  { name: "front", yaw: 0 },
  { name: "turned", yaw: 25 },
] as const;
/** The view the system avatars are compared among themselves in: the contact sheet's. */
export const SYSTEM_YAW = 18;

export type ViewName = (typeof VIEWS)[number]["name"];

/** A render of `mesh` as a PNG-ready raw RGB tile of TILE px. */
export async function renderTile(mesh: AvatarMesh, yaw: number, weights?: Record<string, number>): Promise<Buffer> {
  const raw = render(mesh, { file: "", sex: mesh.sex, yaw, framing: "face", weights }, TILE, TILE);
  return sharp(raw, { raw: { width: TILE * SS, height: TILE * SS, channels: 3 } })
    .resize(TILE, TILE, { kernel: "lanczos3" })
    .png()
    .toBuffer();
}

/** The 16 system avatars (the base models), as the contact sheet draws them. */
export function systemAvatars(
  style: AvatarStyle,
): { name: string; mesh: AvatarMesh; weights: Record<string, number> }[] {
  return SYSTEM_ROLES.filter((r) => r.licence === null)
    .slice(0, 16)
    .map((role) => {
      const sex = role.sex as 1 | 2;
      const appearance = appearanceColumn.decode(role.appearance);
      return {
        name: role.name,
        mesh: dressed(bust(sex, style), lookColors(sex, appearance)),
        weights: faceParamsColumn.decode(role.faceParams) as Record<string, number>,
      };
    });
}

/** A photo's sex for the fixtures: files named man-* are cloned with the male head. */
export const sexOfFile = (file: string): 1 | 2 => (basename(file).startsWith("man-") ? 1 : 2);

export interface LikenessReport {
  photos: string[];
  /** Photos left out: no face found by the clone job's detector or by the net. */
  skipped: string[];
  /** By style, then view: each photo's row and the summary. */
  results: Record<AvatarStyle, Record<ViewName, { rows: LikenessRow[]; summary: LikenessSummary }>>;
  /** Seconds spent cloning each photo (detection, fit and look; texture where there is one). */
  cloneSeconds: number[];
}

export interface LikenessOptions {
  styles?: readonly AvatarStyle[];
  /** Clone with the photo's texture (decision 049; default) or without (the clone before it). */
  texture?: boolean;
  views?: readonly ViewName[];
  /** Called with each clone's renders (the contact sheet and the script's tiles). */
  onClone?: (file: string, clone: PhotoClone, tiles: Record<string, Buffer>) => void | Promise<void>;
}

/** Clones and judges `files` (rank-1 among their own clones and the 16 system avatars). */
export async function measureLikeness(
  files: readonly string[],
  options: LikenessOptions = {},
): Promise<LikenessReport> {
  const styles = options.styles ?? (["realistic", "toon"] as const);
  const views = VIEWS.filter((v) => (options.views ?? VIEWS.map((w) => w.name)).includes(v.name));
  const photos: { name: string; descriptor: Float32Array }[] = [];
  const clones: PhotoClone[] = [];
  const cloneSeconds: number[] = [];
  const skipped: string[] = [];
  const cloneDescriptors: Record<string, (Float32Array | null)[]> = {};
  for (const file of files) {
    const started = performance.now();
    const clone = await clonePhoto(readFileSync(file), sexOfFile(file), { texture: options.texture ?? true });
    cloneSeconds.push((performance.now() - started) / 1000);
    // a photo the clone job would refuse (no face found), or the net cannot read, is not judged
    const descriptor = clone ? await faceDescriptor(clone.photo) : null;
    if (!clone || !descriptor) {
      skipped.push(basename(file));
      continue;
    }
    photos.push({ name: basename(file), descriptor });
    clones.push(clone);
    const tiles: Record<string, Buffer> = {};
    for (const style of styles) {
      const mesh = cloneBust(clone, style);
      for (const view of views) {
        const tile = await renderTile(mesh, view.yaw, clone.fit.params as Record<string, number>);
        tiles[`${style}:${view.name}`] = tile;
        const key = `${style}:${view.name}`;
        cloneDescriptors[key] ??= [];
        cloneDescriptors[key].push(await faceDescriptor(tile));
      }
    }
    await options.onClone?.(file, clone, tiles);
  }
  const results = {} as LikenessReport["results"];
  for (const style of styles) {
    results[style] = {} as LikenessReport["results"][AvatarStyle];
    const system = systemAvatars(style);
    for (const view of views) {
      const others: (Float32Array | null)[] = [];
      for (const avatar of system)
        others.push(await faceDescriptor(await renderTile(avatar.mesh, view.yaw, avatar.weights)));
      const rows = judge(photos, cloneDescriptors[`${style}:${view.name}`] ?? [], others);
      results[style][view.name] = { rows, summary: summarise(rows) };
    }
  }
  return { photos: photos.map((p) => p.name), skipped, results, cloneSeconds };
}

/** The 16 system avatars' pairwise distances in a style, drawn as the contact sheet draws them. */
export async function systemDistances(style: AvatarStyle) {
  const descriptors: (Float32Array | null)[] = [];
  for (const avatar of systemAvatars(style))
    descriptors.push(await faceDescriptor(await renderTile(avatar.mesh, SYSTEM_YAW, avatar.weights)));
  return pairwise(descriptors);
}
