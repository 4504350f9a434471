/**
 * The realistic skin's colour zones (shared/avatar/zones.ts; decision 039): the skin, the ears and
 * the hair carry per-vertex multipliers of their colour, mirror-symmetric and within glTF's 0..1;
 * the cheeks are redder than the forehead, the eye sockets darker, a man's chin greyer than a
 * woman's, the hair darker under its locks; the toon stays flat.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { type AvatarMesh, buildAvatar } from "../../../shared/avatar/index.ts";
import type { Vec3 } from "../../../shared/avatar/math.ts";
import { mirrorPairs } from "./helpers.ts";

const skinOf = (m: AvatarMesh) => m.primitives.find((p) => p.name === "skin") as AvatarMesh["primitives"][number];

/** The skin's vertex at (x, y) seen from the front: its front-most vertex within 2 mm. */
function frontVertex(m: AvatarMesh, x: number, y: number): number {
  const p = skinOf(m).positions;
  let best = -1;
  let front = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    const near = Math.hypot((p[i] as number) - x, (p[i + 1] as number) - y) < 0.002;
    if (near && (p[i + 2] as number) > front) {
      front = p[i + 2] as number;
      best = i / 3;
    }
  }
  expect(best, `no skin at ${x}, ${y}`).toBeGreaterThanOrEqual(0);
  return best;
}

/** The skin's colour multiplier at (x, y) seen from the front. */
function tintAt(m: AvatarMesh, x: number, y: number): Vec3 {
  const v = frontVertex(m, x, y) * 3;
  const c = skinOf(m).colors as Float32Array;
  return [c[v] as number, c[v + 1] as number, c[v + 2] as number];
}

const lum = (c: Vec3) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
/** How red: red over green (1 is the skin's own balance). */
const redness = (c: Vec3) => c[0] / c[1];

