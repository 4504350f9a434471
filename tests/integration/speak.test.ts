/**
 * The studio's voice (docs/decisions/040): POST /web-api/v1/base/baseProductLabel/speak answers
 * the line in the plan's voice as a WAV file, spoken by espeak-ng (installed on these machines
 * and in CI, .ci/run), and every refusal in its envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { decodeWav } from "../../shared/audio/wav.ts";
import { V1 } from "../helpers/account.ts";
import { asBytes, makeTestApp, type TestApp } from "../helpers/app.ts";

const B = `${V1}/base`;
const SPEAK = `${B}/baseProductLabel/speak`;

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([
    makeTestApp(),
    // a server whose espeak-ng is not there: it runs, and says so
    makeTestApp({ ESPEAK_NG_PATH: "/nonexistent/espeak-ng" }),
  ]);
  for (const app of [t, off]) {
    await seedRoles(app.db);
    await seedCatalogue(app.db);
  }
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

type User = Awaited<ReturnType<TestApp["user"]>>;

/** The answer's bytes, whatever its type (a WAV, or the JSON envelope). */
function speak(app: TestApp, token: string, body: object) {
  return app.request
    .post(SPEAK)
    .set("authorization", token)
    .set("language", "EN")
    .send(body)
    .buffer(true)
    .parse(asBytes);
}
const envelope = (res: { body: Buffer }) => JSON.parse(res.body.toString("utf8"));

async function planWithVoice(app: TestApp, user: User, voiceId: string | null = "voice.warm-female") {
  const add = await app.request
    .post(`${B}/planInfo/addPlanInfo`)
    .set("authorization", user.token)
    .send({ roleId: "sys-f-01", roleType: "1" });
  expect(add.body.code, add.body.message).toBe(200);
  const planId = add.body.data as string;
  if (voiceId) {
    const upd = await app.request
      .post(`${B}/planInfo/updatePlanInfo`)
      .set("authorization", user.token)
      .send({ planId, voiceId });
    expect(upd.body.code, upd.body.message).toBe(200);
  }
  return planId;
}

