import { describe, expect, it } from "vitest";
import { countParts, pageCount } from "./planCounts.ts";

describe("countParts", () => {
  it("lists what a plan holds in menu order, leaving zeros out", () => {
    expect(countParts({ outfits: 3, expressions: 0, scene: 1, pets: 2, effects: 0, interactions: 3 })).toEqual([
      { key: "outfits", count: 3 },
      { key: "scene", count: 1 },
      { key: "pets", count: 2 },
      { key: "interactions", count: 3 },
    ]);
    expect(countParts({ outfits: 0, expressions: 0, scene: 0, pets: 0, effects: 0, interactions: 0 })).toEqual([]);
  });
});

describe("pageCount", () => {
  it("pages by 20, at least one page", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
