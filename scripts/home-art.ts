/**
 * The home page's hero pictures (issue 47): three of the product's own avatars rendered by the
 * worker's renderer (the one that draws every portrait), written as small WebP files beside the
 * page. Static images, so the landing page loads no three.js and its script budget is untouched
 * (docs/decisions/030, 057). Run after the avatar model or the renderer changes:
 *
 *   tsx scripts/home-art.ts
 */

import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { SYSTEM_ROLES } from "../prisma/roles.ts";
import { buildLook } from "../shared/avatar/index.ts";
import { appearanceColumn, faceParamsColumn } from "../shared/json-column.ts";
import { defaultChoice, faceParamsOf, specOf } from "../web/features/creator/cartoonSpec.ts";
import { render, SS } from "../worker/render/rasterise.ts";

const OUT = path.join(import.meta.dirname, "..", "web", "features", "home");
const W = 300;
const H = 360;
// head and shoulders, closer than the portraits' bust framing
const CAMERA = { target: [0, -0.045, 0] as [number, number, number], distance: 1.0 };

async function write(name: string, raw: Buffer) {
  const webp = await sharp(raw, { raw: { width: W * SS, height: H * SS, channels: 3 } })
    .resize(W, H, { kernel: "lanczos3" })
    .webp({ quality: 78 })
    .toBuffer();
  fs.writeFileSync(path.join(OUT, name), webp);
  console.log(`${name}: ${(webp.length / 1024).toFixed(1)} KB`);
}

function systemRole(id: string) {
  const role = SYSTEM_ROLES.find((r) => r.id === id);
  if (!role) throw new Error(`no system role ${id}`);
  return {
    sex: role.sex as 1 | 2,
    faceParams: faceParamsColumn.decode(role.faceParams) as Record<string, number>,
    appearance: appearanceColumn.decode(role.appearance),
  };
}

// a realistic system avatar each side, a cartoon from the creator in the middle
const aria = systemRole("sys-f-01");
await write(
  "hero-realistic-f.webp",
  render(
    buildLook(aria.sex, aria.appearance, "#6d4aff", "realistic"),
    { file: "", sex: aria.sex, yaw: 16, framing: "bust", weights: aria.faceParams, camera: CAMERA },
    W,
    H,
  ),
);
const leo = systemRole("sys-m-01");
await write(
  "hero-realistic-m.webp",
  render(
    buildLook(leo.sex, leo.appearance, "#2b2d42", "realistic"),
    { file: "", sex: leo.sex, yaw: -16, framing: "bust", weights: leo.faceParams, camera: CAMERA },
    W,
    H,
  ),
);
const cartoon = specOf(
  { ...defaultChoice(2), hair: "#f28ab8", eyeColor: "#7a55c9", outfit: "#3ccf9a", hairStyle: "long" },
  "Cartoon",
);
await write(
  "hero-cartoon.webp",
  render(
    buildLook(cartoon.sex, cartoon.appearance, cartoon.outfit, "toon"),
    { file: "", sex: cartoon.sex, yaw: 0, framing: "bust", weights: faceParamsOf(defaultChoice(2)), camera: CAMERA },
    W,
    H,
  ),
);
