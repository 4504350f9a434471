import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../../shared/plan/catalogue.ts";
import {
  outfitsBySlot,
  parseEffect,
  parseExpression,
  parseMotion,
  parseOutfit,
  parsePet,
  parseScene,
} from "./parse.ts";

const looksOf = (kind: string) =>
  CATALOGUE.filter((i) => i.kind === kind).map((i) => i.look as unknown as Record<string, unknown>);

describe("look parsing", () => {
  it("keeps every catalogue look exactly as written", () => {
    for (const look of looksOf("outfit")) expect(parseOutfit(look)).toEqual(look);
    for (const look of looksOf("scene")) expect(parseScene(look)).toEqual(look);
    for (const look of looksOf("pet")) expect(parsePet(look)).toEqual(look);
    for (const look of looksOf("effect")) expect(parseEffect(look)).toEqual(look);
    for (const look of looksOf("motion")) expect(parseMotion(look)).toEqual(look);
    for (const look of looksOf("expression")) expect(parseExpression(look)).toEqual(look);
  });

  it("falls back to the first style of a slot, and to defaults for bad colours", () => {
    expect(parseOutfit({ slot: "headwear", style: "sombrero", color: "red", accent: "#ABCDEF" })).toEqual({
      slot: "headwear",
      style: "cap",
      color: "#2b2b2b",
      accent: "#abcdef",
    });
    expect(parseOutfit({ slot: "shoes", style: "boots" })).toBeNull();
    expect(parseOutfit({})).toBeNull();
  });

  it("wears at most one outfit per slot, the first listed", () => {
    const slots = outfitsBySlot([
      { id: "a", look: { slot: "top", style: "tee", color: "#111111", accent: "#222222" } },
      { id: "b", look: { slot: "top", style: "hoodie", color: "#333333", accent: "#444444" } },
      { id: "c", look: { slot: "glasses", style: "heart", color: "#555555", accent: "#666666" } },
      { id: "d", look: { nonsense: true } },
    ]);
    expect(Object.keys(slots).sort()).toEqual(["glasses", "top"]);
    expect(slots.top?.style).toBe("tee");
  });

  it("pads a scene's palette and drops colours that are not #rrggbb", () => {
    const scene = parseScene({ style: "beach", colors: ["#000000", 12, "blue"] });
    expect(scene.style).toBe("beach");
    expect(scene.colors).toEqual(["#000000", "#ffd27a", "#2a6f97", "#f1d8a8"]);
    expect(parseScene({ style: "moon", colors: "x" }).style).toBe("gradient");
  });

  it("gives an unknown pet the cat's shape and its species' own motion", () => {
    expect(parsePet({ species: "dragon", motion: "teleport" })).toMatchObject({ species: "cat", motion: "sway" });
    expect(parsePet({ species: "bot" }).motion).toBe("float");
  });

  it("lets the style decide an effect's category", () => {
    expect(parseEffect({ category: "particles", style: "disco", color: "#ffffff" })).toEqual({
      category: "lighting",
      style: "disco",
      color: "#ffffff",
    });
    expect(parseEffect({ category: "lighting", style: "lasers" }).style).toBe("spotlight");
    expect(parseEffect({ style: "lasers" }).style).toBe("sparkles");
  });

  it("keeps only ARKit weights, clamped to 0..1", () => {
    expect(parseExpression({ weights: { jawOpen: 2, smile: 1, mouthSmileLeft: -1, browInnerUp: "x" } })).toEqual({
      weights: { jawOpen: 1, mouthSmileLeft: 0 },
    });
    expect(parseExpression({}).weights).toEqual({});
  });

  it("clamps a motion's duration and defaults its style", () => {
    expect(parseMotion({ style: "moonwalk", duration: 99 })).toEqual({ style: "nod", duration: 6 });
    expect(parseMotion({ style: "spin" })).toEqual({ style: "spin", duration: 1.4 });
  });
});
