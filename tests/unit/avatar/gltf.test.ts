import validator from "gltf-validator";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { exportGlb, FACE_SLIDER_IDS } from "../../../shared/avatar/index.ts";
import { headUvs, TEXTURED_PARTS } from "../../../shared/avatar/uv.ts";
import { avatar } from "./helpers.ts";

async function validate(bytes: Uint8Array) {
  const report = await validator.validateBytes(bytes, { maxIssues: 50 });
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  return { report, errors };
}

/** Deterministic pseudo-random sliders so a failure can be reproduced. */
function randomParams(seed: number): Record<string, number> {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return Object.fromEntries(FACE_SLIDER_IDS.map((id) => [id, Math.round((rnd() * 2 - 1) * 100) / 100]));
}

function readJson(glb: Uint8Array): {
  meshes: {
    primitives: { targets?: unknown[]; attributes: Record<string, number>; material: number }[];
    weights?: number[];
    extras?: { targetNames: string[] };
  }[];
  materials: { name: string; pbrMetallicRoughness: { baseColorFactor: number[] } }[];
  accessors: { min?: number[]; max?: number[] }[];
} {
  const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const len = dv.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + len)));
}

describe("GLB export", () => {
  for (const sex of [1, 2] as const) {
    it(`sex ${sex}: neutral export with every morph target passes the Khronos validator`, async () => {
      const mesh = avatar(sex);
      const glb = exportGlb(mesh, { includeMorphs: true });
      const { report, errors } = await validate(glb);
      expect(errors).toEqual([]);
      expect(report.issues.numErrors).toBe(0);
      const json = readJson(glb);
      expect(json.meshes[0]?.extras?.targetNames).toEqual(mesh.targetNames);
      for (const p of json.meshes[0]?.primitives ?? []) expect(p.targets).toHaveLength(mesh.targetNames.length);
      expect(json.materials.map((m) => m.name)).toEqual(
        expect.arrayContaining(["skin", "lips", "iris", "pupil", "sclera", "hair", "teeth"]),
      );
      // the skin's colour zones and the hair's shade (shared/avatar/zones.ts) go out as COLOR_0, in 0..1
      const coloured = (json.meshes[0]?.primitives ?? [])
        .filter((p) => p.attributes.COLOR_0 !== undefined)
        .map((p) => json.materials[p.material]?.name);
      expect(coloured.sort()).toEqual(["ears", "hair", "skin"]);
      for (const p of json.meshes[0]?.primitives ?? []) {
        const color = p.attributes.COLOR_0;
        if (color === undefined) continue;
        expect(Math.min(...(json.accessors[color]?.min ?? [0]))).toBeGreaterThan(0.4);
        expect(Math.max(...(json.accessors[color]?.max ?? [2]))).toBeLessThanOrEqual(1);
      }
    });

    it(`sex ${sex}: random sliders as default weights, and baked without morphs, both validate`, async () => {
      const mesh = avatar(sex);
      const weights = { ...randomParams(sex * 7919), jawOpen: 0.4, mouthSmileLeft: 0.5 };
      const withMorphs = exportGlb(mesh, { weights, includeMorphs: true });
      expect((await validate(withMorphs)).report.issues.numErrors).toBe(0);
      expect(readJson(withMorphs).meshes[0]?.weights?.[mesh.targetNames.indexOf("jawOpen")]).toBeCloseTo(0.4);
      const baked = exportGlb(mesh, { weights, includeMorphs: false });
      const { report } = await validate(baked);
      expect(report.issues.numErrors).toBe(0);
      expect(readJson(baked).meshes[0]?.primitives[0]?.targets).toBeUndefined();
      expect(baked.byteLength).toBeLessThan(withMorphs.byteLength);
    });
  }

  it("keeps only the targets asked for and bakes the others with their weights (what an export does)", () => {
    const mesh = avatar(2);
    const bounds = (glb: Uint8Array) => readJson(glb).accessors[0];
    const neutral = exportGlb(mesh, { targets: ["jawOpen"] });
    const json = readJson(neutral);
    expect(json.meshes[0]?.extras?.targetNames).toEqual(["jawOpen"]);
    expect(json.meshes[0]?.primitives.every((p) => p.targets?.length === 1)).toBe(true);
    // a wider head moves the skin's bounds; the kept target's weight stays a weight, not baked
    const wide = exportGlb(mesh, { targets: ["jawOpen"], weights: { "head.width": 1, jawOpen: 0.5 } });
    expect(bounds(wide)?.max?.[0]).toBeGreaterThan(bounds(neutral)?.max?.[0] as number);
    expect(readJson(wide).meshes[0]?.weights).toEqual([0.5]);
  });

  it("a face texture goes on the head's parts only, as its own image after an atlas, and validates", async () => {
    const mesh = avatar(1);
    const png = async (r: number) =>
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 90, b: 70 } } })
          .png()
          .toBuffer(),
      );
    const uvs = mesh.primitives.map((p) => (TEXTURED_PARTS.includes(p.name) ? headUvs(p.positions) : undefined));
    const face = await png(200);
    const faceOnly = exportGlb(mesh, { targets: ["jawOpen"], faceTexture: { png: face, uvs } });
    const { errors, report } = await validate(faceOnly);
    expect(errors).toEqual([]);
    expect(report.issues.numWarnings).toBe(0);
    type Textured = ReturnType<typeof readJson> & {
      images: { name: string }[];
      textures: { source: number }[];
      materials: { name: string; pbrMetallicRoughness: { baseColorTexture?: { index: number } } }[];
    };
    const json = readJson(faceOnly) as Textured;
    expect(json.images.map((i) => i.name)).toEqual(["face"]);
    const texturedNames = (j: Textured, index: number) =>
      (j.meshes[0]?.primitives ?? [])
        .filter((p) => j.materials[p.material]?.pbrMetallicRoughness.baseColorTexture?.index === index)
        .map((p) => j.materials[p.material]?.name)
        .sort();
    const parts = mesh.primitives.filter((p) => TEXTURED_PARTS.includes(p.name)).map((p) => p.name);
    expect(texturedNames(json, 0)).toEqual([...parts].sort());
    // textured parts take their colour from the texture, not COLOR_0; the others keep theirs
    for (const p of json.meshes[0]?.primitives ?? [])
      expect(p.attributes.TEXCOORD_0 !== undefined).toBe(
        TEXTURED_PARTS.includes(json.materials[p.material]?.name as never),
      );
    expect(json.meshes[0]?.primitives.some((p) => p.attributes.COLOR_0 !== undefined)).toBe(true);

    // with an atlas too (which no export has yet), the atlas stays texture 0 and the face is texture 1
    const atlasUvs = mesh.primitives.map((p) => new Float32Array((p.positions.length / 3) * 2).fill(0.5));
    const atlasUvsHair = atlasUvs.map((uv, i) =>
      TEXTURED_PARTS.includes(mesh.primitives[i]?.name as never) ? undefined : uv,
    );
    const both = exportGlb(mesh, {
      targets: ["jawOpen"],
      atlas: { png: await png(20), uvs: atlasUvsHair as Float32Array[] },
      faceTexture: { png: face, uvs },
    });
    expect((await validate(both)).errors).toEqual([]);
    const bothJson = readJson(both) as Textured;
    expect(bothJson.images.map((i) => i.name)).toEqual(["atlas", "face"]);
    expect(bothJson.textures.map((t) => t.source)).toEqual([0, 1]);
    expect(texturedNames(bothJson, 1)).toEqual([...parts].sort());
    expect(texturedNames(bothJson, 0).length).toBe(mesh.primitives.length - parts.length);
  });

  it("lays out the binary as glTF requires: magic, 4-byte aligned chunks, space-padded JSON", () => {
    const glb = exportGlb(avatar(2));
    const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(dv.getUint32(0, true)).toBe(0x46546c67);
    expect(dv.getUint32(8, true)).toBe(glb.byteLength);
    const jsonLen = dv.getUint32(12, true);
    expect(jsonLen % 4).toBe(0);
    expect(glb[20 + jsonLen - 1] === 0x20 || glb[20 + jsonLen - 1] === 0x7d).toBe(true);
    expect(dv.getUint32(20 + jsonLen + 4, true)).toBe(0x004e4942);
    expect(glb.byteLength % 4).toBe(0);
  });
});
