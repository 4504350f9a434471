import { describe, expect, it } from "vitest";
import { type AvatarPrimitive, buildAvatar, FACE_SLIDER_IDS } from "../../shared/avatar/index.ts";
import { avatarGeometry } from "./avatarGeometry.ts";

const triangle: AvatarPrimitive = {
  name: "skin",
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
  normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]),
  indices: new Uint16Array([0, 1, 2]),
  material: { name: "skin", baseColor: [1, 0.8, 0.7, 1], roughness: 0.5, metallic: 0 },
  targets: {
    "nose.scale": new Float32Array([0, 0, 0.1, 0, 0, 0, 0, 0, 0]),
    jawOpen: new Float32Array([0, -0.1, 0, 0, 0, 0, 0, 0, 0]),
  },
};

describe("avatarGeometry", () => {
  it("carries one relative morph attribute per target, with a name map", () => {
    const { geometry, targetIndex } = avatarGeometry(triangle);
    expect(geometry.morphTargetsRelative).toBe(true);
    expect(geometry.morphAttributes.position).toHaveLength(2);
    expect([...targetIndex]).toEqual([
      ["nose.scale", 0],
      ["jawOpen", 1],
    ]);
    expect(geometry.morphAttributes.position?.[1]?.getY(0)).toBeCloseTo(-0.1);
    expect(geometry.getIndex()?.count).toBe(3);
  });

  it("keeps only the requested targets the primitive moves", () => {
    const { geometry, targetIndex } = avatarGeometry(triangle, ["eye.outer", "nose.scale"]);
    expect(geometry.morphAttributes.position).toHaveLength(1);
    expect(targetIndex.get("nose.scale")).toBe(0);
    expect(targetIndex.has("eye.outer")).toBe(false);
  });

  it("converts every primitive of the real bust, morph count equal to its slider targets", () => {
    const avatar = buildAvatar({ sex: 2 });
    for (const primitive of avatar.primitives) {
      const { geometry, targetIndex } = avatarGeometry(primitive, FACE_SLIDER_IDS);
      const expected = FACE_SLIDER_IDS.filter((id) => primitive.targets[id]).length;
      expect(geometry.morphAttributes.position?.length ?? 0, primitive.name).toBe(expected);
      expect(geometry.morphTargetsRelative).toBe(expected > 0);
      expect(targetIndex.size).toBe(expected);
      expect(geometry.getAttribute("position").count).toBe(primitive.positions.length / 3);
    }
  });
});
