/**
 * Realistic eyes at rest (issue 17; decision 039, "Eyes at rest, a softer nose"): seen from the
 * front, the upper lid covers the top of the iris, as on a relaxed face, so no white shows above
 * it (the old lids opened above the iris: a stare). The toon eye, drawn wide open on purpose, is
 * not held to this.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { avatar, hits, type V3 } from "./helpers.ts";

/** Is the point hidden from a camera straight in front (+z) by the skin? */
function hiddenBySkin(mesh: ReturnType<typeof avatar>, o: V3): boolean {
  const skin = mesh.primitives.find((p) => p.name === "skin");
  if (!skin) throw new Error("no skin");
  const P = skin.positions;
  const at = (i: number): V3 => [P[i * 3] as number, P[i * 3 + 1] as number, P[i * 3 + 2] as number];
  for (let t = 0; t < skin.indices.length; t += 3) {
    const a = at(skin.indices[t] as number);
    const b = at(skin.indices[t + 1] as number);
    const c = at(skin.indices[t + 2] as number);
    if (Math.max(a[2], b[2], c[2]) < o[2] || Math.abs(a[1] - o[1]) > 0.01) continue;
    if (hits(o, [0, 0, 1], a, b, c)) return true;
  }
  return false;
}

describe("the realistic eyes at rest", () => {
  for (const sex of [1, 2] as const) {
    it(`hide the iris's top under the upper lid, and show its middle (sex ${sex})`, () => {
      const mesh = avatar(sex);
      const E = anatomyFor(sex).eye;
      const iris = mesh.primitives.find((p) => p.name === "iris");
      if (!iris) throw new Error("no iris");
      // the iris's highest point and its front-most (middle) point on the subject's left eye,
      // near its vertical midline
      let top: V3 = [0, -Infinity, 0];
      let middle: V3 = [0, 0, -Infinity];
      const P = iris.positions;
      for (let i = 0; i < P.length; i += 3) {
        const v: V3 = [P[i] as number, P[i + 1] as number, P[i + 2] as number];
        if (Math.abs(v[0] - E.center[0]) > 0.001) continue;
        if (v[1] > top[1]) top = v;
        if (v[2] > middle[2]) middle = v;
      }
      expect(top[1] - E.center[1]).toBeGreaterThan(E.iris * 0.8);
      expect(hiddenBySkin(mesh, top)).toBe(true);
      expect(hiddenBySkin(mesh, middle)).toBe(false);
    });
  }
});
