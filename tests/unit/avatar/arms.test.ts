/**
 * The half-body and its arms (issue 17: "a half-body rig (shoulders, upper arms, hands resting or
 * gesturing) ... posed by the plan's motions"; shared/avatar/rig.ts, parts/arms.ts): in both styles
 * and sexes the body goes down to the hips, each arm hangs from its shoulder with the hand resting
 * in front of the waist, the two sides are mirror images, every arm vertex is bound to the arm's
 * bones, and posing the bones moves the arm and nothing else.
 */
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { applyPose, buildAvatar } from "../../../shared/avatar/index.ts";
import type { AvatarMesh, AvatarPrimitive } from "../../../shared/avatar/mesh.ts";
import {
  aimCapturedArms,
  armsPose,
  BONE,
  BONES,
  boneWorld,
  posePositions,
  quatXYZ,
  restArm,
  rotate,
} from "../../../shared/avatar/rig.ts";

const part = (mesh: AvatarMesh, name: string) => mesh.primitives.find((p) => p.name === name) as AvatarPrimitive;

function extent(P: ArrayLike<number>, keep: (x: number, y: number, z: number) => boolean = () => true) {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < P.length; i += 3) {
    const v = [P[i] as number, P[i + 1] as number, P[i + 2] as number];
    if (!keep(v[0] as number, v[1] as number, v[2] as number)) continue;
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k] as number, v[k] as number);
      hi[k] = Math.max(hi[k] as number, v[k] as number);
    }
  }
  return { lo, hi };
}

const meshes = new Map<string, AvatarMesh>();
const avatarOf = (sex: 1 | 2, style: "realistic" | "toon") => {
  const key = `${sex}${style}`;
  let m = meshes.get(key);
  if (!m) {
    m = buildAvatar({ sex, style });
    meshes.set(key, m);
  }
  return m;
};

