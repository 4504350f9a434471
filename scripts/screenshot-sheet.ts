/**
 * A contact sheet of the avatars as the portraits draw them (worker/render/rasterise.ts, the
 * worker's software rasteriser, decision 039): the 16 system avatars in the realistic style and in
 * the toon style, the cartoon creator's four hair styles from the front and from behind, the
 * realistic cuts, the half-body at rest and gesturing, and photo clones beside their photos (with their landmark errors, also printed),
 * textured from their photos (decision 049).
 * Writes docs/screenshots/avatars-sheet.png. Run: npx tsx scripts/screenshot-sheet.ts
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { SYSTEM_ROLES } from "../prisma/roles.ts";
import {
  type AvatarMesh,
  type AvatarStyle,
  buildAvatar,
  HAIR_STYLES,
  type LookAppearance,
  lookColors,
} from "../shared/avatar/index.ts";
import { materialsFor } from "../shared/avatar/palette.ts";
import { armsPose } from "../shared/avatar/rig.ts";
import { appearanceColumn, faceParamsColumn } from "../shared/json-column.ts";
import { defaultChoice, faceParamsOf, skinToneOf } from "../web/features/creator/cartoonSpec.ts";
import { motionPose } from "../web/three/plan/animation.ts";
import { cloneBust, clonePhoto } from "../worker/face/clone.ts";
import { render, SS, type View } from "../worker/render/rasterise.ts";

const CELL = 200;
const COLS = 8;
const LABEL = 34;
const OUT = join(import.meta.dirname, "..", "docs", "screenshots", "avatars-sheet.png");

/**
 * One bust per sex, style, hair, glasses and beard; a look's colours are the materials only, so they
 * are swapped in.
 */
const busts = new Map<string, AvatarMesh>();
function bust(
  sex: 1 | 2,
  style: AvatarStyle,
  hairStyle?: (typeof HAIR_STYLES)[number],
  { glasses, beard }: Pick<LookAppearance, "glasses" | "beard"> = {},
): AvatarMesh {
  const key = `${sex}:${style}:${hairStyle ?? ""}:${glasses ?? ""}:${beard ?? ""}`;
  let mesh = busts.get(key);
  if (!mesh) {
    mesh = buildAvatar({ sex, style, hairStyle, glasses, beard });
    busts.set(key, mesh);
  }
  return mesh;
}

function dressed(mesh: AvatarMesh, colors: ReturnType<typeof lookColors>): AvatarMesh {
  const materials = materialsFor(colors, mesh.style, mesh);
  return { ...mesh, primitives: mesh.primitives.map((p) => ({ ...p, material: materials[p.name] })) };
}

async function cell(mesh: AvatarMesh, view: Omit<View, "file" | "sex">): Promise<Buffer> {
  const raw = render(mesh, { file: "", sex: mesh.sex, ...view }, CELL, CELL);
  return sharp(raw, { raw: { width: CELL * SS, height: CELL * SS, channels: 3 } })
    .resize(CELL, CELL, { kernel: "lanczos3" })
    .png()
    .toBuffer();
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
function label(text: string, width: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}">` +
      `<rect width="100%" height="100%" fill="#1b1c24"/>` +
      `<text x="12" y="23" font-family="DejaVu Sans, sans-serif" font-size="17" fill="#e8e8f0">${escapeXml(text)}</text></svg>`,
  );
}

const layers: OverlayOptions[] = [];
let y = 0;
const width = CELL * COLS;

const base = SYSTEM_ROLES.filter((r) => r.licence === null).slice(0, 16);
for (let half = 0; half < base.length; half += COLS) {
  const group = base.slice(half, half + COLS);
  for (const style of ["realistic", "toon"] as const) {
    layers.push({
      input: label(
        `System avatars ${half + 1}-${half + group.length}, ${style}: ${group.map((r) => r.name).join(", ")}`,
        width,
      ),
      left: 0,
      top: y,
    });
    y += LABEL;
    for (const [i, role] of group.entries()) {
      const sex = role.sex as 1 | 2;
      const appearance = appearanceColumn.decode(role.appearance);
      const mesh = dressed(bust(sex, style), lookColors(sex, appearance));
      const weights = faceParamsColumn.decode(role.faceParams) as Record<string, number>;
      layers.push({ input: await cell(mesh, { yaw: 18, framing: "face", weights }), left: i * CELL, top: y });
    }
    y += CELL;
  }
}

// The cartoon creator's hair styles on its default female cartoon: front, and from behind.
layers.push({
  input: label("Cartoon creator hair styles (front, behind): short, bob, long, ponytail", width),
  left: 0,
  top: y,
});
y += LABEL;
const choice = defaultChoice(2);
const colors = lookColors(
  2,
  { skinTone: skinToneOf(choice.skin), hairColor: choice.hair, eyeColor: choice.eyeColor },
  choice.outfit,
);
const weights = faceParamsOf(choice);
for (const [i, hairStyle] of HAIR_STYLES.entries()) {
  const mesh = dressed(bust(2, "toon", hairStyle), colors);
  layers.push({ input: await cell(mesh, { yaw: 18, framing: "face", weights }), left: i * 2 * CELL, top: y });
  layers.push({ input: await cell(mesh, { yaw: 140, framing: "bust", weights }), left: (i * 2 + 1) * CELL, top: y });
}
y += CELL;

