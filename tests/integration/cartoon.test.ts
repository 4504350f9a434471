import validator from "gltf-validator";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAvatar, exportGlb } from "../../shared/avatar/index.ts";
import { readGlbJson } from "../../shared/avatar/read-glb.ts";
import type { CartoonSpec } from "../../shared/schemas/cartoon.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const CR = `${V1}/douyin/customRole`;
const SPEC: CartoonSpec = {
  sex: 2,
  faceParams: { "eye.size": 0.8, "face.cheeks": 0.5, "chin.length": -0.4 },
  appearance: { skinTone: 0.2, hairColor: "#d9468f", eyeColor: "#3a7bd5" },
  outfit: "#ffd166",
  name: "Pinky",
};

/** What the creator page exports: the model's GLB with the avatar it describes in asset.extras. */
const creatorGlb = (spec: CartoonSpec | null = SPEC) =>
  Buffer.from(
    exportGlb(buildAvatar({ sex: spec?.sex ?? 2 }), {
      includeMorphs: false,
      weights: (spec?.faceParams ?? {}) as Record<string, number>,
      ...(spec ? { extras: { avatar: spec } } : {}),
    }),
  );

const upload = (token: string, bytes: Buffer) =>
  t.request
    .post(`${CR}/cartoonUpload`)
    .set("authorization", token)
    .attach("file", bytes, { filename: "avatar.glb", contentType: "model/gltf-binary" });

describe("cartoon avatars", () => {
  it("upload, create-cartoon, then toonify: a posed, textured, valid GLB, a cartoon role and a plan", async () => {
    const user = await t.user({ vipType: "gold" });
    const up = await upload(user.token, creatorGlb());
    expect(up.body.code).toBe(200);
    const { url, avatarId } = up.body.data;
    expect(url).toMatch(/^\/media\/.+\.glb$/);

    const created = await t.request.post(`${CR}/createCartoon`).set("authorization", user.token).send({ url });
    expect(created.body.data).toBe(avatarId);

    const res = await t.request
      .post(`${CR}/toonify`)
      .set("authorization", user.token)
      .send({ url, textureSize: 1024, pose: "A" });
    expect(res.body.code).toBe(200);
    const { planId, roleId, sex } = res.body.data;
    expect(sex).toBe(2);
    const role = await t.db.customRole.findUniqueOrThrow({ where: { id: roleId } });
    expect(role).toMatchObject({ userId: user.id, kind: "cartoon", name: "Pinky", sex: 2 });
    const plan = await t.db.plan.findUniqueOrThrow({ where: { id: planId } });
    expect(plan).toMatchObject({ userId: user.id, roleId, roleKind: "2", roleType: "2", name: "Pinky draft" });
    // the creator's outfit colour stays with the avatar: its plans wear it (issue 47)
    const info = await t.request
      .get(`/web-api/v1/base/planInfo/getPlanInfo?planId=${planId}`)
      .set("authorization", user.token);
    expect(info.body.data.role.appearance).toMatchObject({ hairColor: "#d9468f", outfitColor: "#ffd166" });

    const glb = new Uint8Array(await t.app.deps.storage.read(role.modelKey as string));
    const report = await validator.validateBytes(glb);
    expect(report.issues.numErrors).toBe(0);
    const json = readGlbJson(glb) as {
      images: unknown[];
      materials: { pbrMetallicRoughness: { baseColorTexture?: unknown } }[];
      meshes: { primitives: { attributes: Record<string, number> }[] }[];
      asset: { extras: { pose: string; textureSize: number } };
    };
    expect(json.images).toHaveLength(1);
    expect(json.materials.every((m) => m.pbrMetallicRoughness.baseColorTexture)).toBe(true);
    expect(json.meshes[0]?.primitives.every((p) => "TEXCOORD_0" in p.attributes)).toBe(true);
    expect(json.asset.extras).toMatchObject({ pose: "A", textureSize: 1024 });
    const atlas = await sharp(
      await t.app.deps.storage.read(role.modelKey?.replace(".glb", ".atlas.png") as string),
    ).metadata();
    expect([atlas.width, atlas.height]).toEqual([1024, 1024]);
    // A real toonify (pose, 1024 atlas, GLB) runs about 8 s alone; a loaded 2-core CI took 27 s.
  }, 60_000);

  it("a retried toonify makes nothing twice", async () => {
    const user = await t.user({ vipType: "gold" });
    const { url } = (await upload(user.token, creatorGlb())).body.data;
    const a = await t.request
      .post(`${CR}/toonify`)
      .set("authorization", user.token)
      .send({ url, textureSize: 1024, pose: "T" });
    const b = await t.request
      .post(`${CR}/toonify`)
      .set("authorization", user.token)
      .send({ url, textureSize: 1024, pose: "T" });
    expect(b.body.data).toEqual(a.body.data);
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(1);
    expect(await t.db.plan.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses URLs outside the server's own storage, and another user's cartoon", async () => {
    const owner = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "gold" });
    const { url } = (await upload(owner.token, creatorGlb())).body.data;
    for (const foreign of [
      "https://evil.example/a.glb",
      "http://169.254.169.254/latest/meta-data",
      "file:///etc/passwd",
      `https://evil.example${url}`,
    ]) {
      const res = await t.request
        .post(`${CR}/toonify`)
        .set("authorization", owner.token)
        .send({ url: foreign, textureSize: 1024, pose: "A" });
      expect(res.body.code, foreign).toBe(1107);
    }
    expect(
      (
        await t.request
          .post(`${CR}/toonify`)
          .set("authorization", other.token)
          .send({ url, textureSize: 1024, pose: "A" })
      ).body.code,
    ).toBe(1212);
    expect(
      (await t.request.post(`${CR}/createCartoon`).set("authorization", other.token).send({ url })).body.code,
    ).toBe(1212);
  });

  it("refuses a GLB that describes no avatar, and a file that is no GLB", async () => {
    const user = await t.user({ vipType: "gold" });
    const none = await upload(user.token, creatorGlb(null));
    expect(none.body).toEqual({
      code: 1106,
      message: "The cartoon avatar could not be read, please export it again",
      data: null,
    });
    expect((await upload(user.token, Buffer.from("not a glb at all"))).body.code).toBe(1106);
    expect(await t.db.cartoonSource.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses non-members and respects the plan limit", async () => {
    const none = await t.user();
    const { url } = (await upload(none.token, creatorGlb())).body.data;
    expect(
      (
        await t.request
          .post(`${CR}/toonify`)
          .set("authorization", none.token)
          .send({ url, textureSize: 1024, pose: "A" })
      ).body.code,
    ).toBe(1207); // no permission: starting a design needs a membership (decision 047)
  });
});
