import fs from "node:fs";
import path from "node:path";
import { VRMLookAtExpressionApplier } from "@pixiv/three-vrm";
import sharp from "sharp";
import type { Mesh, MeshStandardMaterial } from "three";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRoles } from "../../prisma/seed.ts";
import { EXPORT_TARGETS } from "../../shared/avatar/export.ts";
import { buildAvatar, EXPRESSION_NAMES, exportGlb, VISEME_NAMES } from "../../shared/avatar/index.ts";
import { readGlbJson } from "../../shared/avatar/read-glb.ts";
import { TEXTURED_PARTS } from "../../shared/avatar/uv.ts";
import { VRM_PRESETS, VRM_REQUIRED_BONES } from "../../shared/avatar/vrm.ts";
import { appearanceColumn, faceParamsColumn } from "../../shared/json-column.ts";
import { clonePhoto } from "../../worker/face/clone.ts";
import { V1 } from "../helpers/account.ts";
import { asBytes, makeTestApp, type TestApp } from "../helpers/app.ts";
import { expressionTargets, loadVrm, validateModel } from "../helpers/vrm.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
});
afterAll(() => t.close());

const CR = `${V1}/douyin/customRole`;

/** The file a GET answers, as bytes (supertest buffers binary bodies with a parser). */
const download = (token: string, path: string) =>
  t.request.get(path).set("authorization", token).buffer(true).parse(asBytes);

const asJson = (body: Buffer) => JSON.parse(body.toString("utf8"));

type Gltf = {
  meshes: { extras: { targetNames: string[] }; primitives: { targets?: unknown[] }[] }[];
  extensionsUsed?: string[];
  extensions?: { VRMC_vrm?: { specVersion: string; humanoid: { humanBones: Record<string, { node: number }> } } };
  materials: { extensions?: Record<string, unknown> }[];
};

/** A photo-clone avatar as the clone job leaves it: kind photo, its fitted face and colours. */
async function photoAvatar(userId: string) {
  return t.db.customRole.create({
    data: {
      userId,
      name: "我的照片",
      sex: 1,
      kind: "photo",
      faceParams: faceParamsColumn.encode({ "nose.scale": 0.4, "eye.size": -0.3, "mandible.width": 0.5 }),
      initParams: faceParamsColumn.encode({}),
      appearance: appearanceColumn.encode({ skinTone: 0.4, hairColor: "#2b1a10", eyeColor: "#4a3020" }),
    },
  });
}

/**
 * A photo clone made from one of tests/fixtures/faces as the clone job makes it (worker/face/clone.ts):
 * its row under a `photo-` id, and its face texture stored as the job stores it (1024² PNG).
 */
