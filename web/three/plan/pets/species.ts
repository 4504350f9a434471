/**
 * The pets, each built from a few low-poly primitives in a unit box (1 tall, standing on y = 0,
 * facing +z) and listing its moving joints: ears, tails, wings and legs swing by the pose
 * (animation.ts petPose). Faceted fur, glossy eyes with a catch light, rosy cheeks.
 */
import {
  CapsuleGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  IcosahedronGeometry,
  LatheGeometry,
  MeshBasicMaterial,
  type Object3D,
  Shape,
  ShapeGeometry,
  SphereGeometry,
  TorusGeometry,
  Vector2,
  Vector3,
} from "three";
import { mixHex, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { Pet, PetSpecies } from "../parse.ts";
import { glowTexture, tube } from "../shapes.ts";

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

interface Builder {
  kit: Kit;
  pet: Pet;
  root: Group;
  joints: Joint[];
  fur(color?: string): ReturnType<Kit["std"]>;
}

const PINK = "#ff9fb5";

function ball(b: Builder, color: string, r: number, at: [number, number, number], scale: [number, number, number] = [1, 1, 1], detail = 1) {
  const m = b.kit.mesh(new IcosahedronGeometry(r, detail), b.fur(color));
  m.position.set(...at);
  m.scale.set(...scale);
  return m;
}

/** Glossy black eyes with a white catch light, and pink cheeks under them. */
function face(b: Builder, y: number, z: number, spread: number, size: number, cheeks = true, parent: Object3D = b.root) {
  const eyeMat = b.kit.std("#15121a", { roughness: 0.15 });
  const shine = b.kit.mat(new MeshBasicMaterial({ color: new Color("#ffffff") }));
  const blush = b.kit.mat(new MeshBasicMaterial({ color: new Color(PINK), transparent: true, opacity: 0.55, depthWrite: false }));
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

function joint(b: Builder, object: Object3D, axis: Joint["axis"], amp: number, source: JointSource, base = object.rotation[axis]) {
  b.joints.push({ object, axis, base, amp, source });
}

/** A pivot group at `at` (so a part swings about its root), holding `child`. */
function pivot(b: Builder, at: [number, number, number], ...children: Object3D[]): Group {
  const g = new Group();
  g.position.set(...at);
  for (const c of children) g.add(c);
  b.root.add(g);
  return g;
}

/** A pointed ear (a four-sided cone) with a pink inside, on a pivot at its base. */
function pointedEar(b: Builder, side: number, at: [number, number, number], height: number, width: number, color: string, inner = PINK) {
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

function paws(b: Builder, color: string, y = 0.05, z = 0.22, spread = 0.13) {
  for (const s of [1, -1]) {
    const paw = ball(b, color, 0.075, [s * spread, y, z], [1, 0.7, 1.2], 0);
    const leg = pivot(b, [s * spread, y + 0.05, z - 0.02], paw);
    paw.position.set(0, -0.05, 0.02);
    joint(b, leg, "x", s * 0.5, "legs");
  }
}

function cat(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.38, [0, 0.3, 0], [1.05, 0.95, 0.95]));
  b.root.add(ball(b, accent, 0.26, [0, 0.27, 0.16], [1, 1, 0.7]));
  const head = ball(b, color, 0.3, [0, 0.74, 0.05], [1.12, 0.95, 1]);
  b.root.add(head);
  b.root.add(ball(b, accent, 0.13, [0, 0.66, 0.3], [1.3, 0.8, 0.7]));
  b.root.add(ball(b, PINK, 0.035, [0, 0.71, 0.37], [1.3, 0.8, 0.8], 0));
  face(b, 0.79, 0.3, 0.12, 0.045);
  for (const s of [1, -1]) pointedEar(b, s, [s * 0.17, 0.93, 0.02], 0.22, 0.12, color);
  // stripes on the forehead
  for (const dx of [-0.07, 0, 0.07]) b.root.add(ball(b, shade(color, -0.25), 0.03, [dx, 0.96, 0.16], [0.6, 1.6, 0.5], 0));
  paws(b, accent);
  const tail = pivot(b, [0, 0.12, -0.3]);
  tail.add(b.kit.mesh(tube([new Vector3(0, 0, 0), new Vector3(0.12, 0.05, -0.1), new Vector3(0.24, 0.28, -0.08), new Vector3(0.2, 0.5, 0)], 0.05, false, 16, 6), b.fur(color)));
  joint(b, tail, "y", 0.6, "tail");
}

function dog(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.38, [0, 0.3, 0], [1, 0.95, 1]));
  b.root.add(ball(b, accent, 0.25, [0, 0.3, 0.17], [1, 1.05, 0.7]));
  b.root.add(ball(b, color, 0.31, [0, 0.74, 0.05], [1.1, 0.95, 1]));
  b.root.add(ball(b, accent, 0.15, [0, 0.64, 0.27], [1.25, 0.85, 1]));
  b.root.add(ball(b, accent, 0.09, [0.13, 0.7, 0.25], [1, 0.9, 0.8]));
  b.root.add(ball(b, accent, 0.09, [-0.13, 0.7, 0.25], [1, 0.9, 0.8]));
  b.root.add(ball(b, "#1a1414", 0.045, [0, 0.69, 0.41], [1.3, 0.9, 0.9], 0));
  const tongue = b.kit.mesh(new SphereGeometry(0.04, 8, 6), b.fur("#ff6f86"));
  tongue.position.set(0, 0.57, 0.36);
  tongue.scale.set(1, 1.3, 0.5);
  b.root.add(tongue);
  face(b, 0.8, 0.3, 0.12, 0.045);
  for (const s of [1, -1]) pointedEar(b, s, [s * 0.17, 0.94, 0.0], 0.18, 0.12, color, accent);
  paws(b, accent);
  const tail = pivot(b, [0, 0.38, -0.32]);
  const curl = b.kit.mesh(new TorusGeometry(0.11, 0.055, 6, 12, Math.PI * 1.5), b.fur(color));
  curl.rotation.set(0, Math.PI / 2, 0.6);
  curl.position.set(0, 0.06, -0.05);
  tail.add(curl);
  joint(b, tail, "z", 0.45, "tail");
}

