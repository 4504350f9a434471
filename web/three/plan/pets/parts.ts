/**
 * What the pets are made of: a builder that collects a pet's meshes and moving joints, and the
 * shared pieces (faceted balls, glossy eyes with rosy cheeks, pointed ears, paws). A pet is built
 * in a unit box: 1 tall, standing on y = 0, facing +z.
 */
import {
  Color,
  ConeGeometry,
  Group,
  IcosahedronGeometry,
  MeshBasicMaterial,
  type Object3D,
  SphereGeometry,
} from "three";
import type { Kit } from "../kit.ts";
import type { Pet } from "../parse.ts";

export type JointSource = "ear" | "tail" | "wing" | "legs";

export interface Joint {
  object: Object3D;
  axis: "x" | "y" | "z";
  base: number;
  amp: number;
  source: JointSource;
}

export interface PetRig {
  root: Group;
  joints: Joint[];
  /** Extra motion of its own (a blinking antenna, a pulsing glow). */
  update?(time: number): void;
}

export interface Builder {
  kit: Kit;
  pet: Pet;
  root: Group;
  joints: Joint[];
  fur(color?: string): ReturnType<Kit["std"]>;
}

export const PINK = "#ff9fb5";
export function ball(
  b: Builder,
  color: string,
  r: number,
  at: [number, number, number],
  scale: [number, number, number] = [1, 1, 1],
  detail = 1,
) {
  // divided enough that smooth shading reads as a round body, not a faceted one (detail 3: 320
  // triangles a ball keeps every pet inside the plan page's 6000-triangle budget; 5 went to 8216)
  const m = b.kit.mesh(new IcosahedronGeometry(r, Math.max(detail, 3)), b.fur(color));
  m.position.set(...at);
  m.scale.set(...scale);
  return m;
}

/** Glossy black eyes with a white catch light, and pink cheeks under them. */
export function face(
  b: Builder,
  y: number,
  z: number,
  spread: number,
  size: number,
  cheeks = true,
  parent: Object3D = b.root,
) {
  const eyeMat = b.kit.std("#15121a", { roughness: 0.15 });
  const shine = b.kit.mat(new MeshBasicMaterial({ color: new Color("#ffffff") }));
  const blush = b.kit.mat(
    new MeshBasicMaterial({ color: new Color(PINK), transparent: true, opacity: 0.55, depthWrite: false }),
  );
  for (const s of [1, -1]) {
    const eye = b.kit.mesh(new SphereGeometry(size, 12, 10), eyeMat);
    eye.position.set(s * spread, y, z);
    eye.scale.set(1, 1.15, 0.7);
    const glint = b.kit.mesh(new SphereGeometry(size * 0.38, 8, 6), shine);
    glint.position.set(s * spread + size * 0.3, y + size * 0.4, z + size * 0.6);
    parent.add(eye, glint);
    if (cheeks) {
      const cheek = b.kit.mesh(new SphereGeometry(size * 1.05, 10, 6), blush);
      cheek.position.set(s * (spread + size * 1.4), y - size * 1.9, z - size * 0.5);
      cheek.scale.set(1, 0.6, 0.35);
      parent.add(cheek);
    }
  }
}

export function joint(
  b: Builder,
  object: Object3D,
  axis: Joint["axis"],
  amp: number,
  source: JointSource,
  base = object.rotation[axis],
) {
  b.joints.push({ object, axis, base, amp, source });
}

/** A pivot group at `at` (so a part swings about its root), holding `child`. */
export function pivot(b: Builder, at: [number, number, number], ...children: Object3D[]): Group {
  const g = new Group();
  g.position.set(...at);
  for (const c of children) g.add(c);
  b.root.add(g);
  return g;
}

/** A pointed ear (a four-sided cone) with a pink inside, on a pivot at its base. */
export function pointedEar(
  b: Builder,
  side: number,
  at: [number, number, number],
  height: number,
  width: number,
  color: string,
  inner = PINK,
) {
  const outer = b.kit.mesh(new ConeGeometry(width, height, 4, 1), b.fur(color));
  outer.rotation.y = Math.PI / 4;
  outer.scale.z = 0.55;
  outer.position.y = height / 2;
  const pink = b.kit.mesh(new ConeGeometry(width * 0.55, height * 0.7, 4, 1), b.fur(inner));
  pink.rotation.y = Math.PI / 4;
  pink.scale.z = 0.3;
  pink.position.set(0, height * 0.38, width * 0.2);
  const ear = pivot(b, at, outer, pink);
  ear.rotation.z = -side * 0.28;
  ear.rotation.x = -0.1;
  joint(b, ear, "z", side * 0.25, "ear");
  return ear;
}

export function paws(b: Builder, color: string, y = 0.05, z = 0.22, spread = 0.13) {
  for (const s of [1, -1]) {
    const paw = ball(b, color, 0.075, [s * spread, y, z], [1, 0.7, 1.2], 0);
    const leg = pivot(b, [s * spread, y + 0.05, z - 0.02], paw);
    paw.position.set(0, -0.05, 0.02);
    joint(b, leg, "x", s * 0.5, "legs");
  }
}
