/**
 * Look at the avatar without a browser, through the worker's software rasteriser (z-buffer, per-pixel Lambert and
 * Blinn specular from two lights plus a rim light, per-material colour, perspective camera) that
 * writes PNGs with sharp into test-results/head/. Run: npx tsx scripts/render-head.ts [name-filter]
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { anatomyFor } from "../shared/avatar/anatomy.ts";
import { type AvatarMesh, applyPose, buildAvatar, FACE_SLIDER_IDS } from "../shared/avatar/index.ts";
import { armsPose, restArm, rigOf } from "../shared/avatar/rig.ts";
import { render, SS, type View } from "../worker/render/rasterise.ts";

const OUT = join(import.meta.dirname, "..", "test-results", "head");

/** Every face slider at a seeded random value in [-0.45, 0.45] (mulberry32), like a system avatar. */
function randomSliders(seed: number): Record<string, number> {
  let a = seed >>> 0;
  const rnd = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Object.fromEntries(FACE_SLIDER_IDS.map((id) => [id, Math.round((rnd() * 0.9 - 0.45) * 100) / 100]));
}

const VIEWS: (View & { posed?: "T" | "A" })[] = [
  { file: "female-front.png", sex: 2, yaw: 0, framing: "bust" },
  { file: "female-34.png", sex: 2, yaw: 35, framing: "bust" },
  { file: "female-face.png", sex: 2, yaw: 0, framing: "face" },
  { file: "female-face-34.png", sex: 2, yaw: 35, framing: "face" },
  { file: "female-side.png", sex: 2, yaw: 90, framing: "face" },
  {
    file: "female-smile.png",
    sex: 2,
    yaw: 15,
    framing: "face",
    weights: { mouthSmileLeft: 1, mouthSmileRight: 1, jawOpen: 0.3 },
  },
  { file: "female-blink.png", sex: 2, yaw: 0, framing: "face", weights: { eyeBlinkLeft: 1, eyeBlinkRight: 0.5 } },
  { file: "female-aa.png", sex: 2, yaw: 0, framing: "face", weights: { viseme_aa: 1 } },
  { file: "male-front.png", sex: 1, yaw: 0, framing: "bust" },
  { file: "male-34.png", sex: 1, yaw: -35, framing: "bust" },
  { file: "male-face.png", sex: 1, yaw: 0, framing: "face" },
  { file: "male-face-34.png", sex: 1, yaw: -35, framing: "face" },
  { file: "male-side.png", sex: 1, yaw: -90, framing: "face" },
  {
    file: "male-params.png",
    sex: 1,
    yaw: 20,
    framing: "face",
    weights: {
      "nose.scale": 1,
      "eye.size": 1,
      "mandible.width": 1,
      "chin.length": -1,
      "mouth.width": 1,
      "eyebrow.angle": -1,
      "ears.angle": 1,
    },
  },
  // the half-body (issue 17): at rest from three sides, and waving (rig.ts)
  { file: "female-half.png", sex: 2, yaw: 0, framing: "half" },
  { file: "female-half-34.png", sex: 2, yaw: 35, framing: "half" },
  { file: "female-half-side.png", sex: 2, yaw: 90, framing: "half", pitch: 0 },
  { file: "male-half-34.png", sex: 1, yaw: -35, framing: "half" },
  ...(
    [
      ["wave", { lift: 0.85, swing: 0.15, roll: -1.45, bend: 0.8, twist: 0.2 }, {}],
      ["clap", { swing: 0.35, roll: 0.5, bend: 0.7, twist: -1.2 }, { swing: 0.35, roll: 0.5, bend: 0.7, twist: -1.2 }],
      ["cheer", { lift: 0.5, swing: 0.3, roll: -0.3, bend: 1.2 }, { lift: 0.5, swing: 0.3, roll: -0.3, bend: 1.2 }],
      ["reach", { swing: 0.5, bend: -0.5 }, { swing: 0.5, bend: -0.5 }],
    ] as const
  ).map(
    ([name, left, right]): View => ({
      file: `male-half-${name}.png`,
      sex: 1,
      yaw: 20,
      framing: "half",
      pose: armsPose(rigOf(anatomyFor(1, "realistic")).arm, { ...restArm(), ...left }, { ...restArm(), ...right }),
    }),
  ),
  {
    file: "female-tpose.png",
    sex: 2,
    yaw: 0,
    framing: "half",
    camera: { target: [0, -0.2, 0], distance: 3.2 },
    posed: "T",
  },
  {
    file: "female-apose.png",
    sex: 2,
    yaw: 30,
    framing: "half",
    camera: { target: [0, -0.2, 0], distance: 3.2 },
    posed: "A",
  },
  {
    file: "female-hands.png",
    sex: 2,
    yaw: 20,
    pitch: 25,
    framing: "half",
    camera: { target: [0, -0.53, 0.12], distance: 0.75 },
  },
  { file: "female-dark.png", sex: 2, yaw: 20, framing: "face", skinTone: 0.8 },
  // system-like faces: every slider drawn at random within +-0.45, as the seeded avatars are
  { file: "random-female-a.png", sex: 2, yaw: 20, framing: "face", weights: randomSliders(11) },
  { file: "random-female-b.png", sex: 2, yaw: -15, framing: "face", weights: randomSliders(23), skinTone: 0.55 },
  { file: "random-male-a.png", sex: 1, yaw: -20, framing: "face", weights: randomSliders(37) },
  { file: "random-male-b.png", sex: 1, yaw: 15, framing: "face", weights: randomSliders(41), skinTone: 0.7 },
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const filter = process.argv[2];
  const meshes = new Map<string, AvatarMesh>();
  for (const v of VIEWS) {
    if (filter && !v.file.includes(filter)) continue;
    const key = `${v.sex}-${v.skinTone ?? ""}`;
    let mesh = meshes.get(key);
    if (!mesh) {
      mesh = buildAvatar({ sex: v.sex, ...(v.skinTone === undefined ? {} : { skinTone: v.skinTone }) });
      meshes.set(key, mesh);
    }
    if (v.posed) mesh = applyPose(mesh, v.posed);
    const [w, h] = v.framing === "face" ? [640, 640] : [640, 800];
    const raw = render(mesh, v, w, h);
    await sharp(raw, { raw: { width: w * SS, height: h * SS, channels: 3 } })
      .resize(w, h, { kernel: "lanczos3" })
      .png()
      .toFile(join(OUT, v.file));
    console.log("wrote", v.file);
  }
}

await main();
