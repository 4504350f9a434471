/**
 * Where things sit on this avatar: the head, eyes, ears, neck and shoulders measured on the shaped
 * mesh (after the role's face sliders), so a hat fits a larger head and glasses follow wider-set eyes.
 * Pure: arrays in, numbers out. Frame as shared/avatar: metres, y up, face toward +z, left = +x.
 */

import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { type AvatarMesh, applyMorphs, EXPRESSION_NAMES, FACE_SLIDER_IDS } from "../../../shared/avatar/index.ts";
import type { Vec3 } from "../../../shared/avatar/math.ts";
import { computeNormals, type PartId } from "../../../shared/avatar/mesh.ts";

const SLIDERS = new Set<string>(FACE_SLIDER_IDS);
const EXPRESSIONS = new Set<string>(EXPRESSION_NAMES);

/**
 * The bust with the role's face sliders moved into its positions (and normals), carrying only the
 * expression targets: the preview plays expressions, it never drags sliders.
 */
export function shapeAvatar(mesh: AvatarMesh, faceParams: Readonly<Record<string, number | undefined>>): AvatarMesh {
  const weights: Record<string, number> = {};
  for (const [id, v] of Object.entries(faceParams))
    if (SLIDERS.has(id) && typeof v === "number" && v !== 0) weights[id] = v;
  const moved = Object.keys(weights).length > 0;
  const positions = moved ? applyMorphs(mesh, weights) : null;
  return {
    ...mesh,
    primitives: mesh.primitives.map((p, i) => {
      const pos = positions?.[i] ?? p.positions;
      const changed = pos !== p.positions && pos.some((v, k) => v !== p.positions[k]);
      const targets: Record<string, Float32Array> = {};
      for (const [name, t] of Object.entries(p.targets)) if (EXPRESSIONS.has(name)) targets[name] = t;
      return { ...p, positions: pos, normals: changed ? computeNormals(pos, p.indices) : p.normals, targets };
    }),
  };
}

/**
 * The head's outline seen from a centre inside it: the largest distance to hair or skin per direction
 * (longitude from the face, polar angle from +y), dilated and smoothed. Hats are built over it.
 */
export interface Dome {
  center: Vec3;
  lon: number;
  lat: number;
  /** Polar angle (radians) of the last row. */
  maxTheta: number;
  r: Float32Array;
}

const DOME_LON = 36;
const DOME_LAT = 18;

export interface BustFit {
  sex: 1 | 2;
  /** Top of the hair (or the skull without hair). */
  crownY: number;
  /** The head's outline above the brows, hair included: hats are built over it. */
  dome: Dome;
  /** The same without the hair (the skull): snug hats hug it and hide the hair under them. */
  skull: Dome;
  /** Where a hat's rim passes at the forehead and at the back of the head (x = 0). */
  rimFront: Vec3;
  rimBack: Vec3;
  /** Iris centres (on the cornea), left (+x) first, and the eyeball radius. */
  eyes: [Vec3, Vec3];
  eyeRadius: number;
  /** Top and front of the brows. */
  browY: number;
  browZ: number;
  /** The nose bridge where glasses rest. */
  bridge: Vec3;
  /** Half width of the head (hair included) at eye level, behind the eyes: glasses' temples pass here. */
  templeX: number;
  /** Ear centres (left first), lobe height and the ears' outer x. */
  ears: [Vec3, Vec3];
  earLobeY: number;
  earOuterX: number;
  earTopY: number;
  /** Half width of the head, hair included, at the ear lobes (long hair covers the ears). */
  lobeX: number;
  /** The head turns about this point (top of the neck). */
  pivot: Vec3;
  /** Neck: its axis z, and its radius at a height (from a table measured every centimetre). */
  neckZ: number;
  neck: [y: number, radius: number][];
  chin: Vec3;
  /** Top of the shoulders where a pet can sit, left first. */
  shoulders: [Vec3, Vec3];
  /** Half width of the shoulders. */
  shoulderHalf: number;
}

type Points = { x: number; y: number; z: number }[];

function points(mesh: AvatarMesh, parts: readonly PartId[]): Points {
  const out: Points = [];
  for (const p of mesh.primitives) {
    if (!parts.includes(p.name)) continue;
    const a = p.positions;
    for (let i = 0; i < a.length; i += 3) out.push({ x: a[i] as number, y: a[i + 1] as number, z: a[i + 2] as number });
  }
  return out;
}

function centroid(ps: Points): Vec3 {
  if (ps.length === 0) return [0, 0, 0];
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of ps) {
    x += p.x;
    y += p.y;
    z += p.z;
  }
  return [x / ps.length, y / ps.length, z / ps.length];
}

function max(ps: Points, f: (p: Points[number]) => number, fallback: number): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const p of ps) m = Math.max(m, f(p));
  return m === Number.NEGATIVE_INFINITY ? fallback : m;
}
const min = (ps: Points, f: (p: Points[number]) => number, fallback: number) => -max(ps, (p) => -f(p), -fallback);

