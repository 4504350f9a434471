import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ARM_SHARES,
  NEUTRAL_NOSE_RANGE,
  NOSE_REST,
  neutralOf,
  type Point,
  RANGES,
  ramp,
  rigArms,
  rigBody,
  rigFace,
} from "./rig.ts";

/** Face meshes @vladmandic/human found on the fixture photo: as it is, with the mouth opened, turned 15°. */
const meshes = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "../../../../tests/fixtures/face-mesh.json"), "utf8"),
) as Record<"closed" | "open" | "rolled", Point[]>;

/** The mesh turned by `angle` radians about its centre (clockwise on screen for a positive angle). */
const turned = (mesh: Point[], angle: number): Point[] => {
  const cx = mesh.reduce((s, p) => s + p[0], 0) / mesh.length;
  const cy = mesh.reduce((s, p) => s + p[1], 0) / mesh.length;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return mesh.map(([x, y, z]) => [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c, z]);
};

/** Moves the listed points by (dx, dy) pixels. */
const moved = (mesh: Point[], points: number[], dx: number, dy: number): Point[] =>
  mesh.map((p, i) => (points.includes(i) ? [p[0] + dx, p[1] + dy, p[2]] : p));

describe("face rig", () => {
  it("opens the jaw with the mouth, and leaves the rest of the face alone", () => {
    const closed = rigFace(meshes.closed);
    const open = rigFace(meshes.open);
    expect(open.weights.jawOpen).toBeGreaterThan(0.8);
    expect(closed.weights.jawOpen).toBeLessThan(0.4);
    // the photo smiles, eyes open, level gaze
    expect(closed.weights.mouthSmileLeft).toBeGreaterThan(0.5);
    expect(closed.weights.eyeBlinkLeft).toBe(0);
    expect(closed.weights.eyeBlinkRight).toBe(0);
    expect(Math.abs(open.head.y - closed.head.y)).toBeLessThan(0.1);
  });

  it("reads the head's roll, and undoes it before reading the face", () => {
    const base = rigFace(meshes.closed);
    // turned clockwise on screen: the head leans towards the subject's left shoulder (negative z)
    const leaned = rigFace(turned(meshes.closed, 0.3));
    expect(leaned.head.z - base.head.z).toBeCloseTo(-0.3, 2);
    expect(leaned.weights.jawOpen).toBeCloseTo(base.weights.jawOpen as number, 2);
    expect(leaned.head.y).toBeCloseTo(base.head.y, 2);
    expect(leaned.head.x).toBeCloseTo(base.head.x, 2);
    // the real photo turned 15°: the roll follows (the mesh's own estimate, within a few degrees)
    expect(rigFace(meshes.rolled).head.z - base.head.z).toBeLessThan(-0.12);
  });

  it("turns the head with the nose and closes an eye with its lids", () => {
    const base = rigFace(meshes.closed);
    // the nose tip to the picture's right: the subject turns to their left (positive y)
    expect(rigFace(moved(meshes.closed, [1], 12, 0)).head.y).toBeGreaterThan(base.head.y + 0.2);
    // the nose tip lower: a nod down (positive x)
    expect(rigFace(moved(meshes.closed, [1], 0, 12)).head.x).toBeGreaterThan(base.head.x + 0.2);
    // the subject's left eye's upper lid down to the lower one: that eye blinks, the other does not
    const m = meshes.closed;
    const gap = (m[374] as Point)[1] - (m[386] as Point)[1];
    const blink = rigFace(moved(m, [386], 0, gap * 0.95));
    expect(blink.weights.eyeBlinkLeft).toBeGreaterThan(0.9);
    expect(blink.weights.eyeBlinkRight).toBe(0);
    // both irises towards the subject's left: the left eye looks out, the right eye in
    const eyeWidth = Math.abs((m[263] as Point)[0] - (m[362] as Point)[0]);
    const look = rigFace(moved(m, [468, 473], eyeWidth * 0.4, 0));
    expect(look.weights.eyeLookOutLeft).toBeGreaterThan(0.5);
    expect(look.weights.eyeLookInRight).toBeGreaterThan(0.5);
    expect(look.weights.eyeLookInLeft).toBe(0);
    // inner brows raised
    const raise = rigFace(moved(m, [107, 336], 0, -eyeWidth * 0.6));
    expect(raise.weights.browInnerUp).toBeGreaterThan(0.5);
  });

  it("maps a measure onto 0..1 between its two ends, either way round", () => {
    expect(ramp(0.03, RANGES.jawOpen)).toBe(0);
    expect(ramp(0.115, RANGES.jawOpen)).toBeCloseTo(0.5);
    expect(ramp(1, RANGES.jawOpen)).toBe(1);
    expect(ramp(0.3, RANGES.eyeOpen)).toBe(0);
    expect(ramp(0.05, RANGES.eyeOpen)).toBe(1);
  });
});