function bunny(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.38, [0, 0.28, 0], [1.05, 0.9, 1]));
  b.root.add(ball(b, color, 0.29, [0, 0.66, 0.06], [1.1, 0.95, 1]));
  b.root.add(ball(b, color, 0.11, [0, 0.22, -0.36], [1, 1, 1]));
  b.root.add(ball(b, accent, 0.03, [0, 0.64, 0.34], [1.2, 0.8, 0.8], 0));
  b.root.add(ball(b, mixHex(color, "#ffffff", 0.4), 0.08, [0.05, 0.59, 0.3], [1, 0.8, 0.7]));
  b.root.add(ball(b, mixHex(color, "#ffffff", 0.4), 0.08, [-0.05, 0.59, 0.3], [1, 0.8, 0.7]));
  face(b, 0.71, 0.29, 0.12, 0.042);
  for (const s of [1, -1]) {
    const outer = b.kit.mesh(new CapsuleGeometry(0.07, 0.3, 4, 8), b.fur(color));
    outer.scale.z = 0.55;
    outer.position.y = 0.2;
    const inner = b.kit.mesh(new CapsuleGeometry(0.04, 0.24, 4, 8), b.fur(accent));
    inner.scale.z = 0.3;
    inner.position.set(0, 0.2, 0.03);
    const ear = pivot(b, [s * 0.1, 0.86, 0.0], outer, inner);
    ear.rotation.z = -s * 0.18;
    ear.rotation.x = -0.15;
    joint(b, ear, "x", -0.35, "ear");
  }
  paws(b, color, 0.05, 0.24, 0.12);
}

