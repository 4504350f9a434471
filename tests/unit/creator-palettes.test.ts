/**
 * Issue 47, the creator: the face editor's palettes (loadSysAttr) hold every colour the cartoon
 * creator offers, by the same value, so a pink-haired cartoon opens there with its swatch chosen;
 * the outfit the swatch shows is what the exported spec carries and what a stored look wears.
 */
import { describe, expect, it } from "vitest";
import { loadSysAttr } from "../../server/areas/roles/attributes.ts";
import { hexToRgb, lookColors } from "../../shared/avatar/look.ts";
import {
  defaultChoice,
  EYE_SWATCHES,
  HAIR_SWATCHES,
  OUTFIT_SWATCHES,
  specOf,
} from "../../web/features/creator/cartoonSpec.ts";

describe("the creator's colours and the face editor's", () => {
  it("the face editor offers every hair and eye colour the creator does, by the same value", () => {
    const attr = loadSysAttr("EN");
    for (const s of HAIR_SWATCHES) expect(attr.hairColors).toContainEqual({ id: s.id, color: s.color });
    for (const s of EYE_SWATCHES) expect(attr.eyeColors).toContainEqual({ id: s.id, color: s.color });
    expect(HAIR_SWATCHES.map((s) => s.id)).toEqual(expect.arrayContaining(["pink", "blue"]));
    expect(EYE_SWATCHES.map((s) => s.id)).toContain("violet");
  });

  it("the exported spec's outfit is the colour the swatch shows, and a stored look wears it", () => {
    const mint = OUTFIT_SWATCHES.find((s) => s.id === "mint")?.color as string;
    const spec = specOf({ ...defaultChoice(2), outfit: mint }, "A");
    expect(spec.outfit).toBe(mint);
    // what toonify stores (appearance.outfitColor) dresses the avatar in every later view
    expect(lookColors(2, { ...spec.appearance, outfitColor: spec.outfit }).clothing).toEqual(hexToRgb(mint));
    // without it, the pale lilac the issue saw
    expect(lookColors(2, spec.appearance).clothing).not.toEqual(hexToRgb(mint));
    // a plan's top still wins over it
    expect(lookColors(2, { outfitColor: mint }, "#112233").clothing).toEqual(hexToRgb("#112233"));
  });
});