// The realistic cuts (appearance.hairStyle, decision 039 "Realistic cuts") on the default woman.
layers.push({ input: label("Realistic cuts (front, behind): short, bob, long, ponytail", width), left: 0, top: y });
y += LABEL;
for (const [i, hairStyle] of HAIR_STYLES.entries()) {
  const mesh = dressed(bust(2, "realistic", hairStyle), lookColors(2, { hairColor: "#8c6640" }));
  layers.push({ input: await cell(mesh, { yaw: 18, framing: "face" }), left: i * 2 * CELL, top: y });
  layers.push({ input: await cell(mesh, { yaw: 140, framing: "bust" }), left: (i * 2 + 1) * CELL, top: y });
}
y += CELL;

// The half-body (issue 17, decision 043): at rest and in the plan's arm gestures, both styles and sexes.
layers.push({
  input: label("Half-body: at rest, wave, clap, happy bounce (realistic woman and man, then toon)", width),
  left: 0,
  top: y,
});
y += LABEL;
const gestures = [null, "wave", "clap", "bounce"] as const;
let column = 0;
for (const style of ["realistic", "toon"] as const) {
  for (const [g, gesture] of gestures.entries()) {
    const sex = g % 2 === 0 ? 2 : 1;
    const mesh = bust(sex, style);
    const rig = mesh.rig;
    const moving = gesture ? motionPose(gesture, 2, 1) : null;
    const pose = rig && moving ? armsPose(rig.arm, moving.left, moving.right) : undefined;
    layers.push({
      input: await cell(mesh, {
        yaw: 15,
        framing: "half",
        camera: { target: [0, -0.22, 0.02], distance: 1.85 },
        ...(pose ? { pose } : {}),
      }),
      left: column * CELL,
      top: y,
    });
    column++;
  }
}
y += CELL;

// Photo clones beside their photos: the fitted face, and the look read from the photo (decision 010).
// astronaut.png, six women cropped from @vladmandic/face-api's demo photos, and four men in five photos
// from @vladmandic/human's screenshots and tracking.js's group photo (tests/fixtures/faces: man-*,
// cloned with the male head).
const fixtures = join(import.meta.dirname, "..", "tests", "fixtures");
const photos = [
  join(fixtures, "images", "astronaut.png"),
  ...readdirSync(join(fixtures, "faces"))
    .filter((f) => f.endsWith(".jpg"))
    .sort()
    .map((f) => join(fixtures, "faces", f)),
];
const figures: string[] = [];
for (const file of photos) {
  // cloned as the clone job clones it (worker/face/clone.ts), with the face texture (decision 049)
  const sex = basename(file).startsWith("man-") ? 1 : 2;
  const clone = await clonePhoto(readFileSync(file), sex);
  if (!clone) throw new Error(`no face in ${file}`);
  const { face, fit, look, analysed } = clone;
  const below = 100 * (1 - fit.errorFitted / fit.errorNeutral);
  const name = basename(file);
  figures.push(
    `${name.padEnd(26)} neutral ${fit.errorNeutral.toFixed(4)}  fitted ${fit.errorFitted.toFixed(4)}  ${below.toFixed(1)} % below; ` +
      `turned ${fit.yaw}°, nodded ${fit.pitch}°; ${look.appearance.hairStyle} ${look.appearance.hairColor} hair, skin ${look.appearance.skinTone}, eyes ${look.appearance.eyeColor}` +
      `${look.appearance.glasses ? `, ${look.appearance.glasses} glasses` : ""}${look.appearance.beard ? `, ${look.appearance.beard} beard` : ""}`,
  );
  layers.push({
    input: label(
      `Photo clone of ${name}: the photo, then the clone (realistic, toon) from the front and turned. Landmark error ${fit.errorNeutral.toFixed(3)} neutral, ${fit.errorFitted.toFixed(3)} fitted (${below.toFixed(0)} % below)`,
      width,
    ),
    left: 0,
    top: y,
  });
  y += LABEL;
  const side = Math.min(face.imageWidth, face.imageHeight, Math.round(face.box.width * 1.9));
  const crop = await sharp(analysed)
    .extract({
      left: Math.max(0, Math.min(face.imageWidth - side, Math.round(face.box.x + face.box.width / 2 - side / 2))),
      top: Math.max(0, Math.min(face.imageHeight - side, Math.round(face.box.y + face.box.height * 0.4 - side / 2))),
      width: side,
      height: side,
    })
    .resize(CELL, CELL)
    .png()
    .toBuffer();
  layers.push({ input: crop, left: 0, top: y });
  let col = 1;
  for (const style of ["realistic", "toon"] as const) {
    const mesh = cloneBust(clone, style);
    for (const yaw of [0, 25, 60]) {
      layers.push({ input: await cell(mesh, { yaw, framing: "face", weights: fit.params }), left: col * CELL, top: y });
      col++;
    }
  }
  y += CELL;
}
console.log(`Photo clones (landmark RMS error / inter-ocular distance):\n  ${figures.join("\n  ")}`);

mkdirSync(join(OUT, ".."), { recursive: true });
await sharp({ create: { width, height: y, channels: 3, background: "#2a2b35" } })
  .composite(layers)
  .png({ compressionLevel: 9 })
  .toFile(OUT);
console.log(`wrote ${OUT} (${width} x ${y})`);
