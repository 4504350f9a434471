import { describe, expect, it } from "vitest";
import { DEFAULT_COLORS, hexToRgb, lookColors, rgbToHex } from "./index.ts";

describe("avatar look", () => {
  it("reads and writes #rrggbb as sRGB 0..1", () => {
    expect(hexToRgb("#ff8000")).toEqual([1, 128 / 255, 0]);
    expect(rgbToHex([1, 0.5, 0])).toBe("#ff8000");
    expect(rgbToHex([2, -1, 0.2, 1])).toBe("#ff0033");
  });

  it("falls back to each sex's defaults", () => {
    expect(lookColors(1, {})).toEqual({ skinTone: 0.25, ...DEFAULT_COLORS[1] });
    expect(lookColors(2, { skinTone: 0.6, hairColor: "#000000" }, "#ffffff")).toEqual({
      skinTone: 0.6,
      hair: [0, 0, 0],
      eyes: DEFAULT_COLORS[2].eyes,
      clothing: [1, 1, 1],
    });
  });
});