function chick(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.44, [0, 0.44, 0], [1, 0.98, 0.95]));
  for (const [dx, h, rz] of [
    [-0.04, 0.14, 0.35],
    [0.02, 0.17, -0.1],
    [0.07, 0.12, -0.45],
  ] as const) {
    const tuft = b.kit.mesh(new ConeGeometry(0.035, h, 5), b.fur(color));
    tuft.position.set(dx, 0.9 + h / 2 - 0.03, 0.02);
    tuft.rotation.z = rz;
    b.root.add(tuft);
  }
  const beak = b.kit.mesh(new ConeGeometry(0.07, 0.13, 4), b.fur(accent));
  beak.rotation.x = Math.PI / 2;
  beak.position.set(0, 0.5, 0.45);
  beak.scale.set(1.2, 1, 0.7);
  b.root.add(beak);
  face(b, 0.6, 0.38, 0.14, 0.048);
  for (const s of [1, -1]) {
    const wing = ball(b, shade(color, -0.08), 0.17, [0, -0.12, 0], [0.45, 1, 0.8]);
    const w = pivot(b, [s * 0.41, 0.5, -0.02], wing);
    w.rotation.z = s * 0.25;
    joint(b, w, "z", s * 0.6, "wing");
    const foot = b.kit.mesh(new ConeGeometry(0.05, 0.08, 3), b.fur(accent));
    foot.rotation.x = Math.PI / 2;
    const leg = pivot(b, [s * 0.14, 0.03, 0.2], foot);
    joint(b, leg, "x", 0.4 * s, "legs");
  }
}

function fox(b: Builder) {
  const { color, accent } = b.pet;
  const dark = "#2a1a14";
  b.root.add(ball(b, color, 0.36, [0, 0.3, 0], [1, 0.95, 0.95]));
  b.root.add(ball(b, accent, 0.24, [0, 0.3, 0.16], [1, 1.1, 0.7]));
  b.root.add(ball(b, color, 0.29, [0, 0.73, 0.04], [1.2, 0.92, 1]));
  const snout = b.kit.mesh(new ConeGeometry(0.13, 0.24, 6), b.fur(accent));
  snout.rotation.x = Math.PI / 2;
  snout.position.set(0, 0.65, 0.3);
  snout.scale.set(1.2, 1, 0.75);
  b.root.add(snout);
  b.root.add(ball(b, dark, 0.035, [0, 0.67, 0.43], [1.2, 0.9, 0.9], 0));
  face(b, 0.78, 0.28, 0.12, 0.043);
  for (const s of [1, -1]) {
    const ear = pointedEar(b, s, [s * 0.18, 0.9, 0.0], 0.3, 0.13, color, accent);
    const tip = b.kit.mesh(new ConeGeometry(0.06, 0.1, 4), b.fur(dark));
    tip.rotation.y = Math.PI / 4;
    tip.scale.z = 0.55;
    tip.position.y = 0.26;
    ear.add(tip);
  }
  paws(b, dark);
  const tail = pivot(b, [0.05, 0.15, -0.3]);
  const brush = ball(b, color, 0.2, [0.16, 0.22, -0.06], [0.85, 1.6, 0.8]);
  brush.rotation.z = -0.7;
  const tip = ball(b, accent, 0.12, [0.35, 0.42, -0.06], [0.9, 1.1, 0.9]);
  tail.add(brush, tip);
  joint(b, tail, "y", 0.55, "tail");
}

function panda(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.4, [0, 0.3, 0], [1.05, 0.92, 0.95]));
  b.root.add(ball(b, color, 0.32, [0, 0.76, 0.03], [1.15, 0.95, 1]));
  b.root.add(ball(b, mixHex(color, "#ffffff", 0.5), 0.12, [0, 0.67, 0.28], [1.3, 0.85, 0.7]));
  b.root.add(ball(b, accent, 0.04, [0, 0.72, 0.37], [1.4, 0.8, 0.8], 0));
  for (const s of [1, -1]) {
    const patch = ball(b, accent, 0.085, [s * 0.12, 0.79, 0.25], [0.85, 1.15, 0.5]);
    patch.rotation.z = s * 0.5;
    b.root.add(patch);
    const ear = ball(b, accent, 0.1, [0, 0.04, 0], [1, 1, 0.6]);
    const e = pivot(b, [s * 0.24, 1.0, 0.0], ear);
    joint(b, e, "z", s * 0.15, "ear");
    const arm = ball(b, accent, 0.13, [0, -0.12, 0.03], [0.9, 1.35, 0.9]);
    const a = pivot(b, [s * 0.3, 0.42, 0.08], arm);
    a.rotation.z = s * 0.35;
    joint(b, a, "x", -0.4, "legs");
    b.root.add(ball(b, accent, 0.12, [s * 0.17, 0.07, 0.2], [1, 0.75, 1.15]));
  }
  face(b, 0.8, 0.32, 0.12, 0.04, true);
}

