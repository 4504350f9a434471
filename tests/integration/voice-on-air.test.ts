/**
 * The voice on air (docs/decisions/040, "On air"): the lines the studio says travel on its socket
 * to the same user's OBS sources only, checked (1908 empty, 1909 too long, 429 more than 10 in
 * 10 s); a source asks for each line with its stream key (POST /web-api/p1/live/obs/speak) and gets
 * it in the used plan's voice as the studio does, from the same cache; every refusal in its envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import type { LiveServerMessage } from "../../shared/live.ts";
import { V1 } from "../helpers/account.ts";
import { asBytes, makeTestApp, type TestApp } from "../helpers/app.ts";

const L = `${V1}/live`;
const B = `${V1}/base`;
const OBS_SPEAK = "/web-api/p1/live/obs/speak";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
  await seedCatalogue(t.db);
});
afterAll(() => t?.close());

const post = (token: string, path: string, body: object = {}) =>
  t.request.post(path).set("authorization", token).set("language", "EN").send(body);
function ok<T>(res: { body: { code: number; message: string; data: T } }) {
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
}

/** A member with a used plan (with a voice unless told otherwise) and a stream key. */
async function member(voiceId: string | null = "voice.warm-female") {
  const user = await t.user({ vipType: "silver" });
  const planId = ok<string>(await post(user.token, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" }));
  if (voiceId) ok(await post(user.token, `${B}/planInfo/updatePlanInfo`, { planId, voiceId }));
  ok(await post(user.token, `${B}/planInfo/usePlan`, { planId }));
  const { key } = ok<{ key: string }>(await post(user.token, `${L}/streamKey/rotate`));
  return { user, planId, key };
}

/** The answer's bytes, whatever its type (a WAV, or the JSON envelope). */
function obsSpeak(key: string | null, body: object, language = "EN") {
  const req = t.request.post(OBS_SPEAK).set("language", language);
  if (key) req.set("x-stream-key", key);
  return req.send(body).buffer(true).parse(asBytes);
}
const envelope = (res: { body: Buffer }) => JSON.parse(res.body.toString("utf8"));

async function connect(auth: { token?: string; streamKey?: string }) {
  const ws = await t.app.injectWS("/web-api/ws/live?language=EN", { socket: { remoteAddress: "127.0.0.1" } } as never);
  const seen: LiveServerMessage[] = [];
  ws.on("message", (data: unknown) => void seen.push(JSON.parse(String(data)) as LiveServerMessage));
  ws.send(JSON.stringify({ type: "auth", ...auth }));
  await expect.poll(() => seen.some((m) => m.type === "ready")).toBe(true);
  return {
    ws,
    lines: () => seen.flatMap((m) => (m.type === "say" ? [m.text] : [])),
    errors: () => seen.filter((m) => m.type === "error"),
    say: (text: unknown) => ws.send(JSON.stringify({ type: "say", text })),
  };
}

describe("the OBS source's speech (stream key)", () => {
  it("answers the line in the used plan's voice, the studio's cached bytes when the studio said it first", async () => {
    const me = await member();
    const line = "Thank you for the roses, Ana!";
    const studio = await post(me.user.token, `${B}/baseProductLabel/speak`, { planId: me.planId, text: line })
      .buffer(true)
      .parse(asBytes);
    expect(studio.headers["content-type"]).toBe("audio/wav");
    const res = await obsSpeak(me.key, { text: `  ${line} ` });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/wav");
    expect(res.headers["x-speech-cache"]).toBe("hit");
    expect((res.body as Buffer).toString("ascii", 0, 4)).toBe("RIFF");
    expect((res.body as Buffer).equals(studio.body as Buffer)).toBe(true);
  });

  it("refuses a missing, wrong or revoked key (1903), and says the text and voice rules (1908, 1909, 1910)", async () => {
    const me = await member();
    for (const key of [null, `avk_${"x".repeat(32)}`, "not-a-key"]) {
      const res = await obsSpeak(key, { text: "Hello" });
      expect(envelope(res)).toMatchObject({ code: 1903 });
    }
    expect(envelope(await obsSpeak(me.key, { text: "   " }))).toEqual({
      code: 1908,
      message: "Type something for the avatar to say",
      data: null,
    });
    expect(envelope(await obsSpeak(me.key, { text: "a".repeat(201) }))).toMatchObject({ code: 1909 });
    expect(envelope(await obsSpeak(me.key, { text: "a".repeat(201) }, "ZH_CN")).message).toBe(
      "形象一次最多说 200 个字",
    );
    // a plan without a voice
    const quiet = await member(null);
    expect(envelope(await obsSpeak(quiet.key, { text: "Hello" }))).toMatchObject({ code: 1910 });
    // the key revoked: refused from then on
    ok(await post(me.user.token, `${L}/streamKey/revoke`));
    expect(envelope(await obsSpeak(me.key, { text: "Hello" }))).toMatchObject({ code: 1903 });
  });

  it("speaks the key owner's used plan only: another user's plan is never reached", async () => {
    const me = await member(null);
    const other = await member();
    // my key, whatever the body carries: my used plan (no voice), not theirs
    const res = await obsSpeak(me.key, { text: "Hello", planId: other.planId });
    expect(envelope(res)).toMatchObject({ code: 1910 });
  });
});

describe("the studio's lines relayed to its sources", () => {
  it("reaches the same user's sources only, trimmed; not the studio, another user or a source's own lines", async () => {
    const me = await member();
    const other = await member();
    const studio = await connect({ token: me.user.token });
    const source = await connect({ streamKey: me.key });
    const theirs = await connect({ streamKey: other.key });
    studio.say("  Welcome, everyone!  ");
    await expect.poll(() => source.lines()).toEqual(["Welcome, everyone!"]);
    // a source cannot make the others speak
    source.say("I am the source");
    await sleep(200);
    expect(source.lines()).toEqual(["Welcome, everyone!"]);
    expect(theirs.lines()).toEqual([]);
    expect(studio.lines()).toEqual([]);
    expect(studio.errors()).toEqual([]);
    for (const s of [studio, source, theirs]) s.ws.terminate();
  });

  it("refuses an empty or too long line (1908, 1909) and more than 10 lines in 10 s (429), relaying none of them", async () => {
    const me = await member();
    const studio = await connect({ token: me.user.token });
    const source = await connect({ streamKey: me.key });
    studio.say("   ");
    studio.say(42);
    studio.say("b".repeat(201));
    await expect.poll(() => studio.errors().length).toBe(3);
    expect(studio.errors()).toEqual([
      { type: "error", code: 1908, message: "Type something for the avatar to say" },
      { type: "error", code: 1908, message: "Type something for the avatar to say" },
      { type: "error", code: 1909, message: "The avatar says at most 200 characters at a time" },
    ]);
    for (let i = 1; i <= 11; i++) studio.say(`line ${i}`);
    await expect.poll(() => source.lines().length).toBe(10);
    await expect.poll(() => studio.errors().length).toBe(4);
    expect(studio.errors()[3]).toMatchObject({ code: 429 });
    expect(studio.errors()[3]?.type === "error" && studio.errors()[3]).toMatchObject({
      message: expect.stringMatching(/^Too many requests, please retry in \d+ seconds$/),
    });
    await sleep(200);
    expect(source.lines()).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i + 1}`));
    for (const s of [studio, source]) s.ws.terminate();
  });
});
