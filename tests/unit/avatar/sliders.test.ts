import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { FACE_GROUPS, FACE_SLIDERS } from "../../../shared/avatar/index.ts";
import { SLIDER_FIELDS } from "../../../shared/avatar/slider-fields.ts";
import { avatar, maxMove, mirrorPairs, split } from "./helpers.ts";

describe("face slider catalogue", () => {
  it("covers every group of spec section 3, at least two sliders each, with labels in all languages", () => {
    for (const g of FACE_GROUPS) {
      const sliders = FACE_SLIDERS.filter((s) => s.group === g.id);
      expect(sliders.length, g.id).toBeGreaterThanOrEqual(2);
      for (const l of [g.labels, ...sliders.map((s) => s.labels)]) {
        expect(l.EN.length).toBeGreaterThan(0);
        expect(l.ZH_CN.length).toBeGreaterThan(0);
        expect(l.ZH_TN.length).toBeGreaterThan(0);
      }
    }
    expect(FACE_GROUPS.map((g) => g.id)).toEqual([
      "head",
      "face",
      "mouth",
      "teeth",
      "nose",
      "eye",
      "ears",
      "eyebrow",
      "chin",
      "mandible",
    ]);
    expect(FACE_SLIDERS.filter((s) => s.group === "head")).toHaveLength(6);
    expect(FACE_SLIDERS.filter((s) => s.group === "face")).toHaveLength(8);
    expect(FACE_SLIDERS.filter((s) => s.group === "mouth")).toHaveLength(7);
    expect(FACE_SLIDERS.filter((s) => s.group === "nose")).toHaveLength(5);
    expect(FACE_SLIDERS.filter((s) => s.group === "eye").length).toBeGreaterThanOrEqual(6);
    expect(new Set(FACE_SLIDERS.map((s) => s.id)).size).toBe(FACE_SLIDERS.length);
    expect(new Set(FACE_SLIDERS.map((s) => s.labelKey)).size).toBe(FACE_SLIDERS.length);
  });
});

for (const sex of [1, 2] as const) {
  describe(`sliders on base ${sex === 1 ? "male" : "female"}`, () => {
    const mesh = avatar(sex);

    for (const slider of FACE_SLIDERS) {
      it(`${slider.id}: moves its region and nothing outside it`, () => {
        expect(mesh.targetNames).toContain(slider.id);
        // the brow sliders read their region on the brow where the shared anatomy has it (deform.ts `lift`)
        const lift = SLIDER_FIELDS[slider.id].lift;
        const A = anatomyFor(sex);
        const { inside, outside, worst } = split(mesh, slider.id, slider.region, lift && ((p) => lift(A, p)));
        // at least 0.8 mm somewhere in the region at full weight, exactly still elsewhere
        expect(inside, `${slider.id} barely moves`).toBeGreaterThan(0.0008);
        expect(outside, `${slider.id} moves ${worst}`).toBeLessThan(1e-6);
      });
    }

    it("keeps every slider's delta mirror-symmetric across x = 0", () => {
      let checked = 0;
      let worst = 0;
      let where = "";
      for (const prim of mesh.primitives) {
        const pairs = mirrorPairs(prim);
        // nearly every vertex off the centre line has a twin
        const offCentre = Array.from(
          { length: prim.positions.length / 3 },
          (_, i) => prim.positions[i * 3] as number,
        ).filter((x) => x >= 1e-4).length;
        expect(pairs.length, prim.name).toBeGreaterThan(offCentre * 0.97);
        for (const slider of FACE_SLIDERS) {
          const d = prim.targets[slider.id];
          if (!d) continue;
          for (const [i, j] of pairs) {
            const err = Math.max(
              Math.abs((d[i * 3] as number) + (d[j * 3] as number)),
              Math.abs((d[i * 3 + 1] as number) - (d[j * 3 + 1] as number)),
              Math.abs((d[i * 3 + 2] as number) - (d[j * 3 + 2] as number)),
            );
            if (err > worst) {
              worst = err;
              where = `${slider.id} on ${prim.name} vertex ${i}`;
            }
            checked++;
          }
        }
      }
      expect(worst, where).toBeLessThan(2e-6);
      expect(checked).toBeGreaterThan(100_000);
    });

    it("never moves the clothing", () => {
      const body = mesh.primitives.find((p) => p.name === "clothing");
      expect(body).toBeDefined();
      expect(Object.keys(body?.targets ?? {})).toEqual([]);
      expect(maxMove(undefined)).toBe(0);
    });
  });
}
