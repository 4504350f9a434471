/**
 * The bust has upper arms (issue 17: "the torso is a smooth lump with no neck line, shoulders or
 * arms"; decision 039, "Upper arms"): in both styles and sexes, each side has an arm in the top's
 * sleeve hanging outside the torso's outline from under the shoulder down to the bust's cut, the
 * two mirror images of each other.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { buildAvatar } from "../../../shared/avatar/index.ts";

describe("the upper arms", () => {
  for (const style of ["realistic", "toon"] as const) {
    for (const sex of [1, 2] as const) {
      it(`hang beside the torso down to the cut (${style}, sex ${sex})`, () => {
        const T = anatomyFor(sex, style).torso;
        const clothing = buildAvatar({ sex, style }).primitives.find((p) => p.name === "clothing");
        const P = clothing?.positions ?? new Float32Array();
        // the widest the clothing reaches on each side, in bands down the body
        const bands = [0.25, 0.5, 0.75].map((f) => T.top + (T.bottom - T.top) * f);
        for (const y of bands) {
          let left = 0;
          let right = 0;
          for (let i = 0; i < P.length; i += 3) {
            if (Math.abs((P[i + 1] as number) - y) > 0.004) continue;
            const x = P[i] as number;
            left = Math.max(left, x);
            right = Math.max(right, -x);
          }
          // outside the torso (whose half width is T.shoulderHalf), by an arm's width or so
          expect(left).toBeGreaterThan(T.shoulderHalf + 0.005);
          expect(left).toBeLessThan(T.shoulderHalf + 0.04);
          expect(right).toBeCloseTo(left, 3);
        }
        // nothing hangs below the cut
        let lowest = Infinity;
        for (let i = 1; i < P.length; i += 3) lowest = Math.min(lowest, P[i] as number);
        expect(lowest).toBeGreaterThan(T.bottom - 0.002);
      });
    }
  }
});
