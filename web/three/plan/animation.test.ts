import { describe, expect, it } from "vitest";
import {
  BURST_SECONDS,
  blinkAt,
  burstAmount,
  EXPRESSION_SECONDS,
  EXPRESSION_TIMING,
  envelope,
  expressionAmount,
  idlePose,
  motionPose,
  petPose,
} from "./animation.ts";
import { MOTION_STYLES, PET_MOTIONS } from "./parse.ts";

describe("expression envelope", () => {
  it("eases in, holds about 1.5 s, eases out to nothing", () => {
    expect(expressionAmount(0)).toBe(0);
    expect(expressionAmount(EXPRESSION_TIMING.rise / 2)).toBeGreaterThan(0.3);
    expect(expressionAmount(EXPRESSION_TIMING.rise / 2)).toBeLessThan(0.7);
    expect(expressionAmount(EXPRESSION_TIMING.rise + 0.1)).toBe(1);
    expect(expressionAmount(EXPRESSION_TIMING.rise + 1.4)).toBe(1);
    expect(expressionAmount(EXPRESSION_SECONDS - 0.01)).toBeLessThan(0.01);
    expect(expressionAmount(EXPRESSION_SECONDS + 1)).toBe(0);
    expect(EXPRESSION_TIMING.hold).toBeCloseTo(1.5);
  });

  it("never exceeds 1 and is 0 outside its span", () => {
    for (let t = -1; t < 3; t += 0.05) {
      const v = envelope(t, 0.3, 2, 0.5);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
});

describe("motions", () => {
  it("start and end at rest, and move in between", () => {
    for (const style of MOTION_STYLES) {
      const start = motionPose(style, 1.6, 0);
      const end = motionPose(style, 1.6, 1.6);
      for (const part of [start, end])
        expect([part.head, part.offset, part.turn].flatMap((e) => [e.x, e.y, e.z])).toEqual([
          0, 0, 0, 0, 0, 0, 0, 0, 0,
        ]);
      let moved = 0;
      for (let t = 0.05; t < 1.6; t += 0.05) {
        const p = motionPose(style, 1.6, t);
        moved = Math.max(
          moved,
          ...[p.head, p.offset, p.turn].flatMap((e) => [Math.abs(e.x), Math.abs(e.y), Math.abs(e.z)]),
        );
      }
      expect(moved, style).toBeGreaterThan(0.02);
    }
  });

  it("nod pitches, shake turns, tilt rolls the head; spin turns the whole bust once", () => {
    const peak = (style: (typeof MOTION_STYLES)[number], pick: (p: ReturnType<typeof motionPose>) => number) =>
      Math.max(...Array.from({ length: 60 }, (_, i) => Math.abs(pick(motionPose(style, 1.5, (i * 1.5) / 60)))));
    expect(peak("nod", (p) => p.head.x)).toBeGreaterThan(0.15);
    expect(peak("shake", (p) => p.head.y)).toBeGreaterThan(0.25);
    expect(peak("tilt", (p) => p.head.z)).toBeGreaterThan(0.2);
    expect(peak("spin", (p) => p.turn.y)).toBeGreaterThan(Math.PI * 1.9);
    expect(peak("bounce", (p) => p.offset.y)).toBeGreaterThan(0.02);
    expect(peak("lean", (p) => p.offset.z)).toBeGreaterThan(0.05);
  });

  it("start and end with the arms at rest; wave raises the left arm alone, clap brings both hands in", () => {
    const arms = (p: ReturnType<typeof motionPose>) =>
      [p.left, p.right].flatMap((a) => [a.lift, a.swing, a.roll, a.bend, a.twist, a.flex]);
    for (const style of MOTION_STYLES) {
      expect(
        arms(motionPose(style, 1.6, 0)).every((v) => v === 0),
        style,
      ).toBe(true);
      expect(
        arms(motionPose(style, 1.6, 1.6)).every((v) => v === 0),
        style,
      ).toBe(true);
    }
    const mid = (style: (typeof MOTION_STYLES)[number]) => motionPose(style, 2, 1);
    expect(mid("wave").left.lift).toBeGreaterThan(0.7);
    expect(mid("wave").left.roll).toBeLessThan(-1);
    expect(arms({ ...mid("wave"), left: mid("wave").right }).every((v) => v === 0)).toBe(true);
    expect(mid("clap").left).toEqual(mid("clap").right);
    expect(mid("clap").left.bend).toBeGreaterThan(0.5);
    // the gestures of the other motions: fists up on a bounce, hands forward on a lean
    expect(mid("bounce").left.bend).toBeGreaterThan(0.5);
    expect(motionPose("lean", 1.6, 0.8).left.swing).toBeGreaterThan(0.4);
  });
});

describe("idle life", () => {
  it("blinks every few seconds, briefly", () => {
    let closedFrames = 0;
    let blinks = 0;
    let was = false;
    for (let t = 0; t < 30; t += 1 / 60) {
      const b = blinkAt(t);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(1);
      if (b > 0.5) closedFrames++;
      if (b > 0.5 && !was) blinks++;
      was = b > 0.5;
    }
    expect(blinks).toBeGreaterThanOrEqual(5);
    expect(blinks).toBeLessThanOrEqual(12);
    expect(closedFrames / 60).toBeLessThan(1.5);
  });

  it("sways gently", () => {
    for (let t = 0; t < 60; t += 0.5) {
      const p = idlePose(t);
      expect(Math.abs(p.head.y)).toBeLessThan(0.08);
      expect(Math.abs(p.offset.y)).toBeLessThan(0.005);
      // the forearms breathe a little, never gesture
      expect(Math.abs(p.left.bend)).toBeLessThan(0.06);
      expect(Math.abs(p.right.twist)).toBeLessThan(0.06);
    }
  });
});

describe("pet motions", () => {
  it("loop within a pet's own size and keep a sane squash", () => {
    for (const motion of PET_MOTIONS) {
      for (let t = 0; t < 20; t += 0.07) {
        const p = petPose(motion, t, 0.3, 0.08);
        expect(Math.abs(p.y), motion).toBeLessThan(0.08);
        expect(Math.abs(p.x), motion).toBeLessThan(0.08);
        expect(p.stretch).toBeGreaterThan(0.7);
        expect(p.stretch).toBeLessThan(1.3);
        expect(Math.abs(p.wing)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("hops leave the ground and come back; fliers flap fast", () => {
    const ys = Array.from({ length: 100 }, (_, i) => petPose("hop", i * 0.02, 0, 0.08).y);
    expect(Math.max(...ys)).toBeGreaterThan(0.03);
    expect(Math.min(...ys)).toBe(0);
    const wings = Array.from({ length: 20 }, (_, i) => petPose("flutter", i * 0.05, 0, 0.07).wing);
    expect(new Set(wings.map((w) => Math.sign(Math.round(w * 10)))).size).toBeGreaterThan(1);
  });
});

describe("effect bursts", () => {
  it("last a little under three seconds", () => {
    expect(BURST_SECONDS).toBeGreaterThanOrEqual(2);
    expect(BURST_SECONDS).toBeLessThanOrEqual(3);
    expect(burstAmount(0)).toBe(0);
    expect(burstAmount(1.2)).toBe(1);
    expect(burstAmount(BURST_SECONDS)).toBe(0);
  });
});
