import { describe, expect, it } from "vitest";
import {
  CLOUD_AUDIO_MAX_SAMPLES,
  createAudioSchedule,
  decodeCloudAudio,
  encodeCloudAudio,
  readSinkChunk,
  toPcm16,
} from "./cloud-audio.ts";

describe("the cloud stream's sound chunks", () => {
  it("round-trip rate, start and samples", () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const packet = encodeCloudAudio({ rate: 24_000, start: 12.345678, samples });
    expect(packet.length).toBe(16 + samples.length * 2);
    expect(String.fromCharCode(...packet.slice(0, 4))).toBe("PCM1");
    const back = decodeCloudAudio(packet);
    expect(back?.rate).toBe(24_000);
    expect(back?.start).toBe(12.345678);
    expect([...(back?.samples ?? [])]).toEqual([...samples]);
    // as the browser's socket hands it over: an ArrayBuffer, and a view into a larger one
    expect(decodeCloudAudio(packet.slice().buffer)?.samples.length).toBe(6);
    const larger = new Uint8Array(packet.length + 8);
    larger.set(packet, 8);
    expect(decodeCloudAudio(larger.subarray(8))?.start).toBe(12.345678);
  });

  it("are never mistaken for a JPEG frame, nor a frame or a malformed message for sound", () => {
    expect(decodeCloudAudio(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(20).fill(0)]))).toBeNull();
    const good = encodeCloudAudio({ rate: 24_000, start: 1, samples: new Int16Array(4) });
    expect(decodeCloudAudio(good.subarray(0, 15))).toBeNull(); // shorter than the header
    expect(decodeCloudAudio(good.subarray(0, 17))).toBeNull(); // half a sample
    const badRate = good.slice();
    new DataView(badRate.buffer).setUint32(4, 100, true);
    expect(decodeCloudAudio(badRate)).toBeNull();
    const badStart = good.slice();
    new DataView(badStart.buffer).setFloat64(8, Number.NaN, true);
    expect(decodeCloudAudio(badStart)).toBeNull();
  });

  it("turn float samples into clipped int16, and silence into nothing", () => {
    expect([...(toPcm16([0, 0.5, -0.5, 2, -2]) ?? [])]).toEqual([0, 16384, -16383, 32767, -32767]);
    expect(toPcm16(new Float32Array(2400))).toBeNull();
    // below half a step rounds to silence
    expect(toPcm16([1e-6, -1e-6])).toBeNull();
  });
});

describe("the render page's chunks, as the render worker takes them", () => {
  const b64 = (samples: Int16Array) =>
    Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString("base64");

  it("reads base64 int16 samples (little-endian, signed) with their start and rate", () => {
    const samples = Int16Array.from([0, -1, 32767, -32768, 300]);
    const chunk = readSinkChunk(b64(samples), 3.5, 24_000);
    expect(chunk?.start).toBe(3.5);
    expect(chunk?.rate).toBe(24_000);
    expect([...(chunk?.samples ?? [])]).toEqual([...samples]);
  });

  it("refuses anything else a page might send", () => {
    const ok = b64(new Int16Array(4));
    expect(readSinkChunk(ok, -1, 24_000)).toBeNull();
    expect(readSinkChunk(ok, Number.POSITIVE_INFINITY, 24_000)).toBeNull();
    expect(readSinkChunk(ok, 1, 24_000.5)).toBeNull();
    expect(readSinkChunk(ok, 1, 100)).toBeNull();
    expect(readSinkChunk(ok, "1", 24_000)).toBeNull();
    expect(readSinkChunk(42, 1, 24_000)).toBeNull();
    expect(readSinkChunk("", 1, 24_000)).toBeNull();
    expect(readSinkChunk("not base64!", 1, 24_000)).toBeNull();
    expect(readSinkChunk(Buffer.from([1, 2, 3]).toString("base64"), 1, 24_000)).toBeNull(); // half a sample
    // more than a second at once
    expect(readSinkChunk(b64(new Int16Array(CLOUD_AUDIO_MAX_SAMPLES + 3)), 1, 24_000)).toBeNull();
    expect(readSinkChunk(b64(new Int16Array(CLOUD_AUDIO_MAX_SAMPLES)), 1, 24_000)?.samples.length).toBe(
      CLOUD_AUDIO_MAX_SAMPLES,
    );
  });
});

describe("the studio's sound schedule", () => {
  it("keeps the chunks' spacing after placing the first a lead ahead of now", () => {
    const s = createAudioSchedule({ lead: 0.25 });
    expect(s.at(100, 5)).toBeCloseTo(5.25);
    // the next chunk, arriving a little later, still follows the first exactly
    expect(s.at(100.1, 5.05)).toBeCloseTo(5.35);
    // a gap of silence on the render page is a gap here
    expect(s.at(102, 6.9)).toBeCloseTo(7.25);
  });

  it("starts afresh when a chunk would be late or too far ahead", () => {
    const s = createAudioSchedule({ lead: 0.25, maxAhead: 1 });
    s.at(10, 0);
    // the stream stalled: 10.1 belongs at 0.35, and now is 2
    expect(s.at(10.1, 2)).toBeCloseTo(2.25);
    // the render page's clock ran ahead: 14 would be 2.75 s ahead
    expect(s.at(14, 2.1)).toBeCloseTo(2.35);
  });
});
