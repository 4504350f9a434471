import { describe, expect, it } from "vitest";
import type { ShopAsset } from "../../../shared/schemas/shop.ts";
import { showcaseLook, withProduct } from "./previewLook.ts";

const avatar = { sex: 2, faceParams: { "eye.size": 0.2 }, appearance: { skinTone: 0.3 } };
const asset = (kind: string, id: string, look: Record<string, unknown> | null): ShopAsset => ({
  kind,
  type: kind,
  id,
  name: id,
  look,
  url: null,
  img: null,
  sex: null,
});
const base = {
  ...showcaseLook({ sex: 1, faceParams: {}, appearance: {} }),
  outfits: [
    { id: "outfit.cap-blue", look: { slot: "headwear" } },
    { id: "outfit.tee-white", look: { slot: "top" } },
  ],
  pets: [
    { id: "pet.cat", look: {} },
    { id: "pet.dog", look: {} },
    { id: "pet.bunny", look: {} },
  ],
};

describe("the shop preview's look", () => {
  it("puts an outfit in its slot, in slot order, keeping the rest of the plan", () => {
    const look = withProduct(base, asset("outfit", "outfit.neon-hoodie", { slot: "top" }), avatar);
    expect(look.outfits.map((o) => o.id)).toEqual(["outfit.neon-hoodie", "outfit.cap-blue"]);
    expect(look.role.sex).toBe(1);
    expect(look.pets).toHaveLength(3);
  });

  it("adds a pet within the plan's limit and swaps the scene", () => {
    const pets = withProduct(base, asset("pet", "pet.koi", {}), avatar).pets.map((p) => p.id);
    expect(pets).toEqual(["pet.dog", "pet.bunny", "pet.koi"]);
    expect(withProduct(base, asset("scene", "scene.aurora", { style: "nightSky" }), avatar).scene?.id).toBe(
      "scene.aurora",
    );
  });

  it("shows an avatar model as itself, bare", () => {
    const look = withProduct(base, asset("avatar", "shop-f-01", null), avatar);
    expect(look).toEqual({
      role: { sex: 2, faceParams: avatar.faceParams, appearance: avatar.appearance },
      outfits: [],
      scene: null,
      pets: [],
      effects: [],
    });
  });
});
