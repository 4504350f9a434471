import { describe, expect, it } from "vitest";
import { buildPlanLook, previewActionOf, slotOf } from "./planLook.ts";
import { outfit, planInfo, record } from "./testRecords.ts";

describe("buildPlanLook", () => {
  it("draws the plan's avatar with its face and appearance", () => {
    const look = buildPlanLook(planInfo());
    expect(look.role).toEqual({
      sex: 2,
      faceParams: { "head.craniumHeight": 0.2 },
      appearance: { skinTone: 0.3 },
      style: "realistic",
    });
    expect(look).toMatchObject({ outfits: [], scene: null, pets: [], effects: [] });
  });

  it("draws a cartoon role toon, any other role realistic (docs/decisions/039-art-direction.md)", () => {
    const info = planInfo();
    expect(buildPlanLook({ ...info, role: { ...info.role, kind: "cartoon" } }).role.style).toBe("toon");
    expect(buildPlanLook({ ...info, role: { ...info.role, kind: "photo" } }).role.style).toBe("realistic");
  });

  it("gives sex 1 only to male avatars", () => {
    const info = planInfo();
    expect(buildPlanLook({ ...info, role: { ...info.role, sex: 1 } }).role.sex).toBe(1);
    expect(buildPlanLook({ ...info, role: { ...info.role, sex: 0 } }).role.sex).toBe(2);
  });

  it("wears one outfit per slot, in slot order, the last one listed winning", () => {
    const cap = outfit("outfit.cap-blue", "headwear");
    const tee = outfit("outfit.tee-white", "top");
    const hoodie = outfit("outfit.hoodie-lilac", "top");
    const look = buildPlanLook(planInfo({ outfits: [cap, tee, hoodie] }));
    expect(look.outfits.map((o) => o.id)).toEqual(["outfit.hoodie-lilac", "outfit.cap-blue"]);
    expect(look.outfits[0]?.look).toEqual(hoodie.look);
  });

  it("keeps the scene, and pets and effects up to three each, as id and look only", () => {
    const scene = record("scene.beach", "scene", "scene", { look: { style: "beach", colors: ["#000000"] } });
    const pets = ["cat", "dog", "bunny", "fox"].map((p) => record(`pet.${p}`, "pet", "pet", { look: { species: p } }));
    const effects = ["a", "b"].map((e) => record(`effect.${e}`, "effect", "effect"));
    const look = buildPlanLook(planInfo({ scene, pets, effects }));
    expect(look.scene).toEqual({ id: "scene.beach", look: { style: "beach", colors: ["#000000"] } });
    expect(look.pets.map((p) => p.id)).toEqual(["pet.cat", "pet.dog", "pet.bunny"]);
    expect(look.effects).toEqual([
      { id: "effect.a", look: {} },
      { id: "effect.b", look: {} },
    ]);
  });
});

describe("slotOf", () => {
  it("reads the slot from the look, else from the list type", () => {
    expect(slotOf(outfit("x", "glasses"))).toBe("glasses");
    expect(slotOf(record("y", "outfit", "accessory"))).toBe("accessory");
  });
});

describe("previewActionOf", () => {
  it("plays expressions, motions and effects on the preview, not sounds", () => {
    const look = { weights: { jawOpen: 1 } };
    expect(previewActionOf("expression", { look })).toEqual({ kind: "expression", look });
    expect(previewActionOf("motion", { look })).toEqual({ kind: "motion", look });
    expect(previewActionOf("effect", { look })).toEqual({ kind: "effect", look });
    expect(previewActionOf("sound", { look })).toBeNull();
  });
});