describe("speaking a line in the plan's voice", () => {
  it("answers a WAV of the line (16-bit mono PCM, lengths that match), then the same bytes from the cache", async () => {
    const user = await t.user({ vipType: "silver" });
    const planId = await planWithVoice(t, user);
    const started = performance.now();
    const res = await speak(t, user.token, { planId, text: "Hello everyone, welcome to the stream!" });
    const firstMs = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/wav");
    expect(res.headers["x-speech-cache"]).toBe("miss");
    const wav = res.body as Buffer;
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.toString("ascii", 36, 40)).toBe("data");
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
    const decoded = decodeWav(new Uint8Array(wav));
    expect(decoded).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 22050, bitsPerSample: 16 });
    const seconds = decoded.samples.length / decoded.sampleRate;
    // about two seconds of speech, and not silence
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(6);
    let energy = 0;
    for (const x of decoded.samples) energy += x * x;
    expect(Math.sqrt(energy / decoded.samples.length)).toBeGreaterThan(0.02);

    const again = performance.now();
    const cached = await speak(t, user.token, { planId, text: "  Hello everyone, welcome to the stream!  " });
    const cachedMs = performance.now() - again;
    expect(cached.headers["x-speech-cache"]).toBe("hit");
    expect(Buffer.compare(cached.body, wav)).toBe(0);
    console.log(
      `speak: first ${firstMs.toFixed(1)} ms (${seconds.toFixed(2)} s of audio), cached ${cachedMs.toFixed(1)} ms`,
    );
  });

  it("speaks Chinese with the Mandarin voice, and another voice differently", async () => {
    const user = await t.user({ vipType: "gold" });
    const female = await planWithVoice(t, user, "voice.warm-female");
    const male = await planWithVoice(t, user, "voice.deep-male");
    const zh = await speak(t, user.token, { planId: female, text: "大家好，欢迎来到直播间" });
    expect(zh.status).toBe(200);
    expect(decodeWav(new Uint8Array(zh.body)).samples.length).toBeGreaterThan(22050);
    const a = await speak(t, user.token, { planId: female, text: "Thank you for the rose" });
    const b = await speak(t, user.token, { planId: male, text: "Thank you for the rose" });
    expect(b.headers["x-speech-cache"]).toBe("miss");
    expect(Buffer.compare(a.body, b.body)).not.toBe(0);
  });

  it("refuses an empty line (1908) and one over 200 characters (1909), in the request's language", async () => {
    const user = await t.user({ vipType: "silver" });
    const planId = await planWithVoice(t, user);
    expect(envelope(await speak(t, user.token, { planId, text: "   " }))).toEqual({
      code: 1908,
      message: "Type something for the avatar to say",
      data: null,
    });
    const long = await speak(t, user.token, { planId, text: "a".repeat(201) });
    expect(envelope(long)).toEqual({
      code: 1909,
      message: "The avatar says at most 200 characters at a time",
      data: null,
    });
    const zh = await t.request
      .post(SPEAK)
      .set("authorization", user.token)
      .set("language", "ZH_CN")
      .send({ planId, text: "字".repeat(201) });
    expect(zh.body).toMatchObject({ code: 1909, message: "形象一次最多说 200 个字" });
    // 200 characters, emoji counted as one each, are fine
    const full = await speak(t, user.token, { planId, text: "🎉".repeat(10) + "b".repeat(190) });
    expect(full.status).toBe(200);
    expect(full.headers["content-type"]).toBe("audio/wav");
    // a body over the schema's bound is a malformed request
    const huge = await speak(t, user.token, { planId, text: "a".repeat(2001) });
    expect(huge.status).toBe(400);
    // no text at all
    expect((await speak(t, user.token, { planId })).status).toBe(400);
  });

  it("refuses a plan without a voice (1910)", async () => {
    const user = await t.user({ vipType: "silver" });
    const planId = await planWithVoice(t, user, null);
    expect(envelope(await speak(t, user.token, { planId, text: "hi" }))).toEqual({
      code: 1910,
      message: "This plan has no voice: choose one in the plan's sounds",
      data: null,
    });
  });

  it("answers another user's plan as not found (1212), like every plan call, and a missing token 600", async () => {
    const owner = await t.user({ vipType: "silver" });
    const other = await t.user({ vipType: "diamond" });
    const planId = await planWithVoice(t, owner);
    expect(envelope(await speak(t, other.token, { planId, text: "hi" }))).toEqual({
      code: 1212,
      message: "Not found",
      data: null,
    });
    // the same answer as an id that does not exist: nothing leaks
    expect(envelope(await speak(t, other.token, { planId: "no-such-plan", text: "hi" }))).toEqual(
      envelope(await speak(t, other.token, { planId, text: "hi" })),
    );
    const anonymous = await t.request.post(SPEAK).send({ planId, text: "hi" });
    expect(anonymous.body.code).toBe(600);
  });

  it("refuses a voice once the membership lapses: 1208, renew (decision 014), not 1201", async () => {
    const user = await t.user({ vipType: "gold" });
    const planId = await planWithVoice(t, user, "voice.deep-male");
    expect((await speak(t, user.token, { planId, text: "hi" })).status).toBe(200);
    await t.db.user.update({ where: { id: user.id }, data: { vipExpiresAt: new Date(Date.now() - 1000) } });
    expect(envelope(await speak(t, user.token, { planId, text: "hi" }))).toEqual({
      code: 1208,
      message: "Your membership has expired, please renew",
      data: null,
    });
  });

  it("takes 30 lines a minute from one user, then 429 in the envelope; another user is not held up", async () => {
    const user = await t.user({ vipType: "silver" });
    const planId = await planWithVoice(t, user);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await speak(t, user.token, { planId, text: "again" })).status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await speak(t, user.token, { planId, text: "again" });
    expect(refused.status).toBe(429);
    expect(envelope(refused)).toMatchObject({ code: 429, data: null });
    const other = await t.user({ vipType: "silver" });
    const otherPlan = await planWithVoice(t, other);
    expect((await speak(t, other.token, { planId: otherPlan, text: "again" })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("describes the call with its WAV answer and its envelope", async () => {
    const doc = (await t.request.get("/web-api/docs/json")).body;
    const op = doc.paths["/web-api/v1/base/baseProductLabel/speak"].post;
    expect(Object.keys(op.responses["200"].content)).toEqual(["audio/wav", "application/json"]);
    expect(op.requestBody.content["application/json"].schema.required).toEqual(["planId", "text"]);
  });
});

describe("a server without espeak-ng", () => {
  it("starts, and answers 1911 after the plan's own checks", async () => {
    expect(await off.app.deps.speech.ready).toBeNull();
    const user = await off.user({ vipType: "silver" });
    const planId = await planWithVoice(off, user);
    expect(envelope(await speak(off, user.token, { planId, text: "hi" }))).toEqual({
      code: 1911,
      message: "Speech is not available on this server",
      data: null,
    });
    const zh = await off.request
      .post(SPEAK)
      .set("authorization", user.token)
      .set("language", "ZH_TN")
      .send({ planId, text: "hi" });
    expect(zh.body).toMatchObject({ code: 1911, message: "此伺服器未提供語音合成" });
    expect(envelope(await speak(off, user.token, { planId, text: "" })).code).toBe(1908);
  });
});

describe("an interaction's reply (said in the plan's voice when it fires)", () => {
  it("is kept with the interaction, pushed with {viewer} filled in, and over 200 characters refused (1912)", async () => {
    const user = await t.user({ vipType: "silver" });
    const planId = await planWithVoice(t, user);
    const post = (path: string, body: object, language = "EN") =>
      t.request.post(path).set("authorization", user.token).set("language", language).send(body);
    const item = { interactId: "interact.gift-rose", actionKind: "expression", actionId: "expression.smile" };
    const added = await post(`${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      ...item,
      reply: "  Thank you {viewer}, {viewer} is the best!  ",
    });
    expect(added.body.code, added.body.message).toBe(200);
    const plain = await post(`${B}/interactAttribute/addBatchPlanInteract`, {
      planId,
      items: [{ interactId: "interact.like", actionKind: "motion", actionId: "motion.nod", reply: "   " }],
    });
    expect(plain.body.code, plain.body.message).toBe(200);
    const list = await t.request
      .get(`${B}/interactAttribute/getPlanInteractList?planId=${planId}`)
      .set("authorization", user.token);
    expect(list.body.data.map((i: { reply: string | null }) => i.reply)).toEqual([
      "Thank you {viewer}, {viewer} is the best!",
      null,
    ]);
    const info = await t.request.get(`${B}/planInfo/getPlanInfo?planId=${planId}`).set("authorization", user.token);
    expect(info.body.data.interactions[0].reply).toBe("Thank you {viewer}, {viewer} is the best!");

    const tooLong = await post(`${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      ...item,
      actionId: "expression.wink",
      reply: "x".repeat(201),
    });
    expect(tooLong.body).toEqual({ code: 1912, message: "A reply is at most 200 characters", data: null });
    const zh = await post(
      `${B}/interactAttribute/addBatchPlanInteract`,
      { planId, items: [{ ...item, actionId: "expression.wink", reply: "字".repeat(201) }] },
      "ZH_CN",
    );
    expect(zh.body).toMatchObject({ code: 1912, message: "回复最多 200 个字" });

    // the push carries the reply for this viewer; without a name, "a viewer" in the request's language
    const pushes: { reply?: string | null }[] = [];
    const stop = t.app.deps.live.subscribe(user.id, (m) => {
      if (m.type === "interaction") pushes.push(m);
    });
    try {
      await post(`${V1}/live/interact/trigger`, {
        planId,
        event: "gift",
        interactId: "interact.gift-rose",
        viewer: "Ana",
      });
      await post(`${V1}/live/interact/trigger`, { planId, event: "gift", interactId: "interact.gift-rose" }, "ZH_CN");
      await post(`${V1}/live/interact/trigger`, { planId, event: "like", viewer: "Ana" });
      await expect.poll(() => pushes.length).toBe(3);
    } finally {
      stop();
    }
    expect(pushes.map((p) => p.reply)).toEqual([
      "Thank you Ana, Ana is the best!",
      "Thank you 一位观众, 一位观众 is the best!",
      null,
    ]);
  });
});
