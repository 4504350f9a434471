/**
 * The exported VRM's bones move its mesh (issue 17, "Export"): read back with three-vrm as a VRM
 * application would, turning the head bone turns the head about it while the shoulders stay, the
 * neck bone bends the neck, and the file still validates.
 */
import type { VRM } from "@pixiv/three-vrm";
import { type Object3D, type SkinnedMesh, Vector3 } from "three";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_TARGETS } from "../../../shared/avatar/export.ts";
import { exportGlb } from "../../../shared/avatar/gltf.ts";
import { applyPose } from "../../../shared/avatar/pose.ts";
import { BUST_ORIGIN_HEIGHT, bustSkin, SKIN_HEIGHTS, toVrm } from "../../../shared/avatar/vrm.ts";
import { loadVrm, validateModel } from "../../helpers/vrm.ts";
import { avatar } from "./helpers.ts";

let vrm: VRM;
let bytes: Uint8Array;
const meshes: Record<string, SkinnedMesh> = {};

beforeAll(async () => {
  bytes = toVrm(exportGlb(avatar(2), { targets: EXPORT_TARGETS }), { meta: { name: "Skin", authors: ["test"] } });
  vrm = await loadVrm(bytes);
  vrm.scene.traverse((o: Object3D) => {
    const mesh = o as SkinnedMesh;
    if (mesh.isSkinnedMesh) meshes[(mesh.material as { name: string }).name] = mesh;
  });
}, 60_000);

/** Every vertex of a part where the bones now put it (VRM frame). */
function posed(mesh: SkinnedMesh, of: VRM = vrm): Vector3[] {
  of.scene.updateMatrixWorld(true);
  mesh.skeleton.update();
  const count = mesh.geometry.getAttribute("position").count;
  return Array.from({ length: count }, (_, i) => mesh.getVertexPosition(i, new Vector3()));
}

/** Turns normalized bones (radians about y, then x), runs the humanoid, and puts them back after `look`. */
function withPose<T>(turns: Partial<Record<"head" | "neck", [number, number]>>, look: () => T): T {
  for (const [bone, [y, x]] of Object.entries(turns)) {
    vrm.humanoid.getNormalizedBoneNode(bone as "head")?.rotation.set(x, y, 0);
  }
  vrm.update(0);
  try {
    return look();
  } finally {
    for (const bone of Object.keys(turns)) vrm.humanoid.getNormalizedBoneNode(bone as "head")?.rotation.set(0, 0, 0);
    vrm.update(0);
  }
}