describe("the half-body", () => {
  for (const style of ["realistic", "toon"] as const) {
    for (const sex of [1, 2] as const) {
      it(`goes down to the hips, with hands resting in front of the waist (${style}, sex ${sex})`, () => {
        const mesh = avatarOf(sex, style);
        const T = anatomyFor(sex, style).torso;
        const clothing = extent(part(mesh, "clothing").positions);
        // the top reaches the hips (a half-body, not a bust cut at the chest)
        expect(clothing.lo[1]).toBeLessThan(-0.6);
        expect(clothing.lo[1]).toBeGreaterThan(T.bottom - 0.003);
        const hands = part(mesh, "hands");
        const left = extent(hands.positions, (x) => x > 0);
        const right = extent(hands.positions, (x) => x < 0);
        // in front of the body, below the chest and above the cut, apart from each other
        expect(left.lo[2]).toBeGreaterThan(0.05);
        expect(left.hi[1]).toBeLessThan(-0.45);
        expect(left.lo[1]).toBeGreaterThan(T.bottom);
        expect(left.lo[0]).toBeGreaterThan(0.01);
        // mirror images
        expect(-(right.hi[0] as number)).toBeCloseTo(left.lo[0] as number, 6);
        expect(right.lo[1]).toBeCloseTo(left.lo[1] as number, 6);
        // a hand is about the size of a face (wrist to fingertip 15-20 cm)
        const span = Math.hypot(
          (left.hi[0] as number) - (left.lo[0] as number),
          (left.hi[1] as number) - (left.lo[1] as number),
          (left.hi[2] as number) - (left.lo[2] as number),
        );
        expect(span).toBeGreaterThan(0.13);
        expect(span).toBeLessThan(0.26);
        // the sleeves hang outside the waist
        const waistY = -0.48;
        const body = extent(part(mesh, "clothing").positions, (_, y, z) => Math.abs(y - waistY) < 0.004 && z < 0);
        expect(body.hi[0]).toBeGreaterThan(T.shoulderHalf * 0.75);
      });
    }
  }

  it("binds every arm and hand vertex to the arm's bones, with weights that sum to one", () => {
    const mesh = avatarOf(2, "realistic");
    expect(mesh.rig?.bones.map((b) => b.name)).toEqual([...BONES]);
    for (const name of ["clothing", "hands"]) {
      const skin = part(mesh, name).skin;
      if (!skin) throw new Error(`${name} has no skin`);
      const n = part(mesh, name).positions.length / 3;
      expect(skin.joints.length).toBe(n * 4);
      for (let v = 0; v < n; v++) {
        let sum = 0;
        for (let k = 0; k < 4; k++) {
          sum += skin.weights[v * 4 + k] as number;
          expect(skin.joints[v * 4 + k]).toBeLessThan(BONES.length);
        }
        expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
      }
    }
    // a hand's vertices go with its hand (or, at the wrist, its forearm); the face has no skin at all
    const hands = part(mesh, "hands");
    const skin = hands.skin as NonNullable<AvatarPrimitive["skin"]>;
    for (let v = 0; v < hands.positions.length / 3; v++) {
      const side = (hands.positions[v * 3] as number) > 0 ? "left" : "right";
      const main = skin.joints[v * 4 + ((skin.weights[v * 4] as number) >= 0.5 ? 0 : 1)];
      expect([BONE[`${side}Hand`], BONE[`${side}LowerArm`]]).toContain(main);
    }
    expect(part(mesh, "skin").skin).toBeUndefined();
  });

  it("draws as built at rest, and a pose moves the posed arm only", () => {
    const mesh = avatarOf(1, "realistic");
    const rig = mesh.rig;
    if (!rig) throw new Error("no rig");
    for (const prim of mesh.primitives) {
      const rest = posePositions(rig, {}, prim.positions, prim.skin);
      for (let i = 0; i < rest.length; i++)
        expect(Math.abs((rest[i] as number) - (prim.positions[i] as number))).toBeLessThan(1e-6);
    }
    // the wave: the left arm up beside the head
    const wave = armsPose(rig.arm, { ...restArm(), lift: 1.25, roll: -1.4, bend: 0.25 }, restArm());
    const hands = part(mesh, "hands");
    const posed = posePositions(rig, wave, hands.positions, hands.skin);
    const left = extent(posed, (_, __, ___) => true);
    const shoulderY = rig.arm.shoulder[1];
    let leftTop = -Infinity;
    let rightMoved = 0;
    for (let i = 0; i < posed.length; i += 3) {
      if ((hands.positions[i] as number) > 0) leftTop = Math.max(leftTop, posed[i + 1] as number);
      else rightMoved = Math.max(rightMoved, Math.abs((posed[i + 1] as number) - (hands.positions[i + 1] as number)));
    }
    expect(leftTop).toBeGreaterThan(shoulderY + 0.1);
    expect(rightMoved).toBe(0);
    expect(left.hi[1]).toBe(leftTop);
    // the torso stays where it is
    const clothing = part(mesh, "clothing");
    const cPosed = posePositions(rig, wave, clothing.positions, clothing.skin);
    for (let i = 0; i < cPosed.length; i += 3) {
      const x = clothing.positions[i] as number;
      if (Math.abs(x) < 0.08) expect(cPosed[i + 1]).toBeCloseTo(clothing.positions[i + 1] as number, 6);
    }
  });

  it("mirrors a pose: the same joint angles on both arms give mirror-image arms", () => {
    const mesh = avatarOf(2, "toon");
    const rig = mesh.rig;
    if (!rig) throw new Error("no rig");
    const gesture = { ...restArm(), lift: 0.4, swing: 0.3, roll: -0.3, bend: 0.9, twist: 0.5, flex: 0.2 };
    const world = boneWorld(rig, armsPose(rig.arm, gesture, gesture));
    const l = world[BONE.leftHand]?.pivot as number[];
    const r = world[BONE.rightHand]?.pivot as number[];
    expect(r[0]).toBeCloseTo(-(l[0] as number), 9);
    expect(r[1]).toBeCloseTo(l[1] as number, 9);
    expect(r[2]).toBeCloseTo(l[2] as number, 9);
    // and a bend lifts the hand (the elbow flexes), a lift raises the elbow out to the side
    const bent = boneWorld(rig, armsPose(rig.arm, { ...restArm(), bend: 0.8 }, restArm()));
    expect(bent[BONE.leftHand]?.pivot[1]).toBeGreaterThan(rig.arm.wrist[1] + 0.1);
    const lifted = boneWorld(rig, armsPose(rig.arm, { ...restArm(), lift: 0.8 }, restArm()));
    expect(lifted[BONE.leftLowerArm]?.pivot[0]).toBeGreaterThan(rig.arm.elbow[0] + 0.1);
    // quaternions rotate as three.js's XYZ Euler does: z first
    const q = quatXYZ(0, 0, Math.PI / 2);
    const v = rotate(q, [1, 0, 0]);
    expect(v[1]).toBeCloseTo(1, 9);
  });

  it("poses the cartoon export: T holds the arms level, A 40° down, palms down", () => {
    for (const pose of ["T", "A"] as const) {
      const mesh = applyPose(avatarOf(2, "toon"), pose);
      const rig = mesh.rig;
      if (!rig) throw new Error("no rig");
      const s = rig.bones[BONE.leftUpperArm]?.pivot as number[];
      const w = rig.bones[BONE.leftHand]?.pivot as number[];
      const angle =
        Math.atan2((s[1] as number) - (w[1] as number), (w[0] as number) - (s[0] as number)) * (180 / Math.PI);
      expect(angle).toBeCloseTo(pose === "T" ? 0 : 40, 0);
      expect(rig.arm.palm[1]).toBeLessThan(-0.6);
      // the hands went with the arms
      const hands = extent(part(mesh, "hands").positions, (x) => x > 0);
      expect(hands.hi[0]).toBeGreaterThan((w[0] as number) + 0.05);
      // and the posed mesh is the new rest: normals recomputed, unit length
      const n = part(mesh, "hands").normals;
      expect(Math.hypot(n[0] as number, n[1] as number, n[2] as number)).toBeCloseTo(1, 5);
    }
  });

  it("aims captured arms: the bones point where the camera saw the arms, the right one through the mirror", () => {
    const mesh = avatarOf(2, "realistic");
    const rig = mesh.rig;
    if (!rig) throw new Error("no rig");
    const up: [number, number, number] = [0, 1, 0];
    const out: [number, number, number] = [1, 0, 0];
    const pose = aimCapturedArms(
      rig.arm,
      { left: { upper: out, fore: up }, right: { upper: [-1, 0, 0], fore: [0, 1, 0] } },
      {},
    );
    const world = boneWorld(rig, pose);
    const dir = (a: number, b: number) => {
      const p = world[a]?.pivot as number[];
      const q = world[b]?.pivot as number[];
      const d = [0, 1, 2].map((k) => (q[k] as number) - (p[k] as number));
      const l = Math.hypot(...d);
      return d.map((v) => v / l);
    };
    const close = (v: number[], w: number[]) => {
      for (const [k, x] of v.entries()) expect(x).toBeCloseTo(w[k] as number, 6);
    };
    close(dir(BONE.leftUpperArm, BONE.leftLowerArm), out);
    close(dir(BONE.leftLowerArm, BONE.leftHand), up);
    close(dir(BONE.rightUpperArm, BONE.rightLowerArm), [-1, 0, 0]);
    close(dir(BONE.rightLowerArm, BONE.rightHand), up);
  });
});
