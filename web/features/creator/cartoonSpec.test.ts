import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { FACE_SLIDER_IDS } from "../../../shared/avatar/index.ts";
import { CartoonSpec } from "../../../shared/schemas/cartoon.ts";
import {
  defaultChoice,
  EYE_SHAPES,
  FACE_SHAPES,
  faceParamsOf,
  PREVIEW_TARGETS,
  randomChoice,
  specOf,
} from "./cartoonSpec.ts";

describe("cartoon spec", () => {
  it("uses real face sliders only", () => {
    for (const id of PREVIEW_TARGETS) expect(FACE_SLIDER_IDS).toContain(id);
  });

  it("keeps every combination within -1..1 and stylised (bigger eyes, smaller nose)", () => {
    for (const face of FACE_SHAPES)
      for (const eyes of EYE_SHAPES) {
        const p = faceParamsOf({ face, eyes });
        for (const v of Object.values(p)) expect(Math.abs(v)).toBeLessThanOrEqual(1);
        expect(p["eye.size"]).toBeGreaterThan(0.5);
        expect(p["nose.scale"]).toBeLessThan(0);
      }
  });

  it("makes a spec the server's schema accepts, for defaults and random picks", () => {
    for (const choice of [
      defaultChoice(1),
      defaultChoice(2),
      randomChoice(1, "Zed", () => 0.99),
      randomChoice(2, "", () => 0),
    ]) {
      const spec = specOf(choice, "My cartoon");
      expect(Value.Check(CartoonSpec, spec), JSON.stringify(Value.Errors(CartoonSpec, spec))).toBe(true);
      expect(spec.name?.length).toBeGreaterThan(0);
    }
  });
});
