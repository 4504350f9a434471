/**
 * Every outfit, pet and scene builds without a GPU, within a triangle budget, in the right place,
 * and frees what it made.
 */
import { Box3, type BufferGeometry, type InstancedMesh, type Mesh, type Object3D, Vector3 } from "three";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAvatar } from "../../../shared/avatar/index.ts";
import type { OutfitSlot } from "../../../shared/plan/looks.ts";
import { type BustFit, fitBust } from "./fit.ts";
import { createBend } from "./headBend.ts";
import { Kit } from "./kit.ts";
import { buildAccessory } from "./outfits/accessories.ts";
import { createContext, type OutfitContext, type OutfitParts } from "./outfits/context.ts";
import { buildGlasses } from "./outfits/glasses.ts";
import { buildHeadwear } from "./outfits/headwear.ts";
import { buildTop } from "./outfits/tops.ts";
import { OUTFIT_STYLES, PET_SPECIES, parsePet, parseScene, SCENE_STYLES } from "./parse.ts";
import { buildPet } from "./pets/species.ts";
import { buildScenery } from "./scenery/index.ts";

function triangles(root: Object3D): number {
  let n = 0;
  root.traverse((o) => {
    const mesh = o as Mesh;
    if (!mesh.isMesh) return;
    const g = mesh.geometry as BufferGeometry;
    const count = (g.index ? g.index.count : g.getAttribute("position").count) / 3;
    n += count * ((mesh as InstancedMesh).isInstancedMesh ? (mesh as InstancedMesh).count : 1);
  });
  return n;
}

const box = (o: Object3D) => new Box3().setFromObject(o);

let fit: BustFit;
let ctx: OutfitContext;
beforeAll(() => {
  const avatar = buildAvatar({ sex: 2 });
  fit = fitBust(avatar);
  ctx = createContext(avatar, fit, createBend(fit));
});
afterAll(() => ctx.body.dispose());

const BUILDERS: Record<OutfitSlot, (look: never, ctx: OutfitContext, kit: Kit) => OutfitParts> = {
  top: buildTop,
  headwear: buildHeadwear,
  glasses: buildGlasses,
  accessory: buildAccessory,
};

describe("outfits", () => {
  for (const [slot, styles] of Object.entries(OUTFIT_STYLES) as [OutfitSlot, readonly string[]][]) {
    for (const style of styles) {
      it(`builds ${slot} ${style}`, () => {
        const kit = new Kit();
        const parts = BUILDERS[slot]({ slot, style, color: "#336699", accent: "#ffcc00" } as never, ctx, kit);
        const root = parts.body ?? parts.head;
        expect(root).toBeTruthy();
        if (!root) return;
        const tris = triangles(root);
        expect(tris).toBeGreaterThan(10);
        expect(tris).toBeLessThan(20_000);
        const b = box(root);
        // worn on the bust: never further than a head's width off it
        expect(b.min.y).toBeGreaterThan(-0.4);
        expect(b.max.y).toBeLessThan(fit.crownY + 0.12);
        expect(Math.max(Math.abs(b.min.x), Math.abs(b.max.x))).toBeLessThan(0.2);
        kit.dispose();
      });
    }
  }

  it("puts glasses in front of the eyes and hats over the brows", () => {
    const kit = new Kit();
    const glasses = buildGlasses({ slot: "glasses", style: "round", color: "#000000", accent: "#ffffff" }, ctx, kit)
      .head as Object3D;
    const g = box(glasses);
    expect(g.containsPoint(new Vector3(fit.eyes[0][0], fit.eyes[0][1], g.max.z - 0.001))).toBe(true);
    expect(g.max.z).toBeGreaterThan(fit.eyes[0][2]);
    for (const style of ["cap", "beanie", "beret"]) {
      const hat = buildHeadwear({ slot: "headwear", style, color: "#000000", accent: "#ffffff" }, ctx, kit);
      expect(box(hat.head as Object3D).max.y).toBeGreaterThan(fit.crownY);
      expect(hat.hairClip).toBeDefined();
    }
    expect(
      buildHeadwear({ slot: "headwear", style: "halo", color: "#000000", accent: "#ffffff" }, ctx, kit).hairClip,
    ).toBeUndefined();
    kit.dispose();
  });
});

describe("pets", () => {
  for (const species of PET_SPECIES) {
    it(`builds a ${species} in a unit box with moving parts`, () => {
      const kit = new Kit();
      const rig = buildPet(parsePet({ species }), kit);
      const b = box(rig.root);
      expect(b.max.y).toBeGreaterThan(0.6);
      expect(b.max.y).toBeLessThan(1.45);
      expect(b.min.y).toBeGreaterThan(-0.25);
      expect(triangles(rig.root)).toBeLessThan(6000);
      expect(rig.joints.length > 0 || rig.update !== undefined).toBe(true);
      kit.dispose();
    });
  }
});

describe("scenery", () => {
  for (const style of [null, ...SCENE_STYLES]) {
    it(`builds ${style ?? "the neutral studio"}`, () => {
      const kit = new Kit();
      const scenery = buildScenery(style ? parseScene({ style }) : null, kit);
      expect(triangles(scenery.root)).toBeLessThan(60_000);
      expect(kit.tintable.length).toBeGreaterThan(0);
      expect(scenery.fog.far).toBeGreaterThan(scenery.fog.near);
      for (let t = 0; t < 2; t += 0.25) scenery.update?.(t, 0.25);
      // no prop stands where the bust is (walls, floors and the sky are around it, not props)
      let blocking = false;
      const size = new Vector3();
      scenery.root.traverse((o) => {
        const mesh = o as Mesh;
        if (!mesh.isMesh) return;
        const b = box(mesh);
        if (b.isEmpty() || b.getSize(size).length() > 4) return;
        if (b.containsPoint(new Vector3(0, 0, 0))) blocking = true;
      });
      expect(blocking).toBe(false);
      kit.dispose();
    });
  }
});
