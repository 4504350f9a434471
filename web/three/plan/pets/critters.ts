/** The other pets: a chick, a jelly slime, a hover bot, a glowing butterfly and a sky goldfish. */
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
import { glowTexture, tube } from "../shapes.ts";
import { type Builder, ball, face, joint, type PetRig, pivot } from "./parts.ts";

export function chick(b: Builder) {
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

export function slime(b: Builder): PetRig["update"] {
  const { color, accent } = b.pet;
  const profile: Vector2[] = [];
  for (let i = 0; i <= 16; i++) {
    const a = (i / 16) * Math.PI;
    // a drop: round and wide at the base, a soft point on top
    const r = Math.sin(a) * (0.48 - 0.1 * (1 - Math.cos(a)) ** 1.4 * 0.5);
    const y = 0.5 - 0.5 * Math.cos(a);
    profile.push(
      new Vector2(Math.max(0.0001, r * (1 + 0.15 * (1 - y))), y * (0.9 + 0.15 * Math.max(0, (y - 0.6) / 0.4))),
    );
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

export function bot(b: Builder): PetRig["update"] {
  const { color, accent } = b.pet;
  const shell = b.kit.std(color, { roughness: 0.25, metalness: 0.1 });
  const head = b.kit.mesh(new SphereGeometry(0.4, 20, 14), shell);
  head.position.y = 0.55;
  head.scale.set(1.08, 0.95, 1);
  b.root.add(head);
  const visor = b.kit.mesh(
    new SphereGeometry(0.33, 18, 10, -1.05, 2.1, 1.05, 1.05),
    b.kit.std("#101622", { roughness: 0.1, metalness: 0.4 }),
  );
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
    const blink = t % 3.3 < 0.12 ? 0.15 : 1;
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

export function butterfly(b: Builder): PetRig["update"] {
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
    new MeshBasicMaterial({
      vertexColors: true,
      side: DoubleSide,
      transparent: true,
      opacity: 0.92,
      toneMapped: false,
    }),
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
    const antenna = b.kit.mesh(
      tube(
        [new Vector3(0, 0, 0.2), new Vector3(s * 0.05, 0.06, 0.3), new Vector3(s * 0.1, 0.04, 0.38)],
        0.008,
        false,
        8,
        4,
      ),
      b.kit.std("#2a2140"),
    );
    fly.add(antenna);
  }
  return undefined;
}

export function fish(b: Builder): PetRig["update"] {
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
  const finMat = b.kit.std(mixHex(color, accent, 0.45), {
    roughness: 0.3,
    transparent: true,
    opacity: 0.8,
    side: DoubleSide,
  });
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
