import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { soundUrl } from "../../shared/audio/index.ts";
import { decodeWav } from "../../shared/audio/wav.ts";
import { asBytes, makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const binary = (url: string) => t.request.get(url).buffer(true).parse(asBytes);

describe("catalogue audio", () => {
  it.each([
    ["sound.applause", 2.2],
    ["voice.warm-female", null],
  ])("serves %s as a WAV file, cached for a year", async (id, duration) => {
    expect(soundUrl(id)).toBe(`/web-api/p1/media/sound/${id}.wav`);
    const res = await binary(soundUrl(id));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/wav");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const bytes = res.body as Buffer;
    expect(Number(res.headers["content-length"])).toBe(bytes.length);
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    const wav = decodeWav(new Uint8Array(bytes));
    expect(wav).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 22050, bitsPerSample: 16 });
    const seconds = wav.samples.length / wav.sampleRate;
    if (duration) expect(seconds).toBeCloseTo(duration, 2);
    else expect(seconds).toBeGreaterThan(2);
  });

  it("answers the same bytes and ETag again, and 304 to If-None-Match", async () => {
    const url = soundUrl("sound.coin");
    const first = await binary(url);
    const second = await binary(url);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);

    const cached = await t.request.get(url).set("if-none-match", first.headers.etag as string);
    expect(cached.status).toBe(304);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers["cache-control"]).toBe("public, max-age=86400");
    expect(cached.text ?? "").toBe("");

    const listed = await t.request.get(url).set("if-none-match", `"other", W/${first.headers.etag}`);
    expect(listed.status).toBe(304);
    const stale = await t.request.get(url).set("if-none-match", '"something-else"');
    expect(stale.status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const get = await binary(soundUrl("sound.pop"));
    const head = await t.request.head(soundUrl("sound.pop"));
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("audio/wav");
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers["content-length"]).toBe(String((get.body as Buffer).length));
    expect(head.body).toEqual({});
  });

  it.each([
    ["an unknown id", "/web-api/p1/media/sound/sound.kazoo.wav"],
    ["an item that makes no sound", "/web-api/p1/media/sound/pet.cat.wav"],
    ["an id without .wav", "/web-api/p1/media/sound/sound.applause"],
    ["another format", "/web-api/p1/media/sound/sound.applause.mp3"],
  ])("answers not found for %s, without caching it", async (_what, url) => {
    const res = await t.request.get(url);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBeUndefined();
    expect(res.body).toEqual({ code: 1212, message: "Not found", data: null });
  });

  it("localises the not-found message", async () => {
    const res = await t.request.get("/web-api/p1/media/sound/pet.cat.wav").set("language", "ZH_CN");
    expect(res.body).toEqual({ code: 1212, message: "未找到", data: null });
  });
});
