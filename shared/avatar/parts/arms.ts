/**
 * The arms of the half-body (issue 17): upper arm and forearm in the top's long sleeve, bent at the
 * elbow so the forearm comes forward, and a hand resting in front of the waist: a palm, four
 * fingers in three joints each, relaxed into a slight curl, and a thumb. Every vertex is bound to
 * the rig's bones (rig.ts), blended across the elbow and the wrist, so the plan's motions can lift,
 * bend and turn the arm. The left arm (+x) is built and the right one is its mirror image.
 */
import type { Anatomy } from "../anatomy.ts";
import {
  add,
  clamp,
  cross,
  dot,
  lerp,
  normalize,
  perpendicular,
  piecewise,
  scale,
  smoothstep,
  sub,
  type Vec3,
} from "../math.ts";
import { PartBuilder } from "../mesh.ts";
import { armFrame, BONE, MIRROR_BONE } from "../rig.ts";

const ARM_RING = 24;
const FINGER_RING = 8;
const PALM_RING = 20;

/** One ring of a tube: its centre, radii across (u) and through (v), its bones, and its shape. */
interface Ring {
  c: Vec3;
  ru: number;
  rv: number;
  /** Bone a, bone b and b's weight. */
  bone: [number, number, number];
  /** Superellipse exponent of the cross-section: 2 is an ellipse, more is boxier. */
  e?: number;
}

/**
 * A tube through the rings, closed by a pole before the first and after the last where given.
 * Each ring's frame is carried along the centre line (parallel transport from `ref`), so the tube
 * does not twist; its faces are wound to point outward whichever way the centre line runs.
 */
function tube(b: PartBuilder, rings: Ring[], count: number, ref: Vec3, poles: { start?: Ring; end?: Ring }): void {
  const n = rings.length;
  let u: Vec3 | null = null;
  const ids: number[][] = [];
  for (let i = 0; i < n; i++) {
    const r = rings[i] as Ring;
    const prev = (rings[Math.max(0, i - 1)] as Ring).c;
    const next = (rings[Math.min(n - 1, i + 1)] as Ring).c;
    const t = normalize(sub(next, prev));
    u = perpendicular(u ?? ref, t);
    const v = cross(t, u);
    const e = 2 / (r.e ?? 2);
    const row: number[] = [];
    for (let k = 0; k < count; k++) {
      const a = (k / count) * Math.PI * 2;
      const ca = Math.cos(a);
      const sa = Math.sin(a);
      const cu = Math.sign(ca) * Math.abs(ca) ** e * r.ru;
      const sv = Math.sign(sa) * Math.abs(sa) ** e * r.rv;
      const id = b.vertex(add(r.c, add(scale(u, cu), scale(v, sv))));
      b.bind(id, r.bone[0], r.bone[1], r.bone[2]);
      row.push(id);
    }
    ids.push(row);
  }
  // outward: the first quad's normal against the way from the centre line to its corner
  const P = (id: number): Vec3 => [
    b.positions[id * 3] as number,
    b.positions[id * 3 + 1] as number,
    b.positions[id * 3 + 2] as number,
  ];
  const r0 = ids[0] as number[];
  const r1 = ids[1] as number[];
  const a = P(r0[0] as number);
  const normal = cross(sub(P(r1[0] as number), a), sub(P(r1[1] as number), a));
  const flip = dot(normal, sub(a, (rings[0] as Ring).c)) < 0;
  b.grid(ids, true, flip);
  const cap = (ring: Ring | undefined, row: number[], next: Ring) => {
    if (!ring) return;
    const pole = b.vertex(ring.c);
    b.bind(pole, ring.bone[0], ring.bone[1], ring.bone[2]);
    // outward is from the neighbouring ring's centre toward the pole
    const n = cross(sub(P(row[0] as number), ring.c), sub(P(row[1] as number), ring.c));
    const out = dot(n, sub(ring.c, next.c)) > 0;
    for (let k = 0; k < count; k++) {
      const p = row[k] as number;
      const q = row[(k + 1) % count] as number;
      if (out) b.tri(pole, p, q);
      else b.tri(pole, q, p);
    }
  };
  cap(poles.start, r0, rings[0] as Ring);
  cap(poles.end, ids[n - 1] as number[], rings[n - 1] as Ring);
}

