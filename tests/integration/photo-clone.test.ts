import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAvatar, EYE_PRESETS, HAIR_PRESETS, rgbToHex } from "../../shared/avatar/index.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { detectFace } from "../../worker/face/detect.ts";
import { fitFace, heldOutError } from "../../worker/face/fit.ts";
import { modelLandmarks } from "../../worker/face/landmarks.ts";
import { meanFace } from "../../worker/face/mean-face.ts";
import { FIT_PRIOR } from "../../worker/face/prior.ts";
import { photoClone } from "../../worker/processors/photo-clone.ts";
import { latestCode, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { claimedPng, fixture, gif, solidPng, svg } from "../helpers/images.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const CR = `${V1}/douyin/customRole`;
const clone = (token: string, bytes: Buffer, sex = 2, name = "photo.png", requestId?: string) => {
  const req = t.request.post(`${CR}/createPhoto/${sex}`).set("authorization", token);
  if (requestId) req.field("requestId", requestId);
  return req.attach("file", bytes, name);
};

/** A new gold member clones one of tests/fixtures/faces through the API; the role's detail. */
async function cloneFace(file: string, sex: 1 | 2) {
  const user = await t.user({ vipType: "gold" });
  const photo = fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", "faces", file));
  const res = await clone(user.token, photo, sex, file);
  expect(res.body.message).toBe("Cloning Successfully");
  const detail = await t.request.get(`${CR}/detail/${res.body.data}`).set("authorization", user.token);
  return detail.body.data;
}

// each clone now bakes its face texture too (decision 049): on a loaded 2-core machine a clone took up to 40 s
describe("photo cloning", { timeout: 90_000 }, () => {
  it("clones astronaut.png into a role that resembles it, and reports the landmark error", async () => {
    const user = await t.user({ vipType: "gold" });
    const res = await clone(user.token, fixture("astronaut.png"));
    expect(res.body.message).toBe("Cloning Successfully");
    const roleId = res.body.data as string;
    const detail = await t.request.get(`${CR}/detail/${roleId}`).set("authorization", user.token);
    expect(detail.body.data).toMatchObject({ kind: "photo", sex: 2 });
    expect(Object.keys(detail.body.data.faceParams).length).toBeGreaterThan(10);
    // her brows' shape, from the landmarks: flatter and lower than the fixture photos' mean face,
    // which the fit pulls toward (decision 010, "The mean face")
    expect(detail.body.data.faceParams["eyebrow.arch"]).toBeLessThan((FIT_PRIOR["eyebrow.arch"] ?? 0) - 0.15);
    expect(detail.body.data.faceParams["eyebrow.height"]).toBeLessThan((FIT_PRIOR["eyebrow.height"] ?? 0) - 0.2);
    expect(detail.body.data.appearance.skinTone).toBeGreaterThanOrEqual(0);
    // her light-brown bob and brown eyes (worker/face/look.ts)
    expect(detail.body.data.appearance).toMatchObject({
      hairStyle: "bob",
      hairColor: rgbToHex(HAIR_PRESETS.lightBrown),
      eyeColor: rgbToHex(EYE_PRESETS.brown),
    });
    // the card shows the 3D portrait, not the photo (issue 47, item 5)
    expect(detail.body.data.img).toMatch(/^\/media\/avatar-[0-9a-f]{24}\.webp$/);
    expect((await t.request.get(detail.body.data.img)).status).toBe(200);
    // the original upload is gone; the normalised photo has no metadata left
    const files = fs.readdirSync(t.env.mediaDir);
    expect(files.some((f) => f.startsWith("upload-"))).toBe(false);
    const normal = files.find((f) => f.startsWith("photo-") && f.endsWith(".jpg")) as string;
    const meta = await sharp(fs.readFileSync(`${t.env.mediaDir}/${normal}`)).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it("stores the face texture with the clone and removes it, the photo and the thumbnail with the avatar (decision 049)", {
    timeout: 120_000,
  }, async () => {
    const user = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "gold" });
    const res = await clone(user.token, fixture("astronaut.png"));
    expect(res.body.message).toBe("Cloning Successfully");
    const roleId = res.body.data as string;
    const keys = [`${roleId}.jpg`, `${roleId}.thumb256.webp`, `${roleId}.face.png`];
    for (const key of keys) expect(fs.existsSync(path.join(t.env.mediaDir, key))).toBe(true);
    // the texture's resolution: 1024 square, within the 2048
    const meta = await sharp(path.join(t.env.mediaDir, `${roleId}.face.png`)).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
    // another user's delete is not found, and leaves the files
    expect((await t.request.delete(`${CR}/${roleId}`).set("authorization", other.token)).body).toEqual({
      code: 1212,
      message: "Not found",
      data: null,
    });
    for (const key of keys) expect(fs.existsSync(path.join(t.env.mediaDir, key))).toBe(true);
    const del = await t.request.delete(`${CR}/${roleId}`).set("authorization", user.token);
    expect(del.body.code).toBe(200);
    for (const key of keys) expect(fs.existsSync(path.join(t.env.mediaDir, key))).toBe(false);
  });

  it("removes a photo clone's photo, thumbnail and face texture when the account is cancelled (decision 049)", {
    timeout: 120_000,
  }, async () => {
    const phone = "13600004646";
    const user = await t.user({ vipType: "gold", phone });
    const res = await clone(user.token, fixture("astronaut.png"));
    expect(res.body.message).toBe("Cloning Successfully");
    const keys = [".jpg", ".thumb256.webp", ".face.png"].map((end) => `${res.body.data}${end}`);
    for (const key of keys) expect(fs.existsSync(path.join(t.env.mediaDir, key))).toBe(true);
    await t.request.get(`${V1}/base/sms/sendSmsCode`).query({ phone }).set("authorization", user.token);
    const cancelled = await t.request
      .post(`${V1}/base/cancel/cancelUser`)
      .send({ code: await latestCode(t, phone) })
      .set("authorization", user.token);
    expect(cancelled.body.code).toBe(200);
    for (const key of keys) expect(fs.existsSync(path.join(t.env.mediaDir, key))).toBe(false);
  });

  it("fits closer than the neutral head (figures on the console)", async () => {
    const user = await t.user({ vipType: "gold" });
    const key = await t.app.deps.storage.put(fixture("astronaut.png"), "png");
    const result = await photoClone(
      { userId: user.id, sex: 2, photoKey: key, requestId: randomUUID(), name: "x" },
      {
        db: t.db,
        storage: t.app.deps.storage,
        log: { info() {}, warn() {}, error() {} },
        progress: async () => {},
        attempt: 1,
      },
    );
    console.log(
      `  [photo clone] landmark RMS error / inter-ocular distance: neutral head ${result.errorNeutral?.toFixed(4)}, fitted ${result.errorFitted?.toFixed(4)}`,
    );
    // (decision 010, "Parted lips": 66 % below the neutral head on this photo, 0.071 -> 0.024; the test leaves some
    // margin)
    expect(result.errorFitted).toBeLessThan((result.errorNeutral as number) * 0.45);
  });

  it("fits the fixture faces closer than the neutral head, finding the turned ones' turn (figures on the console)", async () => {
    // tests/fixtures/faces: six women, four near the camera's axis and two turned 15-25 degrees; and
    // four men in five photos (man-*), fitted with the male head as a job for a man would be
    const dir = path.join(import.meta.dirname, "..", "fixtures", "faces");
    const heads = new Map(
      ([1, 2] as const).map((sex) => {
        const mesh = buildAvatar({ sex });
        return [sex, { mesh, landmarks: modelLandmarks(mesh) }];
      }),
    );
    const women: number[] = [];
    const men: number[] = [];
    const heldOut: number[] = [];
    const fitted: number[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".jpg"))) {
      const man = file.startsWith("man-");
      const head = heads.get(man ? 1 : 2) as {
        mesh: ReturnType<typeof buildAvatar>;
        landmarks: ReturnType<typeof modelLandmarks>;
      };
      const face = await detectFace(fs.readFileSync(path.join(dir, file)));
      expect(face, file).not.toBeNull();
      const points = (face?.landmarks ?? []).map((p) => [p.x, p.y] as [number, number]);
      const fit = fitFace(head.mesh, head.landmarks, points);
      const held = heldOutError(head.mesh, head.landmarks, points);
      console.log(
        `  [photo clone] ${file}: neutral ${fit.errorNeutral.toFixed(4)}, fitted ${fit.errorFitted.toFixed(4)}, turned ${fit.yaw}°, nodded ${fit.pitch}°; ` +
          `left out in turn: neutral ${held.neutral.toFixed(4)}, fitted ${held.fitted.toFixed(4)}`,
      );
      // (decision 010, "Parted lips": the women 38 to 59 % below, the men 48 to 61 %; three-quarter-left,
      // at 38 %, is the nearest to this bound)
      expect(fit.errorFitted, file).toBeLessThan(fit.errorNeutral * 0.7);
      if (file.startsWith("three-quarter")) expect(Math.abs(fit.yaw), file).toBeGreaterThanOrEqual(10);
      // the landmarks a fit was not given are nearer the photo's than the neutral head's are (17 to 57 %)
      expect(held.fitted, file).toBeLessThan(held.neutral * 0.92);
      (man ? men : women).push(1 - fit.errorFitted / fit.errorNeutral);
      fitted.push(fit.errorFitted);
      heldOut.push(1 - held.fitted / held.neutral);
    }
    expect(women).toHaveLength(6);
    // four men in five photos: one close up, one on a webcam, three (one with glasses and a beard)
    // from tracking.js's group photo
    expect(men).toHaveLength(5);
    // on average (decision 010, "Parted lips": 50.3 % for the six women, 55.5 % for the men, 35.7 % of the
    // left-out landmarks; the goal is 50 %. Before the jaw's taper and the mean face's pull: 40.9 %,
    // 43.2 % and 23.5 %; before the landmarks were read both ways, 47.4, 53.6 and 32.8 %; before jawOpen
    // was fitted, 47.7, 55.5 and 34.7 %)
    const mean = (xs: number[]) => xs.reduce((s, b) => s + b, 0) / xs.length;
    console.log(
      `  [photo clone] below the neutral head on average: six women ${(mean(women) * 100).toFixed(1)} %, five photos of men ${(mean(men) * 100).toFixed(1)} %; ` +
        `left-out landmarks ${(mean(heldOut) * 100).toFixed(1)} %; fitted error ${mean(fitted).toFixed(4)}`,
    );
    expect(mean(women)).toBeGreaterThan(0.49);
    expect(mean(men)).toBeGreaterThan(0.53);
    expect(mean(heldOut)).toBeGreaterThan(0.33);
    // and the fit itself, which the shares above can hide (0.0289 measured; 0.0298 before jawOpen, 0.0312 read
    // once; 0.0360 before the taper and the pull)
    expect(mean(fitted)).toBeLessThan(0.03);
  });

  it("pulls toward the fixture photos' mean face as they fit now (else: npm run fit:prior)", async () => {
    const { prior, photos } = await meanFace();
    expect(photos).toBe(11);
    for (const id of new Set([...Object.keys(prior), ...Object.keys(FIT_PRIOR)]))
      expect(Math.abs((prior[id] ?? 0) - (FIT_PRIOR[id] ?? 0)), `${id}: npm run fit:prior`).toBeLessThanOrEqual(0.03);
  });

  it("clones a close-up, a face that fills the photo, with the male head", async () => {
    // man-close-up.jpg: the tiny detector alone finds no face in it (worker/face/detect.test.ts)
    const role = await cloneFace("man-close-up.jpg", 1);
    expect(role).toMatchObject({ kind: "photo", sex: 1 });
    expect(Object.keys(role.faceParams).length).toBeGreaterThan(10);
    // his short dark hair
    expect(role.appearance.hairStyle).toBe("short");
  });

  it("gives a woman whose hair is tied back the ponytail, not the short cut's fringe", async () => {
    // frontal-fair.jpg: blonde hair drawn back, nothing of it beside the face (decision 010, "Hair drawn back")
    const role = await cloneFace("frontal-fair.jpg", 2);
    expect(role).toMatchObject({ kind: "photo", sex: 2, appearance: { hairStyle: "ponytail" } });
  });

  it("gives a man in glasses with a full beard both, and a bare face neither (decision 046)", async () => {
    const role = await cloneFace("man-glasses-beard.jpg", 1);
    expect(role).toMatchObject({ kind: "photo", sex: 1, appearance: { glasses: "square", beard: "full" } });
    expect((await t.request.get(role.img)).status).toBe(200);
    // man-close-up.jpg is clean-shaven and wears none: neither key is stored
    const bare = await cloneFace("man-close-up.jpg", 1);
    expect(bare.appearance.glasses).toBeUndefined();
    expect(bare.appearance.beard).toBeUndefined();
  });

  it("never makes a second role for a retried request", async () => {
    const user = await t.user({ vipType: "gold" });
    const requestId = randomUUID();
    const first = await clone(user.token, fixture("astronaut.png"), 2, "a.png", requestId);
    const again = await clone(user.token, fixture("astronaut.png"), 2, "a.png", requestId);
    expect(again.body.data).toBe(first.body.data);
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(1);
    // a re-delivered job finds its role too
    const key = await t.app.deps.storage.put(fixture("astronaut.png"), "png");
    const redelivered = await photoClone(
      { userId: user.id, sex: 2, photoKey: key, requestId, name: "x" },
      {
        db: t.db,
        storage: t.app.deps.storage,
        log: { info() {}, warn() {}, error() {} },
        progress: async () => {},
        attempt: 2,
      },
    );
    expect(redelivered.roleId).toBe(first.body.data);
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(1);
  });

  it("reports progress to its owner only", async () => {
    const owner = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "gold" });
    const requestId = randomUUID();
    await clone(owner.token, fixture("astronaut.png"), 1, "a.png", requestId);
    expect(
      (await t.request.get(`${CR}/photoProgress/${requestId}`).set("authorization", owner.token)).body.data,
    ).toEqual({ percent: 100 });
    expect((await t.request.get(`${CR}/photoProgress/${requestId}`).set("authorization", other.token)).body.code).toBe(
      1212,
    );
  });

  const noFace = async () => sharp(fixture("chelsea.png")).resize(760, 506).png().toBuffer();
  it.each([
    ["a picture with no face", noFace, 1105, "photoError5"],
    ["truncated.jpg", async () => fixture("truncated.jpg"), 1104, "photoError4"],
    ["a GIF renamed .png", gif, 1103, "photoError3"],
    ["an SVG renamed .png", async () => svg(), 1103, "photoError3"],
    [
      "3 MB + 1 byte",
      async () => Buffer.concat([await solidPng(600, 600), Buffer.alloc(3_145_729)]),
      1101,
      "photoError1",
    ],
    ["499x499", async () => solidPng(499, 499), 1102, "photoError2"],
    ["a 14000x14000 PNG", async () => claimedPng(14000, 14000), 1101, "photoError1"],
  ] as const)("refuses %s with its message (EN and ZH_CN)", async (_name, make, code, key) => {
    const user = await t.user({ vipType: "gold" });
    const bytes = await make();
    const en = await clone(user.token, bytes);
    expect(en.body).toEqual({ code, message: MESSAGES[key].EN, data: null });
    const zh = await clone(user.token, bytes).set("language", "ZH_CN");
    expect(zh.body.message).toBe(MESSAGES[key].ZH_CN);
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a 14000x14000 PNG quickly, from its header", async () => {
    const user = await t.user({ vipType: "gold" });
    const started = performance.now();
    await clone(user.token, claimedPng(14000, 14000));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("counts against the DIY limit, and refuses non-members", async () => {
    const none = await t.user();
    // starting a design needs a membership: no permission (1207; decision 047)
    expect((await clone(none.token, fixture("astronaut.png"))).body.code).toBe(1207);
  });
});
