/**
 * The realistic head's lower cheeks are full (issue 17: "the cheeks are hollow"; decision 039,
 * "Full cheeks"): 4 cm from the midline, the cheek at the mouth's height stands within 12 mm of the
 * cheekbone's depth, as on a real face, and the profile between them has no dent. The toon head's
 * outline at a three-quarter turn runs from under the eye to the mouth in one convex curve.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { buildAvatar } from "../../../shared/avatar/index.ts";
import { HeadShape } from "../../../shared/avatar/parts/head.ts";

/** The front of the head's surface (largest z inside) at (x, y), to 0.2 mm. */
function front(shape: HeadShape, x: number, y: number): number {
  let z = 0.13;
  while (z > 0 && shape.sdf(x, y, z) > 0) z -= 0.0002;
  return z;
}

describe("the realistic cheeks", () => {
  for (const sex of [1, 2] as const) {
    it(`are full below the cheekbone (sex ${sex})`, () => {
      const A = anatomyFor(sex);
      const shape = new HeadShape(A);
      const x = 0.04;
      const cheekbone = front(shape, x, A.cheek.c[1]);
      const mouthLevel = front(shape, x, A.mouth.center[1]);
      // (before the fix: 31 mm female, 22 mm male)
      expect(cheekbone - mouthLevel).toBeLessThan(0.012);
      // down the cheek, no point lies more than 1.5 mm behind the straight line between the two
      const steps = 10;
      for (let i = 1; i < steps; i++) {
        const y = A.cheek.c[1] + ((A.mouth.center[1] - A.cheek.c[1]) * i) / steps;
        const chord = cheekbone + ((mouthLevel - cheekbone) * i) / steps;
        expect(chord - front(shape, x, y)).toBeLessThan(0.0015);
      }
    });
  }
});

/**
 * The head's outline on the cheek's side at a turn of `yaw` degrees, at height y: how far the head
 * reaches in the direction (cos yaw, 0, sin yaw), found by bisection to 0.1 mm.
 */
function outline(shape: HeadShape, yaw: number, y: number): number {
  const a = (yaw * Math.PI) / 180;
  const [dx, dz] = [Math.cos(a), Math.sin(a)];
  const reaches = (s: number) => {
    for (let w = -0.14; w <= 0.14; w += 0.0015) if (shape.sdf(s * dx - w * dz, y, s * dz + w * dx) <= 0) return true;
    return false;
  };
  let lo = 0;
  let hi = 0.15;
  while (hi - lo > 0.0001) {
    const mid = (lo + hi) / 2;
    if (reaches(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

describe("the toon cheeks", () => {
  // (before: a bump under the eye and a hollow below it, 6 and 7 mm deep for the male at 18 and
  // 35 degrees, 4 and 5.5 mm for the female)
  for (const sex of [1, 2] as const) {
    it(`make one convex outline from under the eye to the mouth at a three-quarter turn (sex ${sex})`, () => {
      const A = anatomyFor(sex, "toon");
      expect(A.cheekLow).toBeNull();
      const shape = new HeadShape(A);
      const top = A.eye.center[1] - 0.012;
      const steps = 12;
      for (const yaw of [18, 35]) {
        const s = Array.from({ length: steps + 1 }, (_, i) =>
          outline(shape, yaw, top + ((A.mouth.center[1] - top) * i) / steps),
        );
        // no point lies more than 1 mm inside the chord between any two others around it
        for (let i = 1; i < steps; i++)
          for (let j = 0; j < i; j++)
            for (let k = i + 1; k <= steps; k++) {
              const chord = (s[j] as number) + (((s[k] as number) - (s[j] as number)) * (i - j)) / (k - j);
              expect(chord - (s[i] as number), `yaw ${yaw}, row ${i}`).toBeLessThan(0.001);
            }
      }
    });
  }
});

describe("the side of the face", () => {
  /**
   * How far the skin's normals turn at a vertex against its neighbours' (degrees), worst over the
   * side of the face between the cheekbone and the jaw, in front of the ear.
   */
  const worstKink = (sex: 1 | 2, style: "realistic" | "toon"): number => {
    const skin = buildAvatar({ sex, style }).primitives.find((p) => p.name === "skin");
    if (!skin) throw new Error("no skin");
    const { positions: P, normals: N, indices: I } = skin;
    const sum = new Float64Array(P.length);
    for (let t = 0; t < I.length; t += 3) {
      const tri = [I[t], I[t + 1], I[t + 2]] as number[];
      for (const a of tri)
        for (const b of tri)
          if (a !== b)
            for (let k = 0; k < 3; k++) sum[a * 3 + k] = (sum[a * 3 + k] as number) + (N[b * 3 + k] as number);
    }
    let worst = 0;
    for (let v = 0; v < P.length / 3; v++) {
      const [x, y, z] = [P[v * 3] as number, P[v * 3 + 1] as number, P[v * 3 + 2] as number];
      if (Math.abs(x) < 0.05 || z < -0.015 || z > 0.05 || y < -0.035 || y > 0.005) continue;
      const [sx, sy, sz] = [sum[v * 3] as number, sum[v * 3 + 1] as number, sum[v * 3 + 2] as number];
      const dot =
        (sx * (N[v * 3] as number) + sy * (N[v * 3 + 1] as number) + sz * (N[v * 3 + 2] as number)) /
        Math.hypot(sx, sy, sz);
      worst = Math.max(worst, (Math.acos(Math.min(1, dot)) * 180) / Math.PI);
    }
    return worst;
  };
  for (const sex of [1, 2] as const) {
    for (const style of ["realistic", "toon"] as const) {
      it(`has no line across it where the neck joins (sex ${sex}, ${style})`, () => {
        // The neck was joined to the head's sculpt below a height (y < -2 cm) over its 35 mm blend,
        // which left a step there: a light line from the ear toward the cheek at every turn, its
        // normals turning 13 degrees against their neighbours'. The neck now fades in over 3 cm
        // (decision 039, "No line across the cheek"); the surface now turns under 1 degree on the realistic
        // head and under 3 on the toon (whose warp bends it).
        expect(worstKink(sex, style)).toBeLessThan(4);
      });
    }
  }
});