describe("skin colour zones", () => {
  const male = buildAvatar({ sex: 1 });
  const female = buildAvatar({ sex: 2 });

  it("colour the realistic skin, ears and hair only, within glTF's 0..1, and leave the toon flat", () => {
    for (const m of [male, female]) {
      expect(
        m.primitives
          .filter((p) => p.colors)
          .map((p) => p.name)
          .sort(),
      ).toEqual(["ears", "hair", "skin"]);
      for (const p of m.primitives.filter((q) => q.colors)) {
        const c = p.colors as Float32Array;
        expect(c.length).toBe(p.positions.length);
        expect(Math.min(...c)).toBeGreaterThan(0.4);
        expect(Math.max(...c)).toBeLessThanOrEqual(1);
      }
    }
    for (const sex of [1, 2] as const)
      expect(buildAvatar({ sex, style: "toon" }).primitives.some((p) => p.colors)).toBe(false);
  });

  it("shade the hair under its locks: in each direction from the head, the hair further out is lighter", () => {
    for (const m of [male, female]) {
      const a = anatomyFor(m.sex, "realistic");
      const hair = m.primitives.find((p) => p.name === "hair") as AvatarMesh["primitives"][number];
      const c = hair.colors as Float32Array;
      // the hair above the eyes, in cells of about 8 degrees seen from the head's centre
      const cells = new Map<string, { light: number; out: number }[]>();
      for (let i = 0; i < hair.positions.length; i += 3) {
        const d = [0, 1, 2].map((k) => (hair.positions[i + k] as number) - (a.rayCenter[k] as number));
        if ((hair.positions[i + 1] as number) < a.eye.center[1]) continue;
        const out = Math.hypot(d[0] as number, d[1] as number, d[2] as number);
        const key = `${Math.round(Math.atan2(d[0] as number, d[2] as number) / 0.14)},${Math.round(Math.acos((d[1] as number) / out) / 0.14)}`;
        const cell = cells.get(key) ?? [];
        cell.push({ light: c[i] as number, out });
        cells.set(key, cell);
      }
      let lighterOut = 0;
      let compared = 0;
      for (const cell of cells.values()) {
        if (cell.length < 8) continue;
        cell.sort((p, q) => p.out - q.out);
        const half = Math.floor(cell.length / 2);
        const mean = (xs: typeof cell) => xs.reduce((s, p) => s + p.light, 0) / xs.length;
        compared++;
        if (mean(cell.slice(half)) > mean(cell.slice(0, half))) lighterOut++;
      }
      expect(compared).toBeGreaterThan(30);
      expect(lighterOut / compared).toBeGreaterThan(0.7);
    }
  });

  it("make the T-zone and the chin smoother than the cheeks, on the realistic skin only", () => {
    for (const m of [male, female]) {
      const a = anatomyFor(m.sex, "realistic");
      const skin = skinOf(m);
      const k = skin.roughness as Float32Array;
      expect(k.length).toBe(skin.positions.length / 3);
      expect(Math.min(...k)).toBeGreaterThan(0.6);
      expect(Math.max(...k)).toBeLessThan(1.2);
      expect(m.primitives.filter((p) => p.roughness).map((p) => p.name)).toEqual(["skin"]);
      /** The roughness multiplier at (x, y) seen from the front. */
      const at = (x: number, y: number) => k[frontVertex(m, x, y)] as number;
      const cheek = at(a.cheek.c[0], a.cheek.c[1] - 0.006);
      expect(at(0, a.eye.center[1] + 0.035)).toBeLessThan(cheek * 0.75); // the forehead
      expect(at(0, (a.nose.bridgeTop[1] + a.nose.tip[1]) / 2)).toBeLessThan(cheek * 0.75); // the nose
      expect(cheek).toBeGreaterThan(1.05);
    }
    for (const sex of [1, 2] as const)
      expect(buildAvatar({ sex, style: "toon" }).primitives.some((p) => p.roughness)).toBe(false);
  });

  it("are mirror images across the face", () => {
    for (const m of [male, female]) {
      const skin = skinOf(m);
      const c = skin.colors as Float32Array;
      const pairs = mirrorPairs(skin);
      expect(pairs.length).toBeGreaterThan(5000);
      let worst = 0;
      for (const [i, j] of pairs)
        for (let k = 0; k < 3; k++)
          worst = Math.max(worst, Math.abs((c[i * 3 + k] as number) - (c[j * 3 + k] as number)));
      expect(worst).toBeLessThan(1e-6);
      const hair = m.primitives.find((p) => p.name === "hair") as AvatarMesh["primitives"][number];
      const h = hair.colors as Float32Array;
      let hairWorst = 0;
      for (const [i, j] of mirrorPairs(hair))
        hairWorst = Math.max(hairWorst, Math.abs((h[i * 3] as number) - (h[j * 3] as number)));
      expect(hairWorst).toBeLessThan(1e-6);
      const k = skin.roughness as Float32Array;
      let roughWorst = 0;
      for (const [i, j] of pairs) roughWorst = Math.max(roughWorst, Math.abs((k[i] as number) - (k[j] as number)));
      expect(roughWorst).toBeLessThan(1e-6);
    }
  });

  it("flush the cheeks, shade the eye sockets and give a man a beard's shadow", () => {
    for (const m of [male, female]) {
      const a = anatomyFor(m.sex, "realistic");
      const cheek = tintAt(m, a.cheek.c[0], a.cheek.c[1] - 0.008);
      const forehead = tintAt(m, 0, a.eye.center[1] + 0.045);
      const underEye = tintAt(m, a.eye.center[0], a.eye.center[1] - a.eye.lower - 0.003);
      expect(redness(cheek)).toBeGreaterThan(redness(forehead) * 1.1);
      expect(lum(underEye)).toBeLessThan(lum(forehead) * 0.93);
      // the top of the forehead keeps the picked colour
      expect(lum(tintAt(m, 0, a.eye.center[1] + 0.085))).toBeGreaterThan(0.99);
    }
    const chin = (m: AvatarMesh) => {
      const a = anatomyFor(m.sex, "realistic");
      return lum(tintAt(m, 0, a.chin.c[1]));
    };
    expect(chin(male)).toBeLessThan(0.85);
    expect(chin(female)).toBeGreaterThan(0.97);
  });
});
