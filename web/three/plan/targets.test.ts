import { describe, expect, it } from "vitest";
import { EXPRESSION_NAMES } from "../../../shared/avatar/index.ts";
import { CATALOGUE } from "../../../shared/plan/catalogue.ts";
import { DEFAULT_TARGETS, withTargets } from "./targets.ts";

describe("carried morph targets", () => {
  it("cover every catalogue expression and the blink, and no more than needed", () => {
    for (const item of CATALOGUE.filter((i) => i.kind === "expression"))
      for (const name of Object.keys((item.look as { weights: Record<string, number> }).weights))
        expect(DEFAULT_TARGETS).toContain(name);
    expect(DEFAULT_TARGETS).toContain("eyeBlinkLeft");
    expect(DEFAULT_TARGETS.length).toBeLessThan(EXPRESSION_NAMES.length);
  });

  it("grow only when a played expression needs another shape", () => {
    expect(withTargets(DEFAULT_TARGETS, { jawOpen: 1 })).toBe(DEFAULT_TARGETS);
    expect(withTargets(DEFAULT_TARGETS, { notAShape: 1 })).toBe(DEFAULT_TARGETS);
    const grown = withTargets(DEFAULT_TARGETS, { tongueOut: 1 });
    expect(grown).toContain("tongueOut");
    expect(grown).toHaveLength(DEFAULT_TARGETS.length + 1);
    // in the model's own order
    expect([...grown].sort((a, b) => EXPRESSION_NAMES.indexOf(a) - EXPRESSION_NAMES.indexOf(b))).toEqual(grown);
  });
});