/** Points along a centre line every `step` metres (the last point always included). */
function resample(points: Vec3[], step: number): { p: Vec3; s: number }[] {
  const out: { p: Vec3; s: number }[] = [{ p: points[0] as Vec3, s: 0 }];
  let s = 0;
  let next = step;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Vec3;
    const c = points[i] as Vec3;
    const len = Math.hypot(c[0] - a[0], c[1] - a[1], c[2] - a[2]);
    while (s + len >= next) {
      const t = (next - s) / len;
      out.push({ p: [lerp(a[0], c[0], t), lerp(a[1], c[1], t), lerp(a[2], c[2], t)], s: next });
      next += step;
    }
    s += len;
  }
  const last = points[points.length - 1] as Vec3;
  if (s - (out[out.length - 1] as { s: number }).s > step * 0.3) out.push({ p: last, s });
  return out;
}

/** A quadratic Bezier from a through control k to c, as `n` + 1 points. */
const bezier = (a: Vec3, k: Vec3, c: Vec3, n: number): Vec3[] =>
  Array.from({ length: n + 1 }, (_, i) => {
    const t = i / n;
    const w0 = (1 - t) ** 2;
    const w1 = 2 * t * (1 - t);
    const w2 = t * t;
    return [0, 1, 2].map((j) => w0 * (a[j] as number) + w1 * (k[j] as number) + w2 * (c[j] as number)) as Vec3;
  });

/** The sleeve: deltoid dome, upper arm, rounded elbow, forearm and a turned-back cuff at the wrist. */
function sleeve(b: PartBuilder, A: Anatomy): void {
  const f = armFrame(A);
  const down = normalize(sub(f.elbow, f.shoulder));
  const fore = normalize(sub(f.wrist, f.elbow));
  const bend = 0.05;
  const centre: Vec3[] = [
    f.shoulder,
    ...bezier(add(f.elbow, scale(down, -bend)), f.elbow, add(f.elbow, scale(fore, bend)), 8),
    // the sleeve ends a little short of the wrist
    add(f.wrist, scale(fore, -0.012)),
  ];
  const path = resample(centre, 0.011);
  const total = (path[path.length - 1] as { s: number }).s;
  const upperLength = Math.hypot(...sub(f.elbow, f.shoulder)) - bend;
  const sE = upperLength + bend * 0.9;
  const Ru = f.upperRadius;
  const Rf = f.foreRadius;
  const radius = (s: number) =>
    piecewise(
      [
        [0, Ru],
        [0.06, Ru * 0.97],
        [0.13, Ru * 0.9],
        [sE - 0.05, Ru * 0.8],
        [sE, Rf * 0.94],
        [sE + 0.05, Rf],
        [total - 0.05, Rf * 0.82],
        [total, Rf * 0.78],
      ],
      s,
    );
  const bones = (s: number): [number, number, number] => {
    if (s < 0) return [BONE.chest, BONE.leftUpperArm, 0.5 + 0.5 * smoothstep(-Ru, 0, s)];
    return [BONE.leftUpperArm, BONE.leftLowerArm, smoothstep(sE - 0.035, sE + 0.035, s)];
  };
  const flat = (s: number) => (s < sE ? 0.92 : 0.86);
  const rings: Ring[] = [];
  // the deltoid: a half dome over the top, sinking into the shoulder
  const NT = 7;
  for (let i = 1; i < NT; i++) {
    const th = (i / NT) * (Math.PI / 2);
    const s = -Ru * 0.8 * Math.cos(th);
    rings.push({
      c: add(f.shoulder, scale(down, s)),
      ru: Ru * Math.sin(th),
      rv: Ru * Math.sin(th) * 0.92,
      bone: bones(s),
    });
  }
  for (const { p, s } of path) {
    const r = radius(s);
    rings.push({ c: p, ru: r, rv: r * flat(s), bone: bones(s) });
  }
  // the cuff: a rolled lip, then in under it to meet the wrist
  const end = (path[path.length - 1] as { p: Vec3 }).p;
  const rc = radius(total);
  const cuffBone = bones(total);
  rings.push({ c: add(end, scale(fore, 0.004)), ru: rc * 1.04, rv: rc * 0.9, bone: cuffBone });
  rings.push({ c: add(end, scale(fore, 0.006)), ru: rc * 0.9, rv: rc * 0.78, bone: cuffBone });
  rings.push({ c: add(end, scale(fore, -0.01)), ru: rc * 0.78, rv: rc * 0.68, bone: cuffBone });
  const top = add(f.shoulder, scale(down, -Ru * 0.8));
  tube(b, rings, ARM_RING, [1, 0, 0], { start: { c: top, ru: 0, rv: 0, bone: bones(-Ru) } });
}

