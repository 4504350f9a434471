import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../../shared/plan/catalogue.ts";
import { lerpRig, lightingTarget, litRig, sceneRig, studioRig } from "./lights.ts";
import { LIGHTING_STYLES, parseScene } from "./parse.ts";

const numbers = (v: unknown): number[] =>
  typeof v === "number" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(numbers) : [];
const brightness = (rgb: [number, number, number]) => rgb[0] + rgb[1] + rgb[2];

describe("light rigs", () => {
  it("gives every scene finite, non-negative lights", () => {
    const scenes = CATALOGUE.filter((i) => i.kind === "scene").map((i) =>
      parseScene(i.look as unknown as Record<string, unknown>),
    );
    for (const rig of [sceneRig(null), ...scenes.map(sceneRig)]) {
      for (const n of numbers(rig)) expect(Number.isFinite(n)).toBe(true);
      for (const s of [rig.key, rig.fill, rig.rim, rig.accent]) expect(s.intensity).toBeGreaterThanOrEqual(0);
    }
  });

  it("starts from the face editor's studio light when there is no scene", () => {
    expect(sceneRig(null)).toEqual(studioRig());
  });

  it("a spotlight darkens the room and lights the avatar from above in its colour", () => {
    const base = studioRig();
    const spot = lightingTarget(base, "spotlight", "#ff0000", 0);
    expect(brightness(spot.tint)).toBeLessThan(brightness(base.tint) * 0.5);
    expect(spot.hemi).toBeLessThan(base.hemi);
    expect(spot.key.position[1]).toBeGreaterThan(base.key.position[1]);
    expect(spot.key.color).toEqual([1, 0, 0]);
  });

  it("moves the disco lights with time", () => {
    const base = studioRig();
    const a = lightingTarget(base, "disco", "#7a5cff", 0);
    const b = lightingTarget(base, "disco", "#7a5cff", 1);
    expect(a.accent.position).not.toEqual(b.accent.position);
    expect(a.accent.color).not.toEqual(b.accent.color);
  });

  it("blends effects in by their amount", () => {
    const base = studioRig();
    for (const style of LIGHTING_STYLES) {
      expect(litRig(base, [{ style, color: "#9fb8ff", amount: 0 }], 0)).toEqual(base);
      const full = lightingTarget(base, style, "#9fb8ff", 0);
      expect(litRig(base, [{ style, color: "#9fb8ff", amount: 1 }], 0)).toEqual(lerpRig(base, full, 1));
    }
    const half = litRig(base, [{ style: "sunset", color: "#ff9a3c", amount: 0.5 }], 0);
    const full = lightingTarget(base, "sunset", "#ff9a3c", 0);
    expect(half.key.intensity).toBeCloseTo((base.key.intensity + full.key.intensity) / 2);
  });
});