function slime(b: Builder): PetRig["update"] {
  const { color, accent } = b.pet;
  const profile: Vector2[] = [];
  for (let i = 0; i <= 16; i++) {
    const a = (i / 16) * Math.PI;
    // a drop: round and wide at the base, a soft point on top
    const r = Math.sin(a) * (0.48 - 0.1 * (1 - Math.cos(a)) ** 1.4 * 0.5);
    const y = 0.5 - 0.5 * Math.cos(a);
    profile.push(new Vector2(Math.max(0.0001, r * (1 + 0.15 * (1 - y))), y * (0.9 + 0.15 * Math.max(0, (y - 0.6) / 0.4))));
  }
  profile.reverse();
  const jelly = b.kit.std(color, {
    roughness: 0.12,
    transparent: true,
    opacity: 0.82,
    emissive: new Color(color),
    emissiveIntensity: 0.25,
  });
  const body = b.kit.mesh(new LatheGeometry(profile, 18), jelly);
  b.root.add(body);
  const core = ball(b, shade(color, -0.15), 0.2, [0, 0.28, -0.02], [1, 0.8, 1]);
  b.root.add(core);
  const shine = b.kit.mat(new MeshBasicMaterial({ color: new Color("#ffffff"), transparent: true, opacity: 0.85 }));
  const hl = b.kit.mesh(new SphereGeometry(0.06, 10, 6), shine);
  hl.position.set(-0.17, 0.66, 0.26);
  hl.scale.set(0.8, 1.3, 0.4);
  hl.rotation.z = 0.5;
  b.root.add(hl);
  const eyeMat = b.kit.std(accent, { roughness: 0.2 });
  for (const s of [1, -1]) {
    const eye = b.kit.mesh(new CapsuleGeometry(0.035, 0.05, 4, 8), eyeMat);
    eye.position.set(s * 0.12, 0.42, 0.41);
    eye.rotation.x = -0.3;
    b.root.add(eye);
  }
  const smile = b.kit.mesh(new TorusGeometry(0.05, 0.012, 4, 12, Math.PI), eyeMat);
  smile.rotation.z = Math.PI;
  smile.position.set(0, 0.32, 0.44);
  b.root.add(smile);
  return (t) => {
    core.position.y = 0.28 + 0.02 * Math.sin(t * 3);
  };
}

function bot(b: Builder): PetRig["update"] {
  const { color, accent } = b.pet;
  const shell = b.kit.std(color, { roughness: 0.25, metalness: 0.1 });
  const head = b.kit.mesh(new SphereGeometry(0.4, 20, 14), shell);
  head.position.y = 0.55;
  head.scale.set(1.08, 0.95, 1);
  b.root.add(head);
  const visor = b.kit.mesh(new SphereGeometry(0.33, 18, 10, -1.05, 2.1, 1.05, 1.05), b.kit.std("#101622", { roughness: 0.1, metalness: 0.4 }));
  visor.position.set(0, 0.55, 0.09);
  b.root.add(visor);
  const glow = b.kit.mat(new MeshBasicMaterial({ color: new Color(accent), toneMapped: false }));
  const eyes: Object3D[] = [];
  for (const s of [1, -1]) {
    const eye = b.kit.mesh(new CapsuleGeometry(0.04, 0.06, 4, 8), glow);
    eye.position.set(s * 0.12, 0.58, 0.41);
    eye.rotation.x = -0.2;
    eyes.push(eye);
    b.root.add(eye);
    const earGeo = new CylinderGeometry(0.09, 0.09, 0.07, 14);
    earGeo.rotateZ(Math.PI / 2);
    const ear = b.kit.mesh(earGeo, b.kit.std(shade(color, -0.15), { roughness: 0.3 }));
    ear.position.set(s * 0.42, 0.55, 0);
    b.root.add(ear);
    const ring = b.kit.mesh(new TorusGeometry(0.055, 0.012, 6, 16), glow);
    ring.rotation.y = Math.PI / 2;
    ring.position.set(s * 0.46, 0.55, 0);
    b.root.add(ring);
  }
  const stalk = b.kit.mesh(new CylinderGeometry(0.012, 0.012, 0.16, 6), shell);
  stalk.position.set(0, 1.0, 0);
  const bulb = b.kit.mesh(new SphereGeometry(0.05, 10, 8), glow);
  bulb.position.set(0, 1.1, 0);
  const antenna = pivot(b, [0, 0.92, 0], stalk, bulb);
  stalk.position.set(0, 0.08, 0);
  bulb.position.set(0, 0.17, 0);
  joint(b, antenna, "z", 0.25, "ear");
  const flame = b.kit.glow(accent, 0.7, b.kit.tex(glowTexture(32, 1.6)));
  const jet = b.kit.mesh(new ConeGeometry(0.13, 0.32, 12, 1, true), flame);
  jet.rotation.x = Math.PI;
  jet.position.y = 0.08;
  b.root.add(jet);
  const base = b.kit.mesh(new CylinderGeometry(0.14, 0.2, 0.08, 14), shell);
  base.position.y = 0.2;
  b.root.add(base);
  return (t) => {
    const k = 0.75 + 0.25 * Math.sin(t * 14);
    jet.scale.set(k, 0.8 + 0.3 * Math.sin(t * 9), k);
    bulb.scale.setScalar(0.85 + 0.3 * Math.max(0, Math.sin(t * 3)));
    // blink the screen eyes now and then
    const blink = (t % 3.3) < 0.12 ? 0.15 : 1;
    for (const e of eyes) e.scale.y = blink;
  };
}