/** Finger shapes: lengths of the three bones, curl at each joint (degrees), splay, base radius. */
const FINGERS = [
  { across: 0.026, lengths: [0.04, 0.024, 0.02], curl: [8, 16, 10], splay: 3, r: 0.0092 },
  { across: 0.0085, lengths: [0.044, 0.027, 0.021], curl: [10, 20, 12], splay: 0, r: 0.0095 },
  { across: -0.0085, lengths: [0.041, 0.026, 0.02], curl: [13, 22, 12], splay: -2, r: 0.0088 },
  { across: -0.025, lengths: [0.032, 0.019, 0.018], curl: [17, 24, 12], splay: -6, r: 0.0076 },
] as const;

const deg = Math.PI / 180;

/** The hand at the wrist, in the frame's axes, as rings of the skin's "hands" part. */
function hand(b: PartBuilder, A: Anatomy): void {
  const fr = armFrame(A);
  const k = fr.handScale;
  const at = (lf: number, ls: number, ln: number): Vec3 =>
    add(fr.wrist, add(scale(fr.forward, lf * k), add(scale(fr.thumb, ls * k), scale(fr.palm, ln * k))));
  const hand: [number, number, number] = [BONE.leftHand, BONE.leftHand, 0];
  // wrist and palm: from inside the sleeve to the knuckles, boxier toward the knuckles
  const palm: [number, number, number][] = [
    [-0.032, 0.0215, 0.017],
    [-0.015, 0.022, 0.017],
    [0, 0.0245, 0.0168],
    [0.015, 0.029, 0.0162],
    [0.03, 0.034, 0.0155],
    [0.045, 0.037, 0.0148],
    [0.06, 0.0395, 0.014],
    [0.072, 0.0405, 0.0135],
    [0.082, 0.04, 0.013],
  ];
  const rings: Ring[] = palm.map(([lf, ru, rv]) => ({
    c: at(lf, 0, 0),
    ru: ru * k,
    rv: rv * k,
    bone: lf < 0.005 ? [BONE.leftLowerArm, BONE.leftHand, smoothstep(-0.03, 0.005, lf)] : hand,
    e: lerp(2, 2.8, clamp(lf / 0.04, 0, 1)),
  }));
  // the knuckles round off (the fingers grow out of them)
  for (let i = 1; i <= 3; i++) {
    const a = (i / 4) * (Math.PI / 2);
    rings.push({
      c: at(0.082 + 0.012 * Math.sin(a), 0, 0),
      ru: 0.04 * k * Math.cos(a),
      rv: 0.013 * k * Math.cos(a),
      bone: hand,
      e: 2.8,
    });
  }
  tube(b, rings, PALM_RING, fr.thumb, {
    start: { c: at(-0.034, 0, 0), ru: 0, rv: 0, bone: [BONE.leftLowerArm, BONE.leftLowerArm, 0] },
    end: { c: at(0.096, 0, 0), ru: 0, rv: 0, bone: hand },
  });

  for (const finger of FINGERS) {
    const splay = finger.splay * deg;
    // the finger's own forward and its side, in the palm's plane
    const f0 = add(scale(fr.forward, Math.cos(splay)), scale(fr.thumb, Math.sin(splay)));
    const points: Vec3[] = [at(0.07, finger.across, -0.001)];
    let p = at(0.08, finger.across, -0.001);
    points.push(p);
    let angle = 0;
    finger.lengths.forEach((len, j) => {
      angle += (finger.curl[j] as number) * deg;
      const d = add(scale(f0, Math.cos(angle)), scale(fr.palm, Math.sin(angle)));
      p = add(p, scale(d, len * k));
      points.push(p);
    });
    fingerTube(b, points, finger.r * k, fr.thumb, hand);
  }

  // the thumb: from the heel of the hand, out toward the thumb's side and over the palm
  const t0 = normalize(add(scale(fr.forward, 0.62), add(scale(fr.thumb, 0.62), scale(fr.palm, 0.45))));
  const t1 = normalize(add(t0, add(scale(fr.palm, 0.25), scale(fr.thumb, -0.25))));
  const t2 = normalize(add(t1, add(scale(fr.palm, 0.2), scale(fr.thumb, -0.2))));
  const base = at(0.01, 0.016, 0.004);
  const p1 = add(base, scale(t0, 0.042 * k));
  const p2 = add(p1, scale(t1, 0.03 * k));
  const p3 = add(p2, scale(t2, 0.025 * k));
  fingerTube(b, [at(0.0, 0.008, 0.0), base, p1, p2, p3], 0.0118 * k, cross(fr.palm, t0), hand);
}