export function fitBust(mesh: AvatarMesh): BustFit {
  const skin = points(mesh, ["skin"]);
  const hair = points(mesh, ["hair"]);
  const head = [...skin, ...hair];
  const iris = points(mesh, ["iris"]);
  const sclera = points(mesh, ["sclera"]);
  const brows = points(mesh, ["brows"]);
  const ears = points(mesh, ["ears"]);
  const body = points(mesh, ["clothing"]);

  const eyeL = centroid(iris.filter((p) => p.x > 0));
  const eyeR = centroid(iris.filter((p) => p.x < 0));
  const eyeY = (eyeL[1] + eyeR[1]) / 2;
  const scleraL = sclera.filter((p) => p.x > 0);
  const eyeRadius = (max(scleraL, (p) => p.x, 0.045) - min(scleraL, (p) => p.x, 0.017)) / 2;
  const browY = max(brows, (p) => p.y, eyeY + 0.03);
  const browZ = max(brows, (p) => p.z, eyeL[2] + 0.015);

  const bridgeBand = skin.filter((p) => Math.abs(p.x) < 0.004 && p.y > eyeY - 0.004 && p.y < eyeY + 0.014);
  const bridgeZ = max(bridgeBand, (p) => p.z, eyeL[2] + 0.01);
  const bridge: Vec3 = [0, eyeY + 0.004, bridgeZ];

  const templeBand = head.filter((p) => Math.abs(p.y - eyeY) < 0.012 && p.z > -0.03 && p.z < eyeL[2] - 0.025);
  const templeX = max(templeBand, (p) => Math.abs(p.x), 0.075);

  const earL = centroid(ears.filter((p) => p.x > 0));
  const earR = centroid(ears.filter((p) => p.x < 0));
  const earLobeY = min(ears, (p) => p.y, earL[1] - 0.028);
  const earTopY = max(ears, (p) => p.y, earL[1] + 0.028);
  const earOuterX = max(ears, (p) => Math.abs(p.x), 0.085);
  const lobeBand = hair.filter((p) => Math.abs(p.y - earLobeY) < 0.012 && Math.abs(p.z - earL[2]) < 0.02);
  const lobeX = Math.max(
    earOuterX,
    max(lobeBand, (p) => Math.abs(p.x), 0),
  );

  const crownY = max(hair.length ? hair : skin, (p) => p.y, 0.14);
  // The hat zone: everything of the head above the eyes (long hair below does not count).
  const upper = head.filter((p) => p.y > eyeY + 0.004);
  const front = max(
    upper.filter((p) => p.y > browY),
    (p) => p.z,
    0.09,
  );
  const back = min(upper, (p) => p.z, -0.12);
  const rimFront: Vec3 = [0, browY + 0.014, front];
  const rimBack: Vec3 = [0, eyeY - 0.012, back];
  const slope = (rimFront[1] - rimBack[1]) / (rimFront[2] - rimBack[2]);
  const rimY = (z: number) => rimBack[1] + (z - rimBack[2]) * slope;
  const center: Vec3 = [0, eyeY + 0.012, (front + back) / 2];
  const dome = buildDome(
    center,
    upper.filter((p) => p.y > rimY(p.z) - 0.012),
  );
  const skull = buildDome(
    center,
    skin.filter((p) => p.y > eyeY + 0.004 && p.y > rimY(p.z) - 0.012),
  );

  const neckZ = (() => {
    const band = skin.filter((p) => p.y < -0.115 && p.y > -0.125);
    return band.length ? (max(band, (p) => p.z, 0) + min(band, (p) => p.z, 0)) / 2 : -0.024;
  })();
  const neck: [number, number][] = [];
  for (let y = -0.15; y <= -0.05 + 1e-9; y += 0.01) {
    const band = skin.filter((p) => Math.abs(p.y - y) < 0.005 && p.z < neckZ + 0.05);
    neck.push([Math.round(y * 1000) / 1000, max(band, (p) => Math.hypot(p.x, p.z - neckZ), 0.05)]);
  }
  const chinBand = skin.filter((p) => Math.abs(p.x) < 0.006 && p.y < -0.05);
  const chinZ = max(chinBand, (p) => p.z, 0.06);
  const chinY = min(
    chinBand.filter((p) => p.z > chinZ - 0.025),
    (p) => p.y,
    -0.1,
  );

  // the torso's half width (the arms hang outside it): the anatomy's, which the body is built from
  const shoulderHalf = anatomyFor(mesh.sex as 1 | 2, mesh.style).torso.shoulderHalf;
  const sx = shoulderHalf * 0.66;
  const topAt = (x: number): Vec3 => {
    const band = body.filter((p) => Math.abs(p.x - x) < 0.008);
    const y = max(band, (p) => p.y, -0.16);
    const zs = band.filter((p) => p.y > y - 0.004);
    return [x, y, zs.length ? centroid(zs)[2] : -0.025];
  };

  return {
    sex: mesh.sex,
    crownY,
    dome,
    skull,
    rimFront,
    rimBack,
    eyes: [eyeL, eyeR],
    eyeRadius,
    browY,
    browZ,
    bridge,
    templeX,
    ears: [earL, earR],
    earLobeY,
    earOuterX,
    earTopY,
    lobeX,
    pivot: [0, -0.095, neckZ],
    neckZ,
    neck,
    chin: [0, chinY, chinZ],
    shoulders: [topAt(sx), topAt(-sx)],
    shoulderHalf,
  };
}

