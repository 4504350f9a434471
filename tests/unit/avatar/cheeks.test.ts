/**
 * The realistic head's lower cheeks are full (issue 17: "the cheeks are hollow"; decision 039,
 * "Full cheeks"): 4 cm from the midline, the cheek at the mouth's height stands within 12 mm of the
 * cheekbone's depth, as on a real face, and the profile between them has no dent. The toon head
 * keeps its narrow lower face.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
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

  it("leave the toon head's lower face as narrow as it was", () => {
    const A = anatomyFor(2, "toon");
    expect(A.cheekLow).toBeNull();
    const shape = new HeadShape(A);
    expect(front(shape, 0.04, A.cheek.c[1]) - front(shape, 0.04, A.mouth.center[1])).toBeGreaterThan(0.015);
  });
});
