/**
 * The model's jaw landmarks lie evenly along the face's outline, as a landmark detector places
 * them on a photo (decision 010): evenly spaced heights had bunched the lower points up the jaw.
 * Below the jaw's angle the outline is the jaw's edge, not the silhouette of the neck beneath it.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../shared/avatar/anatomy.ts";
import { buildAvatar } from "../../shared/avatar/index.ts";
import { modelLandmarks } from "./landmarks.ts";

describe("the model's jaw landmarks", () => {
  for (const sex of [1, 2] as const) {
    it(`are mirror images, run down to the chin, and are evenly spaced along the outline (sex ${sex})`, () => {
      const mesh = buildAvatar({ sex });
      const marks = modelLandmarks(mesh).slice(0, 17);
      const xy = marks.map(({ primitive, vertex }) => {
        const P = mesh.primitives[primitive]?.positions as Float32Array;
        return [P[vertex * 3] as number, P[vertex * 3 + 1] as number] as const;
      });
      for (let i = 0; i < 8; i++) {
        const [r, l] = [xy[i] as readonly [number, number], xy[16 - i] as readonly [number, number]];
        expect(r[0]).toBeCloseTo(-l[0], 3);
        expect(r[1]).toBeCloseTo(l[1], 3);
        // downward, give or take the flat run along the jaw's underside near the chin
        expect(r[1]).toBeGreaterThan((xy[i + 1] as readonly [number, number])[1] - 0.003);
      }
      // the chin's centre: on the midline, within 3 mm of the outline's lowest point
      const chin = xy[8] as readonly [number, number];
      expect(Math.abs(chin[0])).toBeLessThan(0.002);
      expect(Math.abs(chin[1] - Math.min(...xy.map((p) => p[1])))).toBeLessThan(0.003);
      const steps = Array.from({ length: 8 }, (_, i) => {
        const [p, q] = [xy[i] as readonly [number, number], xy[i + 1] as readonly [number, number]];
        return Math.hypot(q[0] - p[0], q[1] - p[1]);
      });
      // between the jaw's angle and the chin they are on the jaw's edge, in front of the neck: the
      // face's silhouette there runs down the fillet into the neck, 13 mm lower (decision 010)
      const a = anatomyFor(sex);
      const neckFront = a.neck.top[2] + a.neck.radius;
      for (const k of [6, 10]) {
        const { primitive, vertex } = marks[k] as (typeof marks)[number];
        const P = mesh.primitives[primitive]?.positions as Float32Array;
        expect(P[vertex * 3 + 2]).toBeGreaterThan(neckFront + 0.005);
      }
      const mean = steps.reduce((s, d) => s + d, 0) / steps.length;
      for (const d of steps) {
        expect(d).toBeGreaterThan(mean * 0.7);
        expect(d).toBeLessThan(mean * 1.3);
      }
    });
  }
});