async function texturedPhotoAvatar(userId: string) {
  const photo = fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", "faces", "man-short-dark.jpg"));
  const clone = await clonePhoto(photo, 1);
  if (!clone?.texture) throw new Error("the fixture gave no textured clone");
  const { width, height, rgb } = clone.texture;
  const png = await sharp(Buffer.from(rgb), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const id = `photo-export-${userId}`;
  await t.app.deps.storage.putAt(`${id}.face.png`, png);
  const row = await t.db.customRole.create({
    data: {
      id,
      userId,
      name: "Textured",
      sex: 1,
      kind: "photo",
      faceParams: faceParamsColumn.encode(clone.fit.params),
      initParams: faceParamsColumn.encode(clone.fit.params),
      appearance: appearanceColumn.encode(clone.look.appearance),
    },
  });
  return { row, png };
}

/** A cartoon as toonify leaves it: its model in storage with the pose and atlas size in asset.extras. */
async function cartoonAvatar(userId: string) {
  const modelKey = `cartoon-export-${userId}.glb`;
  const glb = exportGlb(buildAvatar({ sex: 2 }), {
    includeMorphs: false,
    extras: { avatar: { sex: 2, faceParams: {}, appearance: {}, outfit: "#ffd166" }, pose: "A", textureSize: 1024 },
  });
  await t.app.deps.storage.putAt(modelKey, Buffer.from(glb));
  return t.db.customRole.create({
    data: { userId, name: "Toon", sex: 2, kind: "cartoon", faceParams: "{}", initParams: "{}", modelKey },
  });
}

/** The VRM read back with three-vrm carries every bone and expression the file declares, bound as declared. */
async function checkRoundTrip(bytes: Uint8Array) {
  const json = readGlbJson(bytes) as Gltf;
  const declared = json.extensions?.VRMC_vrm?.humanoid.humanBones ?? {};
  const vrm = await loadVrm(bytes);
  for (const bone of VRM_REQUIRED_BONES) expect(declared[bone], bone).toBeDefined();
  for (const bone of Object.keys(declared)) expect(vrm.humanoid.getRawBoneNode(bone as "hips")?.name).toBe(bone);

  const loaded = expressionTargets(vrm);
  expect(Object.keys(loaded).sort()).toEqual(
    [...Object.keys(VRM_PRESETS), ...EXPRESSION_NAMES, ...VISEME_NAMES].sort(),
  );
  for (const [preset, mix] of Object.entries(VRM_PRESETS)) expect(loaded[preset], preset).toEqual(mix);
  for (const name of EXPRESSION_NAMES) expect(loaded[name], name).toEqual({ [name]: 1 });
  expect(vrm.lookAt?.applier).toBeInstanceOf(VRMLookAtExpressionApplier);
  return vrm;
}

describe("avatar export (GLB, VRM 1.0)", () => {
  it("a system avatar: a valid GLB and a VRM that three-vrm reads back with the same bones and expressions", async () => {
    const user = await t.user({ vipType: "diamond" });
    const role = await t.db.role.findFirstOrThrow({ where: { sex: 2 }, orderBy: { sort: "asc" } });

    const glb = await download(user.token, `${V1}/base/role/export/${role.id}?format=glb`);
    expect(glb.status).toBe(200);
    expect(glb.headers["content-type"]).toBe("model/gltf-binary");
    expect(glb.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.glb"; filename\*=UTF-8''/);
    const glbReport = await validateModel(glb.body);
    expect(glbReport.errorCodes).toEqual([]);
    expect(glbReport.warningCodes).toEqual([]);
    const glbJson = readGlbJson(glb.body) as Gltf;
    expect(glbJson.meshes[0]?.extras.targetNames).toEqual(EXPORT_TARGETS);
    expect(glbJson.extensionsUsed).toBeUndefined();

    const vrmRes = await download(user.token, `${V1}/base/role/export/${role.id}?format=vrm`);
    expect(vrmRes.status).toBe(200);
    expect(vrmRes.headers["content-disposition"]).toMatch(/\.vrm"; filename\*/);
    const vrmReport = await validateModel(vrmRes.body);
    expect(vrmReport.errorCodes).toEqual([]);
    expect(vrmReport.warningCodes).toEqual([]);
    const vrmJson = readGlbJson(vrmRes.body) as Gltf;
    expect(vrmJson.extensionsUsed).toEqual(["VRMC_vrm"]);
    expect(vrmJson.extensions?.VRMC_vrm?.specVersion).toBe("1.0");
    const vrm = await checkRoundTrip(vrmRes.body);
    expect(vrm.meta).toMatchObject({ metaVersion: "1", name: role.name, authors: ["Avalive"] });
  }, 60_000);

  it("a photo-clone avatar: GLB and VRM valid, the VRM round trip keeps bones and expressions", async () => {
    const user = await t.user({ vipType: "silver" });
    const row = await photoAvatar(user.id);
    const glb = await download(user.token, `${CR}/export/${row.id}?format=glb`);
    expect(glb.status).toBe(200);
    expect((await validateModel(glb.body)).errorCodes).toEqual([]);
    expect(decodeURIComponent(glb.headers["content-disposition"] ?? "")).toContain("我的照片.glb");

    const vrmRes = await download(user.token, `${CR}/export/${row.id}?format=vrm`);
    const report = await validateModel(vrmRes.body);
    expect(report.errorCodes).toEqual([]);
    expect(report.warningCodes).toEqual([]);
    await checkRoundTrip(vrmRes.body);
  }, 60_000);

  it("a textured photo clone: its face texture in the GLB and the VRM (PBR, no MToon), valid and read back by three-vrm", async () => {
    const user = await t.user({ vipType: "gold" });
    const { row, png } = await texturedPhotoAvatar(user.id);
    type Textured = Omit<Gltf, "materials" | "meshes"> & {
      images: { bufferView: number; mimeType: string; name: string }[];
      bufferViews: { byteOffset: number; byteLength: number }[];
      materials: { name: string; pbrMetallicRoughness: { baseColorTexture?: { index: number } } }[];
      meshes: { primitives: { material: number; attributes: Record<string, number> }[] }[];
    };
    const texturedNames = new Set(TEXTURED_PARTS as readonly string[]);

    for (const format of ["glb", "vrm"] as const) {
      const res = await download(user.token, `${CR}/export/${row.id}?format=${format}`);
      expect(res.status, format).toBe(200);
      const report = await validateModel(res.body);
      expect(report.errorCodes, format).toEqual([]);
      expect(report.warningCodes, format).toEqual([]);
      const json = readGlbJson(res.body) as Textured;
      // one image, the stored PNG byte for byte, in the BIN chunk
      expect(json.images.map((i) => [i.name, i.mimeType])).toEqual([["face", "image/png"]]);
      const view = json.bufferViews[json.images[0]?.bufferView as number] as { byteOffset: number; byteLength: number };
      const jsonLength = new DataView(res.body.buffer, res.body.byteOffset).getUint32(12, true);
      const binStart = res.body.byteOffset + 20 + jsonLength + 8;
      expect(Buffer.from(res.body.buffer, binStart + view.byteOffset, view.byteLength).equals(png), format).toBe(true);
      // the head's parts read it through TEXCOORD_0; the rest (hair, clothes) keep their colours
      const textured = json.meshes[0]?.primitives.filter((p) => p.attributes.TEXCOORD_0 !== undefined) ?? [];
      expect(textured.length, format).toBeGreaterThan(0);
      for (const p of json.meshes[0]?.primitives ?? []) {
        const material = json.materials[p.material];
        const hasTexture = material?.pbrMetallicRoughness.baseColorTexture?.index === 0;
        expect(hasTexture, material?.name).toBe(p.attributes.TEXCOORD_0 !== undefined);
      }
      expect(json.materials.some((m) => m.name === "skin" && m.pbrMetallicRoughness.baseColorTexture)).toBe(true);
      for (const m of json.materials)
        if (m.pbrMetallicRoughness.baseColorTexture) expect(texturedNames.has(m.name), m.name).toBe(true);
      if (format === "glb") continue;

      // a realistic clone's VRM keeps glTF's PBR materials: MToon is for cartoons only
      expect(json.extensionsUsed).toEqual(["VRMC_vrm"]);
      const vrm = await checkRoundTrip(res.body);
      const mapped = new Set<string>();
      vrm.scene.traverse((o) => {
        const material = (o as Mesh).material as MeshStandardMaterial | undefined;
        if ((o as Mesh).isMesh && material?.map) mapped.add(material.name);
      });
      expect(mapped).toContain("skin");
      expect([...mapped].sort()).toEqual(
        [...new Set(json.materials.filter((m) => m.pbrMetallicRoughness.baseColorTexture).map((m) => m.name))].sort(),
      );
    }

    // the face editor's detail gives the texture's URL to the 3D view, which serves the stored PNG;
    // a clone without a stored texture, and another user, get none
    const detail = await t.request.get(`${CR}/detail/${row.id}`).set("authorization", user.token);
    expect(detail.body.data.faceTexture).toBe(`/media/${row.id}.face.png`);
    const served = await t.request.get(detail.body.data.faceTexture).buffer(true).parse(asBytes);
    expect(served.status).toBe(200);
    expect(Buffer.from(served.body).equals(png)).toBe(true);
    const plain = await photoAvatar(user.id);
    const plainDetail = await t.request.get(`${CR}/detail/${plain.id}`).set("authorization", user.token);
    expect(plainDetail.body.data.kind).toBe("photo");
    expect(plainDetail.body.data).not.toHaveProperty("faceTexture");
    const other = await t.user({ vipType: "gold" });
    const foreign = await t.request.get(`${CR}/detail/${row.id}`).set("authorization", other.token);
    expect(foreign.body.code).toBe(1212);
  }, 120_000);

  it("a cartoon: textured, its VRM with MToon on every material, ARKit morphs kept", async () => {
    const user = await t.user({ vipType: "gold" });
    const row = await cartoonAvatar(user.id);
    const res = await download(user.token, `${CR}/export/${row.id}?format=vrm`);
    expect(res.status).toBe(200);
    expect((await validateModel(res.body)).errorCodes).toEqual([]);
    const json = readGlbJson(res.body) as Gltf & { images: unknown[] };
    expect(json.images).toHaveLength(1);
    expect(json.extensionsUsed).toEqual(["VRMC_vrm", "VRMC_materials_mtoon"]);
    expect(json.materials.every((m) => m.extensions?.VRMC_materials_mtoon)).toBe(true);
    expect(json.meshes[0]?.extras.targetNames).toEqual(EXPORT_TARGETS);
    const vrm = await checkRoundTrip(res.body);
    // MToon adds an outline material for each outlined one (skin, clothing)
    expect(vrm.materials?.length).toBe(json.materials.length + 2);
    expect(vrm.materials?.every((m) => (m as { isMToonMaterial?: boolean }).isMToonMaterial)).toBe(true);
  }, 60_000);

  it("is scoped to the owner, and to what the membership opens", async () => {
    const owner = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "gold" });
    const row = await photoAvatar(owner.id);
    const foreign = await download(other.token, `${CR}/export/${row.id}?format=glb`);
    expect(asJson(foreign.body).code).toBe(1212);

    const silver = await t.user({ vipType: "silver" });
    const locked = await t.db.role.findFirstOrThrow({ where: { tier: "diamond" } });
    const refused = await download(silver.token, `${V1}/base/role/export/${locked.id}?format=vrm`);
    expect(asJson(refused.body)).toMatchObject({ code: 1201 });

    const bad = await download(owner.token, `${CR}/export/${row.id}?format=fbx`);
    expect(asJson(bad.body).code).not.toBe(200);
    const anonymous = await t.request.get(`${CR}/export/${row.id}?format=glb`);
    expect(anonymous.body.code).toBe(600);
  });

  it("is in the OpenAPI document as a model file", async () => {
    const doc = (await t.request.get("/web-api/docs/json")).body as {
      paths: Record<string, { get?: { responses: Record<string, { content: Record<string, unknown> }> } }>;
    };
    for (const path of ["/web-api/v1/douyin/customRole/export/{id}", "/web-api/v1/base/role/export/{id}"]) {
      expect(Object.keys(doc.paths[path]?.get?.responses["200"]?.content ?? {}), path).toContain("model/gltf-binary");
    }
  });
});
