import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { EXPRESSIONS } from "../../../shared/avatar/expressions.ts";
import { ARKIT_REQUIRED, applyMorphs, EXPRESSION_NAMES, VISEME_NAMES } from "../../../shared/avatar/index.ts";
import type { AvatarMesh } from "../../../shared/avatar/mesh.ts";
import { avatar, maxMove, mirrorPairs, split } from "./helpers.ts";

const prim = (m: AvatarMesh, name: string) => {
  const p = m.primitives.find((x) => x.name === name);
  if (!p) throw new Error(`no ${name}`);
  return p;
};

/** The vertex a target moves most, with its rest position and delta. */
function peak(m: AvatarMesh, target: string, part = "skin") {
  const p = prim(m, part);
  const d = p.targets[target];
  let best = -1;
  let bestM = 0;
  for (let i = 0; d && i < d.length / 3; i++) {
    const mm = Math.hypot(d[i * 3] as number, d[i * 3 + 1] as number, d[i * 3 + 2] as number);
    if (mm > bestM) {
      bestM = mm;
      best = i;
    }
  }
  const at = (a: ArrayLike<number> | undefined) => [a?.[best * 3] ?? 0, a?.[best * 3 + 1] ?? 0, a?.[best * 3 + 2] ?? 0];
  return { pos: at(p.positions), delta: at(d), move: bestM };
}

for (const sex of [1, 2] as const) {
  describe(`expressions on base ${sex === 1 ? "male" : "female"}`, () => {
    const mesh = avatar(sex);

    it("has the required ARKit targets and the Oculus visemes", () => {
      for (const n of ARKIT_REQUIRED) expect(mesh.targetNames).toContain(n);
      for (const v of ["sil", "PP", "FF", "TH", "DD", "kk", "CH", "SS", "nn", "RR", "aa", "E", "I", "O", "U"]) {
        expect(mesh.targetNames).toContain(`viseme_${v}`);
      }
      expect(VISEME_NAMES).toHaveLength(15);
    });

    for (const name of EXPRESSION_NAMES) {
      it(`${name}: moves inside its area only`, () => {
        const field = EXPRESSIONS[name];
        if (!field) throw new Error(name);
        const lift = field.lift;
        const A = anatomyFor(mesh.sex as 1 | 2);
        const { inside, outside, worst } = split(mesh, name, field.region, lift && ((p) => lift(A, p)));
        expect(inside, `${name} barely moves`).toBeGreaterThan(0.0008);
        expect(outside, `${name} moves ${worst}`).toBeLessThan(1e-6);
      });
    }

    it("jawOpen drops the chin and the lower teeth, and leaves the upper teeth", () => {
      const chin = peak(mesh, "jawOpen");
      expect(chin.delta[1]).toBeLessThan(-0.01);
      expect(chin.pos[1]).toBeLessThan(-0.07);
      const teeth = prim(mesh, "teeth");
      const d = teeth.targets.jawOpen as Float32Array;
      let upperMoved = 0;
      let lowerMoved = 0;
      const mouthY = (prim(mesh, "lips").positions as Float32Array).reduce(
        (m, v, i) => (i % 3 === 1 ? Math.max(m, v) : m),
        -1,
      );
      void mouthY;
      const ys = teeth.positions;
      const mid =
        (Math.max(...Array.from(ys).filter((_, i) => i % 3 === 1)) +
          Math.min(...Array.from(ys).filter((_, i) => i % 3 === 1))) /
        2;
      for (let i = 0; i < ys.length / 3; i++) {
        const m = Math.hypot(d[i * 3] as number, d[i * 3 + 1] as number, d[i * 3 + 2] as number);
        if ((ys[i * 3 + 1] as number) > mid) upperMoved = Math.max(upperMoved, m);
        else lowerMoved = Math.max(lowerMoved, m);
      }
      expect(upperMoved).toBe(0);
      expect(lowerMoved).toBeGreaterThan(0.005);
    });

    it("opening the jaw opens a gap between the lips", () => {
      const lips = prim(mesh, "lips");
      const [open] = applyMorphs({ ...mesh, primitives: [lips] }, { jawOpen: 1 });
      const d = lips.targets.jawOpen as Float32Array;
      let gap = 0;
      for (let i = 0; i < d.length / 3; i++) gap = Math.max(gap, -(d[i * 3 + 1] as number));
      expect(gap).toBeGreaterThan(0.01);
      expect(open?.length).toBe(lips.positions.length);
    });

    it("eyeBlinkLeft lowers the upper lid of the left (+x) eye only", () => {
      const lid = peak(mesh, "eyeBlinkLeft");
      expect(lid.pos[0]).toBeGreaterThan(0.01);
      expect(lid.delta[1]).toBeLessThan(-0.004);
      const skin = prim(mesh, "skin");
      const d = skin.targets.eyeBlinkLeft as Float32Array;
      for (let i = 0; i < d.length / 3; i++) {
        if ((skin.positions[i * 3] as number) < 0) expect(d[i * 3 + 1]).toBe(0);
      }
    });

    it("mouthSmileLeft lifts the left corner; browInnerUp lifts the inner brows; mouthPucker pushes the lips out", () => {
      const smile = peak(mesh, "mouthSmileLeft");
      expect(smile.pos[0]).toBeGreaterThan(0.01);
      expect(smile.delta[1]).toBeGreaterThan(0.002);
      const brow = peak(mesh, "browInnerUp", "brows");
      expect(brow.delta[1]).toBeGreaterThan(0.002);
      expect(Math.abs(brow.pos[0] as number)).toBeLessThan(0.03);
      const pucker = peak(mesh, "mouthPucker", "lips");
      expect(pucker.delta[2]).toBeGreaterThan(0.004);
      const funnel = peak(mesh, "mouthFunnel", "lips");
      expect(funnel.delta[2]).toBeGreaterThan(0.003);
    });

    it("Left and Right targets mirror each other; centred ones are symmetric", () => {
      let worst = 0;
      let where = "";
      const check = (a: string, b: string) => {
        for (const p of mesh.primitives) {
          const da = p.targets[a];
          const db = p.targets[b];
          if (!da && !db) continue;
          const pairs = mirrorPairs(p);
          for (const [i, j] of pairs) {
            const ax = da?.[i * 3] ?? 0;
            const bx = db?.[j * 3] ?? 0;
            const err = Math.max(
              Math.abs(ax + bx),
              Math.abs((da?.[i * 3 + 1] ?? 0) - (db?.[j * 3 + 1] ?? 0)),
              Math.abs((da?.[i * 3 + 2] ?? 0) - (db?.[j * 3 + 2] ?? 0)),
            );
            if (err > worst) {
              worst = err;
              where = `${a}/${b} on ${p.name}`;
            }
          }
        }
      };
      for (const n of EXPRESSION_NAMES) {
        if (n.endsWith("Left")) check(n, n.replace(/Left$/, "Right"));
        else if (!n.endsWith("Right")) check(n, n);
      }
      expect(worst, where).toBeLessThan(2e-6);
    });

    it("visemes are mixes of expressions: aa opens the jaw, U puckers, sil is still", () => {
      expect(peak(mesh, "viseme_aa").delta[1]).toBeLessThan(-0.005);
      expect(peak(mesh, "viseme_U", "lips").delta[2]).toBeGreaterThan(0.003);
      expect(mesh.primitives.every((p) => maxMove(p.targets.viseme_sil) === 0)).toBe(true);
    });
  });
}
