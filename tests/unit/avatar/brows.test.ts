/**
 * The eyebrow group's shape sliders (spec section 3, "eyebrow"): thickness widens the stroke about
 * its middle, arch lifts its middle more than its ends, and both leave everything else in place
 * (the locality and symmetry of every slider are in sliders.test.ts).
 */
import { describe, expect, it } from "vitest";
import { avatar } from "./helpers.ts";

/** The brows' lowest and highest y in a thin slice at x (the +x brow), under slider weights. */
function extent(sex: 1 | 2, x: number, weights: Record<string, number> = {}): { lo: number; hi: number } {
  const brows = avatar(sex).primitives.find((p) => p.name === "brows");
  if (!brows) throw new Error("no brows");
  let lo = Infinity;
  let hi = -Infinity;
  for (let v = 0; v < brows.positions.length / 3; v++) {
    if (Math.abs((brows.positions[v * 3] as number) - x) > 0.0015) continue;
    let y = brows.positions[v * 3 + 1] as number;
    for (const [id, w] of Object.entries(weights)) y += ((brows.targets[id]?.[v * 3 + 1] as number) ?? 0) * w;
    lo = Math.min(lo, y);
    hi = Math.max(hi, y);
  }
  return { lo, hi };
}

describe("eyebrow sliders", () => {
  for (const sex of [1, 2] as const) {
    it(`sex ${sex}: thickness widens the stroke about its middle (0.4x to 1.6x in the middle)`, () => {
      for (const x of [0.02, 0.034, 0.045]) {
        const rest = extent(sex, x);
        const thick = extent(sex, x, { "eyebrow.thickness": 1 });
        const thin = extent(sex, x, { "eyebrow.thickness": -1 });
        const width = (e: { lo: number; hi: number }) => e.hi - e.lo;
        // full in the middle; towards the ends the slider's region fades it a little
        expect(width(thick) / width(rest), `at ${x}`).toBeGreaterThan(x === 0.034 ? 1.5 : 1.3);
        expect(width(thin) / width(rest), `at ${x}`).toBeLessThan(x === 0.034 ? 0.5 : 0.7);
        // about its middle: the stroke does not drift up or down
        const mid = (e: { lo: number; hi: number }) => (e.hi + e.lo) / 2;
        expect(Math.abs(mid(thick) - mid(rest))).toBeLessThan(width(rest) * 0.2);
      }
    });

    it(`sex ${sex}: arch lifts the brow's middle well above its ends`, () => {
      const lift = (x: number) => extent(sex, x, { "eyebrow.arch": 1 }).hi - extent(sex, x).hi;
      expect(lift(0.034)).toBeGreaterThan(0.0018);
      expect(lift(0.014)).toBeLessThan(lift(0.034) * 0.35);
      expect(lift(0.054)).toBeLessThan(lift(0.034) * 0.5);
    });
  }
});