/** A wing outline as a shape (upper or lower wing), coloured from the body out. */
function wingGeometry(upper: boolean, inner: Color, outer: Color) {
  const s = new Shape();
  if (upper) {
    s.moveTo(0, 0);
    s.bezierCurveTo(0.15, 0.35, 0.55, 0.55, 0.62, 0.32);
    s.bezierCurveTo(0.66, 0.15, 0.35, 0.02, 0, 0);
  } else {
    s.moveTo(0, 0);
    s.bezierCurveTo(0.3, -0.05, 0.5, -0.3, 0.36, -0.42);
    s.bezierCurveTo(0.22, -0.5, 0.05, -0.25, 0, 0);
  }
  const g = new ShapeGeometry(s, 10);
  const pos = g.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  const c = new Color();
  for (let i = 0; i < pos.count; i++) {
    const d = Math.min(1, Math.hypot(pos.getX(i), pos.getY(i)) / 0.6);
    c.copy(inner).lerp(outer, d ** 1.3);
    colors.set([c.r, c.g, c.b], i * 3);
  }
  g.setAttribute("color", new Float32BufferAttribute(colors, 3));
  return g;
}

function butterfly(b: Builder): PetRig["update"] {
  const { color, accent } = b.pet;
  const fly = new Group();
  // body pitched up so the camera sees the wings' faces
  fly.rotation.x = -1.0;
  fly.position.y = 0.45;
  b.root.add(fly);
  const body = b.kit.mesh(new CapsuleGeometry(0.045, 0.42, 4, 8), b.kit.std("#2a2140", { roughness: 0.4 }));
  body.rotation.x = Math.PI / 2;
  fly.add(body);
  const wingMat = b.kit.mat(
    new MeshBasicMaterial({ vertexColors: true, side: DoubleSide, transparent: true, opacity: 0.92, toneMapped: false }),
  );
  const inner = new Color(color);
  const outer = new Color(accent);
  const up = b.kit.geo(wingGeometry(true, inner, outer));
  const low = b.kit.geo(wingGeometry(false, inner, outer));
  for (const s of [1, -1]) {
    const w = new Group();
    const a = b.kit.mesh(up, wingMat);
    const c = b.kit.mesh(low, wingMat);
    // wings lie in x-z (the body along z); upper forward, lower behind
    for (const m of [a, c]) {
      m.rotation.x = -Math.PI / 2;
      m.scale.set(s, 1, 1);
    }
    c.position.z = -0.04;
    w.add(a, c);
    fly.add(w);
    joint(b, w, "z", s * 1.0, "wing", s * 0.25);
  }
  for (const s of [1, -1]) {
    const antenna = b.kit.mesh(tube([new Vector3(0, 0, 0.2), new Vector3(s * 0.05, 0.06, 0.3), new Vector3(s * 0.1, 0.04, 0.38)], 0.008, false, 8, 4), b.kit.std("#2a2140"));
    fly.add(antenna);
  }
  const halo = b.kit.mesh(new SphereGeometry(0.55, 12, 8), b.kit.glow(color, 0.35, b.kit.tex(glowTexture(32, 2))));
  halo.scale.set(1, 1, 0.01);
  halo.position.y = 0.45;
  void halo;
  return undefined;
}

