/**
 * The photo fit finds the head's turn (decision 010, "The head's pose"): landmarks made from the
 * model itself, with known slider weights and turned by a known yaw, come back with that yaw and
 * (nearly) those weights; a frontal face finds no turn.
 */
import { describe, expect, it } from "vitest";
import { buildAvatar } from "../../../shared/avatar/index.ts";
import { fitFace } from "../../../worker/face/fit.ts";
import { modelLandmarks } from "../../../worker/face/landmarks.ts";

const mesh = buildAvatar({ sex: 2 });
const landmarks = modelLandmarks(mesh);
const WEIGHTS: Record<string, number> = { "head.width": 0.5, "nose.scale": -0.4, "mouth.width": 0.3 };

/** The model's landmarks with WEIGHTS, turned by `yaw` degrees, as a photo's pixels (y down). */
function photoOf(yaw: number): [number, number][] {
  const c = Math.cos((yaw * Math.PI) / 180);
  const s = Math.sin((yaw * Math.PI) / 180);
  return landmarks.map((l) => {
    const primitive = mesh.primitives[l.primitive];
    const p = [0, 1, 2].map((k) => {
      let v = primitive?.positions[l.vertex * 3 + k] as number;
      for (const [id, w] of Object.entries(WEIGHTS))
        v += w * ((primitive?.targets[id]?.[l.vertex * 3 + k] as number) ?? 0);
      return v;
    }) as [number, number, number];
    const x = c * p[0] + s * p[2];
    // 4000 px a metre, the face in the middle of a 640 px photo
    return [320 + x * 4000, 320 - p[1] * 4000];
  });
}

describe("the photo fit's pose", () => {
  const frontal = fitFace(mesh, landmarks, photoOf(0));

  it("finds no turn in a frontal face, and the sliders' directions", () => {
    expect(frontal.yaw).toBe(0);
    expect(frontal.errorFitted).toBeLessThan(frontal.errorNeutral * 0.5);
    // The ridge shares each weight with sliders that move the same landmarks: the directions hold.
    for (const [id, w] of Object.entries(WEIGHTS)) {
      const got = frontal.params[id as keyof typeof frontal.params] ?? 0;
      expect(Math.sign(got), id).toBe(Math.sign(w));
      expect(Math.abs(got), id).toBeGreaterThan(Math.abs(w) * 0.3);
    }
  });

  for (const yaw of [20, -30]) {
    it(`finds a ${yaw}° turn, and under it the same sliders as from the front`, () => {
      const fit = fitFace(mesh, landmarks, photoOf(yaw));
      expect(Math.abs(fit.yaw - yaw)).toBeLessThanOrEqual(2);
      expect(fit.errorFitted).toBeLessThan(fit.errorNeutral * 0.5);
      expect(fit.errorFitted).toBeLessThan(0.01);
      const ids = new Set([...Object.keys(fit.params), ...Object.keys(frontal.params)]);
      for (const id of ids) {
        const key = id as keyof typeof fit.params;
        expect(Math.abs((fit.params[key] ?? 0) - (frontal.params[key] ?? 0)), id).toBeLessThan(0.15);
      }
    });
  }
});
