import { describe, expect, it } from "vitest";
import { createEnvelope, follow, LIPSYNC, maxMouth, mouthWeights, openingOf, rms } from "./lipsync.ts";

const sine = (amplitude: number, n = 1024) =>
  Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * i) / 22050));

describe("the mouth's envelope", () => {
  it("measures RMS: a sine's amplitude over √2, silence 0", () => {
    expect(rms(sine(0.5))).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(rms(new Float32Array(512))).toBe(0);
    expect(rms([])).toBe(0);
    expect(rms([1, -1, 1, -1])).toBe(1);
  });

  it("opens from the floor to full, monotonic, lifting quiet sounds", () => {
    expect(openingOf(0)).toBe(0);
    expect(openingOf(LIPSYNC.floor)).toBe(0);
    expect(openingOf(LIPSYNC.full)).toBe(1);
    expect(openingOf(1)).toBe(1);
    expect(openingOf(Number.NaN)).toBe(0);
    const mid = (LIPSYNC.floor + LIPSYNC.full) / 2;
    expect(openingOf(mid)).toBeCloseTo(Math.SQRT1_2, 5);
    let last = 0;
    for (let level = 0; level <= 0.2; level += 0.005) {
      const o = openingOf(level);
      expect(o).toBeGreaterThanOrEqual(last);
      last = o;
    }
  });

  it("follows quickly up and slowly down: one time constant gets ~63% of the way", () => {
    expect(follow(0, 1, LIPSYNC.attack)).toBeCloseTo(1 - Math.exp(-1), 5);
    expect(follow(1, 0, LIPSYNC.release)).toBeCloseTo(Math.exp(-1), 5);
    // the same 16 ms moves it further opening than closing
    expect(follow(0, 1, 0.016)).toBeGreaterThan(1 - follow(1, 0, 0.016));
    expect(follow(0.4, 0.4, 0.5)).toBe(0.4);
    expect(follow(0.3, 1, 0)).toBe(0.3);
    expect(follow(0.3, 1, -1)).toBe(0.3);
  });

  it("rises while a voice sounds and falls back after it, frame by frame", () => {
    const env = createEnvelope();
    let t = 0;
    const frames = (block: Float32Array, n: number) => {
      let o = 0;
      for (let i = 0; i < n; i++) {
        t += 1000 / 60;
        o = env.push(block, t);
      }
      return o;
    };
    expect(frames(new Float32Array(1024), 5)).toBe(0);
    const speaking = frames(sine(0.3), 10);
    expect(speaking).toBeGreaterThan(0.95);
    const after = frames(new Float32Array(1024), 6);
    // 6 frames = 0.1 s of release
    expect(after).toBeCloseTo(speaking * Math.exp(-0.1 / LIPSYNC.release), 6);
    expect(frames(new Float32Array(1024), 60)).toBeLessThan(0.001);
    // a long stall (a hidden tab) is one 0.1 s step, not a jump
    const e2 = createEnvelope();
    e2.push(sine(0.3), 0);
    expect(e2.push(sine(0.3), 5000)).toBeLessThan(1);
  });

  it("shapes the mouth: jaw up to its max, a little funnel mid-way, lips closing near shut", () => {
    expect(mouthWeights(0)).toEqual({ jawOpen: 0, mouthFunnel: 0, mouthClose: LIPSYNC.maxClose });
    expect(mouthWeights(1)).toEqual({ jawOpen: LIPSYNC.maxJaw, mouthFunnel: 0, mouthClose: 0 });
    expect(mouthWeights(0.5).mouthFunnel).toBeCloseTo(LIPSYNC.maxFunnel, 5);
    expect(mouthWeights(0.5).mouthClose).toBe(0);
    expect(mouthWeights(2).jawOpen).toBe(LIPSYNC.maxJaw);
    expect(mouthWeights(-1).jawOpen).toBe(0);
  });

  it("combines with the face capture by the larger of each shape", () => {
    const weights: Record<string, number> = { jawOpen: 0.6, mouthSmileLeft: 0.4, mouthFunnel: 0 };
    maxMouth(weights, { jawOpen: 0.3, mouthFunnel: 0.1, mouthClose: 0.05 });
    expect(weights).toEqual({ jawOpen: 0.6, mouthSmileLeft: 0.4, mouthFunnel: 0.1, mouthClose: 0.05 });
  });
});
