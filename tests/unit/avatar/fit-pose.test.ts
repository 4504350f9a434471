/**
 * The photo fit finds the head's turn and nod (decision 010, "The head's pose" and "The nod"):
 * landmarks made from the model itself, with known slider weights, turned by a known yaw and nodded
 * by a known pitch, come back with that pose and (nearly) those weights; a frontal face finds
 * none, and a longer or shorter face is not taken for a nod.
 */
import { describe, expect, it } from "vitest";
import { buildAvatar } from "../../../shared/avatar/index.ts";
import { fitFace, heldOutError } from "../../../worker/face/fit.ts";
import { modelLandmarks } from "../../../worker/face/landmarks.ts";
import { FIT_PRIOR } from "../../../worker/face/prior.ts";

const mesh = buildAvatar({ sex: 2 });
const landmarks = modelLandmarks(mesh);
const WEIGHTS: Record<string, number> = { "head.width": 0.5, "nose.scale": -0.4, "mouth.width": 0.3 };
/** The fit's mechanics are tested pulling toward the neutral head these photos are made from (the mean face's pull, below). */
const LOOSE = { prior: {} };

/**
 * The model's landmarks with `weights`, nodded by `pitch` (+ down) and turned by `yaw` degrees, as
 * a photo's pixels (y down).
 */
function photoOf(yaw: number, pitch = 0, weights = WEIGHTS): [number, number][] {
  const c = Math.cos((yaw * Math.PI) / 180);
  const s = Math.sin((yaw * Math.PI) / 180);
  const cp = Math.cos((pitch * Math.PI) / 180);
  const sp = Math.sin((pitch * Math.PI) / 180);
  return landmarks.map((l) => {
    const primitive = mesh.primitives[l.primitive];
    const p = [0, 1, 2].map((k) => {
      let v = primitive?.positions[l.vertex * 3 + k] as number;
      for (const [id, w] of Object.entries(weights))
        v += w * ((primitive?.targets[id]?.[l.vertex * 3 + k] as number) ?? 0);
      return v;
    }) as [number, number, number];
    const y = cp * p[1] - sp * p[2];
    const z = sp * p[1] + cp * p[2];
    const x = c * p[0] + s * z;
    // 4000 px a metre, the face in the middle of a 640 px photo
    return [320 + x * 4000, 320 - y * 4000];
  });
}

describe("the photo fit's pose", () => {
  const frontal = fitFace(mesh, landmarks, photoOf(0), LOOSE);

  it("finds no turn in a frontal face, and the sliders' directions", () => {
    expect(frontal.yaw).toBe(0);
    expect(frontal.pitch).toBe(0);
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
      const fit = fitFace(mesh, landmarks, photoOf(yaw), LOOSE);
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

  for (const [yaw, pitch] of [
    [0, 10],
    [0, -12],
    [15, 8],
  ]) {
    it(`finds a ${pitch}° nod (turned ${yaw}°), and under it the same sliders as level`, () => {
      const fit = fitFace(mesh, landmarks, photoOf(yaw as number, pitch), LOOSE);
      expect(Math.abs(fit.pitch - (pitch as number))).toBeLessThanOrEqual(1);
      expect(Math.abs(fit.yaw - (yaw as number))).toBeLessThanOrEqual(2);
      expect(fit.errorFitted).toBeLessThan(0.01);
      // (turned and nodded at once, face.depth came out 0.157 from the level face's)
      for (const id of new Set([...Object.keys(fit.params), ...Object.keys(frontal.params)])) {
        const key = id as keyof typeof fit.params;
        expect(Math.abs((fit.params[key] ?? 0) - (frontal.params[key] ?? 0)), id).toBeLessThan(0.2);
      }
    });
  }

  // The nod moves the jaw's outline, which lies further back, up or down against the eyes and
  // mouth: so does a longer or shorter face. A face's proportions must stay in the sliders.
  for (const weight of [0.8, -0.8]) {
    it(`takes a face ${weight > 0 ? "longer" : "shorter"} than neutral for a face, not a nod`, () => {
      const fit = fitFace(mesh, landmarks, photoOf(0, 0, { "face.length": weight }), LOOSE);
      expect(Math.abs(fit.pitch)).toBeLessThanOrEqual(1);
      expect(Math.sign(fit.params["face.length"] ?? 0)).toBe(Math.sign(weight));
      expect(Math.abs(fit.params["face.length"] ?? 0)).toBeGreaterThan(0.3);
    });
  }

  it("predicts landmarks it was not given (each group left out in turn) better than the neutral head", () => {
    const held = heldOutError(mesh, landmarks, photoOf(10, 5), LOOSE);
    expect(held.fitted).toBeLessThan(held.neutral * 0.5);
    // and a photo of the neutral head itself: nothing to predict, both near zero
    const same = heldOutError(mesh, landmarks, photoOf(0, 0, {}), LOOSE);
    expect(same.neutral).toBeLessThan(0.002);
    expect(same.fitted).toBeLessThan(0.002);
  });

  it("leaves the landmarks it is told to out of the fit and its errors", () => {
    // a photo whose jaw is off by 40 px: left out, the fit and its error do not see it
    const photo = photoOf(0);
    const moved = photo.map(([x, y], i) => (i <= 16 ? [x + 40, y] : [x, y]) as [number, number]);
    const use = landmarks.map((_, i) => i > 16);
    const fit = fitFace(mesh, landmarks, moved, { use, ...LOOSE });
    const clean = fitFace(mesh, landmarks, photo, { use, ...LOOSE });
    expect(fit.errorFitted).toBeCloseTo(clean.errorFitted, 6);
    expect(fit.params).toEqual(clean.params);
    // and given it, the fit does see it
    expect(fitFace(mesh, landmarks, moved, LOOSE).errorFitted).toBeGreaterThan(clean.errorFitted + 0.01);
  });

  // decision 010, "The mean face": the ridge pulls toward the fixture photos' mean face, not the neutral head
  describe("the mean face", () => {
    const mean = photoOf(0, 0, FIT_PRIOR);

    it("is what a photo of it fits to, where pulled toward neutral it is shrunk", () => {
      const fit = fitFace(mesh, landmarks, mean);
      const loose = fitFace(mesh, landmarks, mean, LOOSE);
      expect(fit.errorFitted).toBeLessThan(0.004);
      expect(fit.errorFitted).toBeLessThan(loose.errorFitted * 0.5);
      for (const [id, v] of Object.entries(FIT_PRIOR)) {
        const got = fit.params[id as keyof typeof fit.params] ?? 0;
        expect(Math.abs(got - v), id).toBeLessThan(0.15);
      }
    });

    it("holds the sliders no landmark moves at the mean, and the others where the photo puts them", () => {
      // ears.size moves no landmark: only the pull sets it; the rest follow the photo
      const fit = fitFace(mesh, landmarks, photoOf(0, 0, { "nose.scale": -0.4 }), { prior: { "ears.size": 0.5 } });
      expect(fit.params["ears.size"]).toBeCloseTo(0.5, 3);
      expect(fit.params["nose.scale"] ?? 0).toBeLessThan(-0.12);
    });
  });
});