/** The neck's radius at height y, from the measured table (clamped at its ends). */
export function neckRadius(fit: BustFit, y: number): number {
  const t = fit.neck;
  if (t.length === 0) return 0.05;
  const first = t[0] as [number, number];
  const last = t[t.length - 1] as [number, number];
  if (y <= first[0]) return first[1];
  if (y >= last[0]) return last[1];
  for (let i = 1; i < t.length; i++) {
    const [y1, r1] = t[i] as [number, number];
    const [y0, r0] = t[i - 1] as [number, number];
    if (y <= y1) return r0 + ((r1 - r0) * (y - y0)) / (y1 - y0);
  }
  return last[1];
}

function buildDome(center: Vec3, ps: Points): Dome {
  const maxTheta = (115 * Math.PI) / 180;
  const r = new Float32Array(DOME_LON * DOME_LAT);
  for (const p of ps) {
    const dx = p.x - center[0];
    const dy = p.y - center[1];
    const dz = p.z - center[2];
    const d = Math.hypot(dx, dy, dz);
    const theta = Math.acos(dy / d);
    if (theta > maxTheta) continue;
    const phi = Math.atan2(dx, dz);
    const i = Math.round(((phi / (2 * Math.PI) + 1) % 1) * DOME_LON) % DOME_LON;
    const j = Math.min(DOME_LAT - 1, Math.round((theta / maxTheta) * (DOME_LAT - 1)));
    const k = j * DOME_LON + i;
    if (d > (r[k] as number)) r[k] = d;
  }
  const at = (a: Float32Array, i: number, j: number) =>
    a[Math.min(DOME_LAT - 1, Math.max(0, j)) * DOME_LON + (((i % DOME_LON) + DOME_LON) % DOME_LON)] as number;
  // empty bins (few vertices there) take the largest neighbour, row by row from the top
  for (let pass = 0; pass < 4; pass++)
    for (let j = 0; j < DOME_LAT; j++)
      for (let i = 0; i < DOME_LON; i++) {
        const k = j * DOME_LON + i;
        if ((r[k] as number) > 0) continue;
        r[k] = Math.max(at(r, i - 1, j), at(r, i + 1, j), at(r, i, j - 1), at(r, i, j + 1));
      }
  // dilate (so the gaps between locks are covered), then smooth
  const dilated = new Float32Array(r.length);
  const smooth = new Float32Array(r.length);
  for (let j = 0; j < DOME_LAT; j++)
    for (let i = 0; i < DOME_LON; i++) {
      let m = 0;
      for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) m = Math.max(m, at(r, i + di, j + dj));
      dilated[j * DOME_LON + i] = m;
    }
  for (let j = 0; j < DOME_LAT; j++)
    for (let i = 0; i < DOME_LON; i++) {
      let sum = 0;
      for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) sum += at(dilated, i + di, j + dj);
      smooth[j * DOME_LON + i] = Math.max(sum / 9, at(r, i, j));
    }
  return { center, lon: DOME_LON, lat: DOME_LAT, maxTheta, r: smooth };
}

/** The dome's radius toward longitude phi (0 = face, +x positive) and polar angle theta. */
export function domeRadius(dome: Dome, phi: number, theta: number): number {
  const u = ((phi / (2 * Math.PI) + 1) % 1) * dome.lon;
  const v = Math.min(dome.lat - 1, Math.max(0, (theta / dome.maxTheta) * (dome.lat - 1)));
  const i0 = Math.floor(u);
  const j0 = Math.min(dome.lat - 2, Math.floor(v));
  const fu = u - i0;
  const fv = v - j0;
  const at = (i: number, j: number) => dome.r[j * dome.lon + (i % dome.lon)] as number;
  const a = at(i0, j0) + (at(i0 + 1, j0) - at(i0, j0)) * fu;
  const b = at(i0, j0 + 1) + (at(i0 + 1, j0 + 1) - at(i0, j0 + 1)) * fu;
  return a + (b - a) * fv;
}

/** A point on the dome, pushed out by `lift` metres. */
export function domePoint(dome: Dome, phi: number, theta: number, lift = 0): Vec3 {
  const r = domeRadius(dome, phi, theta) + lift;
  const s = Math.sin(theta);
  return [
    dome.center[0] + r * s * Math.sin(phi),
    dome.center[1] + r * Math.cos(theta),
    dome.center[2] + r * s * Math.cos(phi),
  ];
}

/** A point on the dome toward a unit direction d from its centre, pushed out by `lift`. */
export function domePointDir(dome: Dome, d: Vec3, lift = 0): Vec3 {
  const theta = Math.acos(Math.min(1, Math.max(-1, d[1])));
  const phi = Math.atan2(d[0], d[2]);
  return domePoint(dome, phi, theta, lift);
}
