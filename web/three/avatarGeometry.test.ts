import { describe, expect, it } from "vitest";
import { type AvatarPrimitive, buildAvatar, FACE_SLIDER_IDS } from "../../shared/avatar/index.ts";
import { avatarGeometry, skeletonOf } from "./avatarGeometry.ts";

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

  it("carries the realistic skin's colour zones and shine as vertex attributes (shared/avatar/zones.ts)", () => {
    const avatar = buildAvatar({ sex: 1 });
    const skin = avatar.primitives.find((p) => p.name === "skin");
    const eyes = avatar.primitives.find((p) => p.name === "iris");
    if (!skin || !eyes) throw new Error("no skin");
    const { geometry } = avatarGeometry(skin, []);
    expect(geometry.getAttribute("color").itemSize).toBe(3);
    expect(geometry.getAttribute("color").count).toBe(skin.positions.length / 3);
    expect(geometry.getAttribute("color").getX(7)).toBeCloseTo(skin.colors?.[21] ?? -1);
    expect(geometry.getAttribute("roughnessScale").count).toBe(skin.positions.length / 3);
    // a part of one flat colour has neither: its material does not ask for them
    const { geometry: flat } = avatarGeometry(eyes, []);
    expect(flat.getAttribute("color")).toBeUndefined();
    expect(flat.getAttribute("roughnessScale")).toBeUndefined();
  });
});

describe("skinned arms", () => {
  it("bends with the rig's bones as shared/avatar/rig.ts poses them (three's own skinning)", async () => {
    const { Group, Matrix4, SkinnedMesh, MeshBasicMaterial, Vector3 } = await import("three");
    const { armsPose, posePositions, restArm } = await import("../../shared/avatar/rig.ts");
    const mesh = buildAvatar({ sex: 2 });
    const rig = mesh.rig;
    const hands = mesh.primitives.find((p) => p.name === "hands");
    if (!rig || !hands) throw new Error("no rig");
    const group = new Group();
    const skeleton = skeletonOf(rig, group);
    const { geometry } = avatarGeometry(hands, [], { skinned: true });
    const skinned = new SkinnedMesh(geometry, new MeshBasicMaterial());
    skinned.bind(skeleton, new Matrix4());
    group.add(skinned);
    // the whole body moved (a plan motion's offset): the arms go with it
    group.position.set(0.1, 0.02, 0);
    const pose = armsPose(rig.arm, { ...restArm(), lift: 1.25, roll: -1.4, bend: 0.25 }, restArm());
    skeleton.bones.forEach((bone, i) => {
      const q = pose[i];
      if (q) bone.quaternion.set(q[0], q[1], q[2], q[3]);
    });
    group.updateMatrixWorld(true);
    skeleton.update();
    const expected = posePositions(rig, pose, hands.positions, hands.skin);
    const v = new Vector3();
    for (let i = 0; i < hands.positions.length / 3; i += 97) {
      skinned.getVertexPosition(i, v).applyMatrix4(skinned.matrixWorld);
      expect(v.x).toBeCloseTo((expected[i * 3] as number) + 0.1, 5);
      expect(v.y).toBeCloseTo((expected[i * 3 + 1] as number) + 0.02, 5);
      expect(v.z).toBeCloseTo(expected[i * 3 + 2] as number, 5);
    }
  });
});

describe("a toon outline of a skinned part", () => {
  it("is skinned to the same skeleton, so the line bends with the arm", async () => {
    const { Group, Matrix4, SkinnedMesh, MeshBasicMaterial } = await import("three");
    const { outlineMesh } = await import("./toon.ts");
    const mesh = buildAvatar({ sex: 1, style: "toon" });
    const rig = mesh.rig;
    const hands = mesh.primitives.find((p) => p.name === "hands");
    if (!rig || !hands) throw new Error("no rig");
    const skeleton = skeletonOf(rig, new Group());
    const source = new SkinnedMesh(avatarGeometry(hands, [], { skinned: true }).geometry, new MeshBasicMaterial());
    source.bind(skeleton, new Matrix4());
    const outline = outlineMesh(source, 0.0012) as unknown as InstanceType<typeof SkinnedMesh>;
    expect(outline.isSkinnedMesh).toBe(true);
    expect(outline.skeleton).toBe(skeleton);
    expect(outline.geometry).toBe(source.geometry);
  });
});
