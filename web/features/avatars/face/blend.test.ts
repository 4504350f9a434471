import { describe, expect, it } from "vitest";
import { blendedFace, shares, togglePick } from "./blend.ts";

const face = (id: string, v: number) => ({ id, params: { "nose.scale": v, "eye.outer": -v } });

describe("blend panel", () => {
  it("picks at most three faces and toggles one off again", () => {
    let picks = togglePick([], face("a", 1));
    picks = togglePick(picks, face("b", 0));
    picks = togglePick(picks, face("c", -1));
    expect(picks.map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(togglePick(picks, face("d", 0.5)).map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(togglePick(picks, face("b", 0)).map((p) => p.id)).toEqual(["a", "c"]);
  });

  it("normalises weights to sum to 1, and shares evenly when all are zero", () => {
    const w = shares([{ weight: 1 }, { weight: 0.5 }, { weight: 0.5 }]);
    expect(w).toEqual([0.5, 0.25, 0.25]);
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const zero = shares([{ weight: 0 }, { weight: 0 }]);
    expect(zero).toEqual([0.5, 0.5]);
  });

  it("blends the weighted parameters of the picked faces", () => {
    const picks = [face("a", 1), face("b", 0), face("c", -0.5)].map((f, i) => ({
      ...f,
      weight: [2, 1, 1][i] as number,
    }));
    const out = blendedFace(picks);
    expect(out?.["nose.scale"]).toBeCloseTo(0.5 * 1 + 0.25 * 0 + 0.25 * -0.5, 12);
    expect(out?.["eye.outer"]).toBeCloseTo(-(0.5 - 0.125), 12);
    expect(out?.["head.width"]).toBe(0);
    expect(blendedFace([])).toBeNull();
  });
});