function fish(b: Builder): PetRig["update"] {
  const { color, accent } = b.pet;
  const swim = new Group();
  swim.position.y = 0.45;
  // shown side-on, swimming toward the avatar's face
  swim.rotation.y = 0;
  b.root.add(swim);
  const scales = b.kit.std(color, { roughness: 0.35, flatShading: true });
  const body = b.kit.mesh(new IcosahedronGeometry(0.3, 1), scales);
  body.scale.set(0.8, 1, 1.35);
  swim.add(body);
  const belly = b.kit.mesh(new IcosahedronGeometry(0.2, 1), b.kit.std(accent, { roughness: 0.4, flatShading: true }));
  belly.scale.set(0.75, 0.7, 1.3);
  belly.position.set(0, -0.1, 0.05);
  swim.add(belly);
  const finMat = b.kit.std(mixHex(color, accent, 0.45), { roughness: 0.3, transparent: true, opacity: 0.8, side: DoubleSide });
  const tailShape = new Shape();
  tailShape.moveTo(0, 0);
  tailShape.bezierCurveTo(-0.1, 0.25, -0.05, 0.42, 0.1, 0.46);
  tailShape.bezierCurveTo(0.02, 0.28, 0.12, 0.12, 0.0, 0.0);
  tailShape.bezierCurveTo(0.12, -0.12, 0.02, -0.28, 0.1, -0.46);
  tailShape.bezierCurveTo(-0.05, -0.42, -0.1, -0.25, 0, 0);
  const tailGeo = new ShapeGeometry(tailShape, 10);
  tailGeo.rotateY(Math.PI / 2);
  tailGeo.scale(1, 1, 1.6);
  const tail = new Group();
  tail.position.z = -0.36;
  tail.add(b.kit.mesh(tailGeo, finMat));
  swim.add(tail);
  b.joints.push({ object: tail, axis: "y", base: 0, amp: 0.5, source: "tail" });
  const dorsal = b.kit.mesh(new ConeGeometry(0.12, 0.2, 3), finMat);
  dorsal.scale.set(0.15, 1, 1.4);
  dorsal.position.set(0, 0.32, -0.04);
  dorsal.rotation.x = -0.4;
  swim.add(dorsal);
  for (const s of [1, -1]) {
    const fin = b.kit.mesh(new ConeGeometry(0.08, 0.18, 3), finMat);
    fin.scale.set(0.2, 1, 1);
    fin.rotation.set(0.9, 0, s * 1.2);
    const p = new Group();
    p.position.set(s * 0.22, -0.1, 0.05);
    p.add(fin);
    swim.add(p);
    b.joints.push({ object: p, axis: "y", base: 0, amp: s * 0.4, source: "wing" });
  }
  face(b, 0.08, 0.28, 0.17, 0.055, false, swim);
  return undefined;
}

const BUILDERS: Record<PetSpecies, (b: Builder) => PetRig["update"] | undefined> = {
  cat: (b) => void cat(b),
  dog: (b) => void dog(b),
  bunny: (b) => void bunny(b),
  chick: (b) => void chick(b),
  fox: (b) => void fox(b),
  panda: (b) => void panda(b),
  slime,
  bot,
  butterfly,
  fish,
};

export function buildPet(pet: Pet, kit: Kit): PetRig {
  const root = new Group();
  root.name = `pet:${pet.species}`;
  const b: Builder = {
    kit,
    pet,
    root,
    joints: [],
    fur: (color = pet.color) => kit.std(color, { roughness: 0.78, flatShading: true }),
  };
  const update = BUILDERS[pet.species](b);
  return { root, joints: b.joints, update };
}