describe("the VRM's skin", () => {
  it("validates, with every part skinned to the skeleton", async () => {
    const report = await validateModel(bytes);
    expect(report.errorCodes).toEqual([]);
    expect(Object.keys(meshes)).toEqual(expect.arrayContaining(["skin", "clothing", "hair", "iris", "teeth"]));
  });

  it("weights sum to one, all head above the jaw line, all chest below the collar", () => {
    for (let y = -0.4; y <= 0.2; y += 0.005) {
      const w = bustSkin(y);
      expect(w.chest + w.neck + w.head).toBeCloseTo(1, 9);
      for (const v of Object.values(w)) expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(bustSkin(SKIN_HEIGHTS.headFrom).head).toBe(1);
    expect(bustSkin(SKIN_HEIGHTS.chestTop).chest).toBe(1);
  });

  it("stands the bust where it stood: the head's centre 1.45 m up, nothing moved at rest", () => {
    const skin = posed(meshes.skin as SkinnedMesh);
    const rest = (meshes.skin as SkinnedMesh).geometry.getAttribute("position");
    for (const i of [0, 100, 5000, skin.length - 1]) {
      const p = skin[i] as Vector3;
      expect(p.x).toBeCloseTo(rest.getX(i), 5);
      expect(p.y).toBeCloseTo(rest.getY(i) + BUST_ORIGIN_HEIGHT, 5);
      expect(p.z).toBeCloseTo(rest.getZ(i), 5);
    }
  });

  it("turns the head about the head bone and leaves the shoulders; the neck bone bends the neck", () => {
    const skin = meshes.skin as SkinnedMesh;
    const clothing = meshes.clothing as SkinnedMesh;
    const restSkin = posed(skin);
    const restClothing = posed(clothing);
    // the nose's tip: the skin's most forward point
    const nose = restSkin.reduce((best, p, i) => (p.z > (restSkin[best] as Vector3).z ? i : best), 0);
    const headBone = new Vector3();
    vrm.humanoid.getRawBoneNode("head")?.getWorldPosition(headBone);
    const angle = 0.6;

    const turned = withPose({ head: [angle, 0] }, () => ({ skin: posed(skin), clothing: posed(clothing) }));
    const expected = (restSkin[nose] as Vector3)
      .clone()
      .sub(headBone)
      .applyAxisAngle(new Vector3(0, 1, 0), angle)
      .add(headBone);
    expect((turned.skin[nose] as Vector3).distanceTo(expected)).toBeLessThan(1e-4);
    // the nose moved a good way: the head really turned
    expect((turned.skin[nose] as Vector3).distanceTo(restSkin[nose] as Vector3)).toBeGreaterThan(0.05);
    // the top's shoulders and arms did not move at all
    let clothingMoved = 0;
    restClothing.forEach((p, i) => {
      if (p.y < BUST_ORIGIN_HEIGHT + SKIN_HEIGHTS.chestTop)
        clothingMoved = Math.max(clothingMoved, p.distanceTo(turned.clothing[i] as Vector3));
    });
    expect(clothingMoved).toBe(0);

    // a nod on the neck: the chin moves, the neck's base stays, the middle of the neck between
    const bent = withPose({ neck: [0, 0.4] }, () => posed(skin));
    const moved = (i: number) => (bent[i] as Vector3).distanceTo(restSkin[i] as Vector3);
    const at = (y: number) =>
      restSkin.reduce(
        (best, p, i) => (Math.abs(p.y - y) < Math.abs((restSkin[best] as Vector3).y - y) && p.z > 0 ? i : best),
        0,
      );
    expect(moved(nose)).toBeGreaterThan(0.03);
    expect(moved(at(BUST_ORIGIN_HEIGHT + SKIN_HEIGHTS.chestTop - 0.02))).toBeLessThan(1e-6);
    const middle = moved(at(BUST_ORIGIN_HEIGHT + (SKIN_HEIGHTS.chestTop + SKIN_HEIGHTS.neckTop) / 2));
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThan(moved(nose));
  });
});

/**
 * The half-body's arms in the VRM (decision 043): exported in the T-pose VRM 1.0 expects, the
 * humanoid's arm bones stand at the arms' joints and carry them, so lowering the upper arm bone (as
 * every VRM application does to rest a T-pose) lowers that arm and hand and nothing else.
 */
describe("the VRM's arms", () => {
  let armed: VRM;
  let armedBytes: Uint8Array;
  const parts: Record<string, SkinnedMesh> = {};

  beforeAll(async () => {
    const mesh = applyPose(avatar(1), "T");
    const rig = mesh.rig;
    if (!rig) throw new Error("no rig");
    armedBytes = toVrm(exportGlb(mesh, { targets: EXPORT_TARGETS }), {
      meta: { name: "Arms", authors: ["test"] },
      arms: { rig, skins: mesh.primitives.map((p) => p.skin) },
    });
    armed = await loadVrm(armedBytes);
    armed.scene.traverse((o: Object3D) => {
      const m = o as SkinnedMesh;
      if (m.isSkinnedMesh) parts[(m.material as { name: string }).name] = m;
    });
  }, 60_000);

  const where = (mesh: SkinnedMesh) => posed(mesh, armed);

  it("validates, with the arm bones at the T-posed arms' joints", async () => {
    const report = await validateModel(armedBytes);
    expect(report.errorCodes).toEqual([]);
    expect(report.warningCodes).toEqual([]);
    const elbow = new Vector3();
    armed.humanoid.getRawBoneNode("leftLowerArm")?.getWorldPosition(elbow);
    const hand = new Vector3();
    armed.humanoid.getRawBoneNode("leftHand")?.getWorldPosition(hand);
    // level, out along +x (the model's left), the hand beyond the elbow
    expect(hand.y).toBeCloseTo(elbow.y, 3);
    expect(hand.x).toBeGreaterThan(elbow.x + 0.2);
    // the left hand's vertices lie beyond the hand bone
    const hands = where(parts.hands as SkinnedMesh);
    expect(Math.max(...hands.map((p) => p.x))).toBeGreaterThan(hand.x + 0.1);
  });

  it("lowers the left arm with its upper arm bone and leaves the right arm and the body", () => {
    const hands = parts.hands as SkinnedMesh;
    const clothing = parts.clothing as SkinnedMesh;
    const restHands = where(hands);
    const restClothing = where(clothing);
    const node = armed.humanoid.getNormalizedBoneNode("leftUpperArm");
    if (!node) throw new Error("no leftUpperArm");
    // VRM 1.0's normalized bones: a rotation about -z turns the model's left arm down
    node.rotation.set(0, 0, -1.2);
    armed.update(0);
    try {
      const movedHands = where(hands);
      const leftTip = restHands.reduce((best, p, i) => (p.x > (restHands[best] as Vector3).x ? i : best), 0);
      const rightTip = restHands.reduce((best, p, i) => (p.x < (restHands[best] as Vector3).x ? i : best), 0);
      expect((movedHands[leftTip] as Vector3).y).toBeLessThan((restHands[leftTip] as Vector3).y - 0.3);
      expect((movedHands[rightTip] as Vector3).distanceTo(restHands[rightTip] as Vector3)).toBeLessThan(1e-6);
      // the body's middle stays where it was
      const movedClothing = where(clothing);
      let body = 0;
      restClothing.forEach((p, i) => {
        if (Math.abs(p.x) < 0.05) body = Math.max(body, p.distanceTo(movedClothing[i] as Vector3));
      });
      expect(body).toBeLessThan(1e-6);
    } finally {
      node.rotation.set(0, 0, 0);
      armed.update(0);
    }
  });
});
