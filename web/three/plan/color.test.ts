import { describe, expect, it } from "vitest";
import { gradientAt, luminance, mixHex, rgbToHex, rotateHue, shade } from "./color.ts";

describe("colour helpers", () => {
  it("round-trips hex through sRGB triples", () => {
    expect(rgbToHex([1, 0.5, 0])).toBe("#ff8000");
    expect(mixHex("#000000", "#ffffff", 0.5)).toBe("#808080");
  });

  it("shades toward white and black", () => {
    expect(shade("#808080", 1)).toBe("#ffffff");
    expect(shade("#808080", -1)).toBe("#000000");
    expect(shade("#808080", 0)).toBe("#808080");
  });

  it("measures luminance", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(luminance("#2a2f3a")).toBeLessThan(0.05);
  });

  it("samples gradients between stops and clamps the ends", () => {
    expect(gradientAt(["#000000", "#ffffff"], 0.5)).toEqual([0.5, 0.5, 0.5]);
    expect(gradientAt(["#000000", "#ff0000", "#ffffff"], 2)).toEqual([1, 1, 1]);
    expect(gradientAt([], 0.3)).toEqual([1, 1, 1]);
  });

  it("rotates hue and keeps greys grey", () => {
    expect(rotateHue("#ff0000", 1 / 3)).toBe("#00ff00");
    expect(rotateHue("#ff0000", 1)).toBe("#ff0000");
    expect(rotateHue("#777777", 0.3)).toBe("#777777");
  });
});