describe("neutral pose (recentre, issue 47)", () => {
  const sample = (mesh: Point[]) => rigFace(mesh);
  it("measures the head from the user's neutral pose, and reads their resting eyes as open", () => {
    // the user sits with the nose lower than the photo's (a camera above the screen): raw, a nod
    const low = moved(meshes.closed, [1], 0, 8);
    expect(rigFace(low).head.x).toBeGreaterThan(0.15);
    const neutral = neutralOf([sample(low), sample(low), sample(low)]);
    const r = rigFace(low, neutral);
    expect(Math.abs(r.head.x)).toBeLessThan(1e-9);
    // the fixture face itself reads level with no neutral pose at all (the typical rest)
    expect(Math.abs(rigFace(meshes.closed).head.x)).toBeLessThan(0.05);
    expect(r.rawHead.x).toBeGreaterThan(0.15);
    // a nod from there still reads as a nod
    expect(rigFace(moved(meshes.closed, [1], 0, 20), neutral).head.x).toBeGreaterThan(0.2);
    // narrower eyes at rest (lids a third closer): open for this user, shut when the lids meet
    const m = meshes.closed;
    const lids = (mesh: Point[], share: number) => {
      const gapL = (m[374] as Point)[1] - (m[386] as Point)[1];
      const gapR = (m[145] as Point)[1] - (m[159] as Point)[1];
      return moved(moved(mesh, [386], 0, gapL * share), [159], 0, gapR * share);
    };
    const narrow = lids(m, 0.45);
    expect(rigFace(narrow).weights.eyeBlinkLeft).toBeGreaterThan(0.2);
    const own = neutralOf([sample(narrow)]);
    expect(rigFace(narrow, own).weights.eyeBlinkLeft).toBe(0);
    expect(rigFace(lids(m, 0.97), own).weights.eyeBlinkLeft).toBeGreaterThan(0.9);
  });

  it("keeps a recentre within bounds: a head far turned, or eyes shut, do not become neutral", () => {
    const far = neutralOf([{ nose: { x: -0.5, y: 0.9 }, eyeOpen: { left: 0.02, right: 0.03 } }]);
    expect(far.noseX).toBeCloseTo(-NEUTRAL_NOSE_RANGE.x);
    expect(far.noseY).toBeCloseTo(NOSE_REST + NEUTRAL_NOSE_RANGE.y);
    expect(far.eyeOpen).toBeGreaterThanOrEqual(0.16);
    // a blink inside the window does not count: the widest eyes do
    const blinked = neutralOf([
      { nose: { x: 0, y: 0.3 }, eyeOpen: { left: 0.05, right: 0.05 } },
      { nose: { x: 0, y: 0.3 }, eyeOpen: { left: 0.3, right: 0.28 } },
    ]);
    expect(blinked.eyeOpen).toBeCloseTo(0.29);
  });
});

describe("body rig", () => {
  it("tilts and sways with the shoulders, and needs both seen", () => {
    const level = rigBody({ left: [400, 300], right: [240, 300], score: 0.8 }, 640);
    expect(level).toEqual({ tilt: -0, sway: 0 });
    // the right shoulder (the picture's left) lower: leaning towards it
    const lean = rigBody({ left: [400, 280], right: [240, 320], score: 0.8 }, 640);
    expect(lean?.tilt).toBeGreaterThan(0.2);
    // moved to the picture's right: the subject's left
    expect(rigBody({ left: [560, 300], right: [400, 300], score: 0.8 }, 640)?.sway).toBeCloseTo(0.5);
    expect(rigBody({ left: [400, 300], right: [240, 300], score: 0.1 }, 640)).toBeNull();
    expect(rigBody(null, 640)).toBeNull();
  });
});

describe("arm rig", () => {
  // shoulders 160 px apart: an upper arm is 128 px long, a forearm 112
  const width = 160;
  const upper = ARM_SHARES.upper * width;
  const fore = ARM_SHARES.fore * width;
  it("reads a hanging arm as down, a short-looking forearm as toward the camera, a raised one as up", () => {
    // the subject's left arm, on the picture's right: hanging, the forearm toward the camera (the rest)
    const rest = rigArms(
      {
        left: { shoulder: [400, 300], elbow: [400, 300 + upper], wrist: [400, 300 + upper + 10], score: 0.9 },
        right: null,
      },
      width,
    );
    expect(rest?.left?.upper[1]).toBeCloseTo(-1, 3);
    expect(rest?.left?.fore[2]).toBeGreaterThan(0.95);
    expect(rest?.right).toBeUndefined();
    // a wave: the upper arm out to the picture's right (the avatar's +x), the forearm straight up
    const wave = rigArms(
      {
        left: { shoulder: [400, 300], elbow: [400 + upper, 300], wrist: [400 + upper, 300 - fore], score: 0.9 },
        right: null,
      },
      width,
    );
    expect(wave?.left?.upper[0]).toBeCloseTo(1, 3);
    expect(wave?.left?.fore[1]).toBeCloseTo(1, 3);
    // the subject's right arm lifted out to the picture's left: the avatar's -x
    const right = rigArms(
      {
        left: null,
        right: { shoulder: [240, 300], elbow: [240 - upper, 300], wrist: [240 - upper, 300 + fore], score: 0.9 },
      },
      width,
    );
    expect(right?.right?.upper[0]).toBeCloseTo(-1, 3);
    expect(right?.right?.fore[1]).toBeCloseTo(-1, 3);
    for (const v of [rest?.left?.upper, rest?.left?.fore, wave?.left?.fore] as number[][])
      expect(Math.hypot(...v)).toBeCloseTo(1, 9);
  });

  it("leaves out an arm not seen well enough, and answers nothing without one or a shoulder width", () => {
    const arm = { shoulder: [400, 300], elbow: [400, 420], wrist: [400, 430] } as const;
    expect(rigArms({ left: { ...arm, score: 0.1 }, right: null }, width)).toBeNull();
    expect(rigArms({ left: { ...arm, score: 0.9 }, right: null }, 0)).toBeNull();
    expect(rigArms({ left: null, right: null }, width)).toBeNull();
  });
});