/** A finger along a polyline: tapering to a rounded tip, closed inside the palm at its start. */
function fingerTube(b: PartBuilder, points: Vec3[], r0: number, ref: Vec3, bone: [number, number, number]): void {
  const path = resample(points, 0.005);
  const total = (path[path.length - 1] as { s: number }).s;
  const rings: Ring[] = path.map(({ p, s }) => {
    const r = r0 * lerp(1, 0.8, s / total);
    return { c: p, ru: r, rv: r * 0.88, bone };
  });
  // the tip: a dome
  const last = path[path.length - 1] as { p: Vec3 };
  const prev = path[path.length - 2] as { p: Vec3 };
  const t = normalize(sub(last.p, prev.p));
  const rt = r0 * 0.8;
  for (let i = 1; i <= 3; i++) {
    const a = (i / 4) * (Math.PI / 2);
    rings.push({ c: add(last.p, scale(t, rt * Math.sin(a))), ru: rt * Math.cos(a), rv: rt * 0.88 * Math.cos(a), bone });
  }
  const first = path[0] as { p: Vec3 };
  const back = normalize(sub(first.p, (path[1] as { p: Vec3 }).p));
  tube(b, rings, FINGER_RING, ref, {
    start: { c: add(first.p, scale(back, r0 * 0.6)), ru: 0, rv: 0, bone },
    end: { c: add(last.p, scale(t, rt)), ru: 0, rv: 0, bone },
  });
}

/** The part's left-side geometry copied into `dst` mirrored across x = 0, bound to the right arm's bones. */
function mirrorInto(dst: PartBuilder, src: PartBuilder): void {
  const base = dst.count;
  for (let i = 0; i < src.count; i++) {
    const p = src.positions;
    const a = src.anchors;
    const id = dst.vertex(
      [-(p[i * 3] as number), p[i * 3 + 1] as number, p[i * 3 + 2] as number],
      [-(a[i * 3] as number), a[i * 3 + 1] as number, a[i * 3 + 2] as number],
      src.sides[i],
    );
    const bones = src.bones;
    dst.bind(
      id,
      MIRROR_BONE[bones[i * 3] as number] as number,
      MIRROR_BONE[bones[i * 3 + 1] as number] as number,
      bones[i * 3 + 2],
    );
  }
  for (let i = 0; i < src.indices.length; i += 3)
    dst.tri(
      base + (src.indices[i] as number),
      base + (src.indices[i + 2] as number),
      base + (src.indices[i + 1] as number),
    );
}

/** Both sleeves into the clothing; both hands as a part of their own. */
export function buildArms(A: Anatomy, clothing: PartBuilder): PartBuilder {
  const sleeveL = new PartBuilder("clothing");
  sleeve(sleeveL, A);
  clothing.merge(sleeveL);
  mirrorInto(clothing, sleeveL);
  const handL = new PartBuilder("hands");
  hand(handL, A);
  const hands = new PartBuilder("hands");
  hands.merge(handL);
  mirrorInto(hands, handL);
  return hands;
}
