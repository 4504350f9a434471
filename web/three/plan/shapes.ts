/**
 * Geometry and texture helpers shared by outfits, pets and scenes: a cap over the head's dome, tubes
 * along points, a projection onto the body, flat outlines (heart, star, teardrop), vertex-coloured
 * gradients and a few textures computed in code (glows, matcaps for metals and pearls).
 */
import {
  BufferGeometry,
  CatmullRomCurve3,
  ClampToEdgeWrapping,
  Color,
  DataTexture,
  Float32BufferAttribute,
  LinearFilter,
  Mesh,
  type Object3D,
  Raycaster,
  RepeatWrapping,
  RGBAFormat,
  Shape,
  SRGBColorSpace,
  TubeGeometry,
  Vector3,
} from "three";
import type { AvatarMesh } from "../../../shared/avatar/index.ts";
import type { Vec3 } from "../../../shared/avatar/math.ts";
import { type BustFit, domeRadius } from "./fit.ts";

const smooth01 = (x: number) => {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
};

const TAU = Math.PI * 2;

/**
 * A cap over the head: the dome pushed out by `lift`, down to a rim plane through `front` and
 * `back` (x = 0) that tilts with the head. `bulge` adds extra height toward the top (a slouchy
 * beanie). Closed around, open at the rim.
 */
export function capGeometry(
  fit: BustFit,
  options: {
    lift: number;
    front: Vec3;
    back: Vec3;
    bulge?: number;
    lon?: number;
    lat?: number;
    flare?: number;
    /** Where the surface starts, as a share of the way from the top to the rim (a band when > 0). */
    start?: number;
    /**
     * Hug the skull instead of the hair: the cap lies `lift` over the skull at the top and toward
     * the rim takes back this share (0..1) of the hair's thickness (1: it reaches the hair's surface,
     * so the hair it hides never pokes through; less: the hair bulges out from under it).
     */
    skull?: number;
  },
): { geometry: BufferGeometry; rim: Vector3[]; sample(phi: number, f: number, out?: number): Vector3 } {
  const { lift, front, back, bulge = 0, lon = 40, lat = 14, flare = 0, start = 0, skull } = options;
  const slope = (front[1] - back[1]) / (front[2] - back[2]);
  const planeY = (z: number) => back[1] + (z - back[2]) * slope;
  const dome = fit.dome;
  const c = dome.center;
  const toPoint = (phi: number, theta: number, r: number): Vec3 => {
    const s = Math.sin(theta);
    return [c[0] + r * s * Math.sin(phi), c[1] + r * Math.cos(theta), c[2] + r * s * Math.cos(phi)];
  };
  const extra = (theta: number) => lift + bulge * Math.cos(Math.min(theta, Math.PI / 2)) ** 2;
  const overHair = (phi: number, theta: number) => domeRadius(dome, phi, theta) + extra(theta);
  const point = (phi: number, theta: number, edgeTheta: number): Vec3 => {
    let r = overHair(phi, theta);
    if (skull !== undefined) {
      const snug = domeRadius(fit.skull, phi, theta) + extra(theta);
      r = snug + (r - snug) * skull * smooth01((theta / edgeTheta - 0.45) / 0.5);
    }
    return toPoint(phi, theta, r);
  };
  // where the rim plane cuts the surface over the hair, at longitude phi
  const edge = (phi: number): number => {
    let lo = 0.02;
    let hi = dome.maxTheta;
    const f = (t: number) => {
      const p = toPoint(phi, t, overHair(phi, t));
      return p[1] - planeY(p[2]);
    };
    if (f(hi) > 0) return hi;
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const positions: number[] = [];
  const rim: Vector3[] = [];
  const band = start > 0;
  if (!band) {
    const top = point(0, 0, 1);
    positions.push(top[0], top[1], top[2]);
  }
  // rows: j = 1..lat for a cap (the pole is vertex 0), j = 0..lat for a band
  const first = band ? 0 : 1;
  const rows = lat - first + 1;
  for (let i = 0; i < lon; i++) {
    const phi = (i / lon) * TAU;
    const te = edge(phi);
    for (let j = first; j <= lat; j++) {
      const f = start + (1 - start) * (j / lat);
      const p = point(phi, te * f, te);
      // the rim flares out a touch so its edge never sinks into hair
      const out = flare * f ** 6;
      const s = Math.sin(te * f);
      p[0] += out * s * Math.sin(phi);
      p[2] += out * s * Math.cos(phi);
      positions.push(p[0], p[1], p[2]);
      if (j === lat) rim.push(new Vector3(p[0], p[1], p[2]));
    }
  }
  const index: number[] = [];
  const base = band ? 0 : 1;
  const at = (i: number, j: number) => base + (i % lon) * rows + (j - first);
  for (let i = 0; i < lon; i++) {
    if (!band) index.push(0, at(i, 1), at(i + 1, 1));
    for (let j = first; j < lat; j++) {
      const a = at(i, j);
      const b = at(i + 1, j);
      const c = at(i, j + 1);
      const d = at(i + 1, j + 1);
      index.push(a, c, b, b, c, d);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geometry.setIndex(index);
  geometry.computeVertexNormals();
  /** A point on the surface at longitude phi, a share f of the way from the top to the rim, pushed out. */
  const sample = (phi: number, f: number, out = 0): Vector3 => {
    const te = edge(phi);
    const p = point(phi, te * f, te);
    const v = new Vector3(p[0], p[1], p[2]);
    const n = v
      .clone()
      .sub(new Vector3(c[0], c[1], c[2]))
      .normalize();
    return v.addScaledVector(n, out);
  };
  return { geometry, rim, sample };
}

/** A round tube through points (a smooth curve), for straps, chains, piping and bands. */
export function tube(
  points: readonly Vector3[] | readonly Vec3[],
  radius: number,
  closed = false,
  segments = 48,
  radial = 8,
): TubeGeometry {
  const vs = points.map((p) => (p instanceof Vector3 ? p : new Vector3(p[0], p[1], p[2])));
  const curve = new CatmullRomCurve3(vs, closed, "centripetal");
  return new TubeGeometry(curve, segments, radius, radial, closed);
}

/**
 * A tube whose cross-section is an ellipse that changes along it: `size(t)` gives, for t in 0..1,
 * its half-width across the curve (horizontal, away from the axis) and its half-height (up). Ends
 * of size 0 close to a point, so nothing hollow shows (a hood's rim, issue 47).
 */
export function taperedTube(
  points: readonly Vector3[],
  size: (t: number) => [across: number, up: number],
  segments = 48,
  radial = 12,
): BufferGeometry {
  const curve = new CatmullRomCurve3([...points], false, "centripetal");
  const positions: number[] = [];
  const normals: number[] = [];
  const index: number[] = [];
  const up = new Vector3(0, 1, 0);
  const tangent = new Vector3();
  const across = new Vector3();
  const p = new Vector3();
  for (let i = 0; i <= segments; i++) {
    const t = i / segments;
    curve.getPointAt(t, p);
    curve.getTangentAt(t, tangent);
    across.crossVectors(tangent, up).normalize();
    const [a, b] = size(t);
    for (let j = 0; j <= radial; j++) {
      const theta = (j / radial) * Math.PI * 2;
      const c = Math.cos(theta);
      const s = Math.sin(theta);
      positions.push(p.x + across.x * a * c, p.y + b * s, p.z + across.z * a * c);
      // the ellipse's normal: (c / a, s / b) in its plane, normalised
      const n = new Vector3(across.x * c * (b || 1), s * (a || 1), across.z * c * (b || 1)).normalize();
      normals.push(n.x, n.y, n.z);
    }
  }
  for (let i = 0; i < segments; i++)
    for (let j = 0; j < radial; j++) {
      const a = i * (radial + 1) + j;
      const b = a + radial + 1;
      index.push(a, b, a + 1, b, b + 1, a + 1);
    }
  const g = new BufferGeometry();
  g.setAttribute("position", new Float32BufferAttribute(positions, 3));
  g.setAttribute("normal", new Float32BufferAttribute(normals, 3));
  g.setIndex(index);
  return g;
}

/** Rays against the bust's clothing: where a necklace, a lapel or a bow tie touches it. */
export class BodySurface {
  private readonly mesh: Mesh;
  private readonly raycaster = new Raycaster();
  private readonly origin = new Vector3();
  private readonly direction = new Vector3();
  readonly axisZ: number;

  constructor(avatar: AvatarMesh, axisZ: number) {
    const clothing = avatar.primitives.find((p) => p.name === "clothing");
    const geometry = new BufferGeometry();
    if (clothing) {
      geometry.setAttribute("position", new Float32BufferAttribute(clothing.positions, 3));
      geometry.setIndex(Array.from(clothing.indices));
    }
    geometry.computeBoundingSphere();
    geometry.computeBoundingBox();
    this.mesh = new Mesh(geometry);
    this.mesh.updateMatrixWorld();
    this.axisZ = axisZ;
  }

  private cast(): { point: Vector3; normal: Vector3 } | null {
    this.raycaster.set(this.origin, this.direction);
    const hit = this.raycaster.intersectObject(this.mesh, false)[0];
    if (!hit?.face) return null;
    return { point: hit.point.clone(), normal: hit.face.normal.clone() };
  }

  /** From outside, toward the neck axis at height y and azimuth phi (0 = front, +x = pi/2). */
  around(phi: number, y: number): { point: Vector3; normal: Vector3 } | null {
    this.origin.set(Math.sin(phi) * 0.5, y, this.axisZ + Math.cos(phi) * 0.5);
    this.direction.set(-Math.sin(phi), 0, -Math.cos(phi));
    return this.cast();
  }

  /** From the front, straight back, at (x, y). */
  front(x: number, y: number): { point: Vector3; normal: Vector3 } | null {
    this.origin.set(x, y, 0.5);
    this.direction.set(0, 0, -1);
    return this.cast();
  }

  /** From above, straight down, at (x, z). */
  above(x: number, z: number): { point: Vector3; normal: Vector3 } | null {
    this.origin.set(x, 0.2, z);
    this.direction.set(0, -1, 0);
    return this.cast();
  }

  dispose(): void {
    this.mesh.geometry.dispose();
  }
}

/**
 * A loop resting on the body around the neck: at the back it lies at `backY`, at the front it
 * dips to `frontY`; `gap` keeps it off the surface (a bead's radius). Points go round from the back.
 */
export function necklaceLoop(body: BodySurface, backY: number, frontY: number, gap: number, count = 48): Vector3[] {
  const out: Vector3[] = [];
  for (let i = 0; i < count; i++) {
    const phi = Math.PI + (i / count) * TAU;
    const front = ((1 + Math.cos(phi)) / 2) ** 1.6;
    const y = backY + (frontY - backY) * front;
    const hit = body.around(phi, y);
    if (!hit) continue;
    out.push(hit.point.addScaledVector(hit.normal, gap));
  }
  return out;
}

/** Evenly spaced points (by arc length) along a closed polyline. */
export function resampleLoop(points: readonly Vector3[], n: number, closed = true): Vector3[] {
  const pts = closed ? [...points, points[0] as Vector3] : [...points];
  const cum = [0];
  for (let i = 1; i < pts.length; i++)
    cum.push((cum[i - 1] as number) + (pts[i] as Vector3).distanceTo(pts[i - 1] as Vector3));
  const total = cum[cum.length - 1] as number;
  const out: Vector3[] = [];
  let j = 0;
  const steps = closed ? n : n - 1;
  for (let k = 0; k < n; k++) {
    const target = (total * k) / steps;
    while (j < cum.length - 2 && (cum[j + 1] as number) < target) j++;
    const seg = (cum[j + 1] as number) - (cum[j] as number);
    const f = seg > 0 ? (target - (cum[j] as number)) / seg : 0;
    out.push((pts[j] as Vector3).clone().lerp(pts[j + 1] as Vector3, Math.min(1, Math.max(0, f))));
  }
  return out;
}

/** A heart outline, centred, about `size` wide. */
export function heartShape(size: number): Shape {
  const s = size / 2;
  const shape = new Shape();
  shape.moveTo(0, -0.95 * s);
  shape.bezierCurveTo(-0.35 * s, -0.6 * s, -1.05 * s, -0.2 * s, -0.98 * s, 0.3 * s);
  shape.bezierCurveTo(-0.92 * s, 0.78 * s, -0.3 * s, 0.98 * s, 0, 0.55 * s);
  shape.bezierCurveTo(0.3 * s, 0.98 * s, 0.92 * s, 0.78 * s, 0.98 * s, 0.3 * s);
  shape.bezierCurveTo(1.05 * s, -0.2 * s, 0.35 * s, -0.6 * s, 0, -0.95 * s);
  return shape;
}

/** A star outline with `points` tips. */
export function starShape(points: number, outer: number, inner: number): Shape {
  const shape = new Shape();
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i / (points * 2)) * TAU + Math.PI / 2;
    if (i === 0) shape.moveTo(Math.cos(a) * r, Math.sin(a) * r);
    else shape.lineTo(Math.cos(a) * r, Math.sin(a) * r);
  }
  shape.closePath();
  return shape;
}

/** Colours every vertex by its height between y0 and y1 over evenly spaced stops. */
export function paintByHeight(
  geometry: BufferGeometry,
  stops: readonly Color[],
  y0: number,
  y1: number,
  curve = 1,
): void {
  const pos = geometry.getAttribute("position");
  const colors = new Float32Array(pos.count * 3);
  const c = new Color();
  for (let i = 0; i < pos.count; i++) {
    const t = Math.min(1, Math.max(0, (pos.getY(i) - y0) / (y1 - y0))) ** curve;
    const x = t * (stops.length - 1);
    const k = Math.min(Math.floor(x), stops.length - 2);
    c.copy(stops[k] as Color).lerp(stops[k + 1] as Color, x - k);
    colors.set([c.r, c.g, c.b], i * 3);
  }
  geometry.setAttribute("color", new Float32BufferAttribute(colors, 3));
}

function texture(
  size: number,
  pixel: (u: number, v: number) => [number, number, number, number],
  srgb = true,
): DataTexture {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      data.set([r * 255, g * 255, b * 255, a * 255], (y * size + x) * 4);
    }
  const t = new DataTexture(data, size, size, RGBAFormat);
  if (srgb) t.colorSpace = SRGBColorSpace;
  t.magFilter = LinearFilter;
  t.minFilter = LinearFilter;
  t.wrapS = t.wrapT = ClampToEdgeWrapping;
  t.needsUpdate = true;
  return t;
}

/** A soft round glow: white, fading to transparent at the edge. */
export function glowTexture(size = 64, falloff = 2): DataTexture {
  return texture(size, (u, v) => {
    const d = Math.min(1, Math.hypot(u - 0.5, v - 0.5) * 2);
    const a = (1 - d) ** falloff;
    return [1, 1, 1, a];
  });
}

/**
 * A snowflake (issue 47: snow read as grey dots): six white arms and a bright centre, with a faint
 * cool halo so a flake still shows against a light backdrop. Drawn with tone mapping off.
 */
export function snowflakeTexture(size = 48): DataTexture {
  return texture(size, (u, v) => {
    const x = (u - 0.5) * 2;
    const y = (v - 0.5) * 2;
    const d = Math.hypot(x, y);
    if (d >= 1) return [1, 1, 1, 0];
    // distance to the nearest of six arms (lines through the centre every 60°), arms fading out towards their tips
    const angle = Math.atan2(y, x);
    const sector = Math.PI / 3;
    const off = Math.abs((((angle % sector) + sector) % sector) - sector / 2);
    const toArm = d * Math.sin(sector / 2 - off);
    const arm = d < 0.92 ? Math.max(0, 1 - toArm / 0.09) * (1 - d * 0.45) : 0;
    const core = Math.max(0, 1 - d / 0.28);
    const halo = 0.35 * (1 - d) ** 2;
    const white = Math.min(1, Math.max(arm, core));
    const a = Math.min(1, white + halo);
    // the halo is a pale blue, the flake white
    const tint = a > 0 ? white / a : 0;
    return [0.78 + 0.22 * tint, 0.86 + 0.14 * tint, 1, a];
  });
}

/**
 * A matcap (a lit sphere seen from the front) for shiny things without an environment map: metals
 * and pearls read as polished while costing one texture lookup.
 */
export function matcapTexture(base: string, highlight: string, shadow: string, sheen = 0.6, size = 64): DataTexture {
  const b = new Color(base);
  const h = new Color(highlight);
  const s = new Color(shadow);
  const out = new Color();
  return texture(size, (u, v) => {
    const x = u * 2 - 1;
    const y = v * 2 - 1;
    const r2 = x * x + y * y;
    if (r2 > 1) return [b.r, b.g, b.b, 1].map((c) => c ** (1 / 2.2)) as [number, number, number, number];
    const z = Math.sqrt(1 - r2);
    // a soft key from the upper left, a sky band above, a floor bounce below
    const lambert = Math.max(0, -0.45 * x + 0.55 * y + 0.7 * z);
    const spec = Math.max(0, -0.35 * x + 0.45 * y + 0.82 * z) ** 40;
    const band = Math.exp(-(((y - 0.55) / 0.14) ** 2)) * (1 - Math.abs(x) * 0.6);
    const rim = (1 - z) ** 3;
    out.copy(s).lerp(b, Math.min(1, 0.25 + lambert * 0.9));
    out.lerp(h, Math.min(1, spec * 1.4 + band * sheen * 0.6 + rim * 0.25));
    return [out.r, out.g, out.b, 1].map((c) => Math.min(1, Math.max(0, c)) ** (1 / 2.2)) as [
      number,
      number,
      number,
      number,
    ];
  });
}

/** A tartan: bands of the main colour and the accent crossing, with a thin light stripe. */
export function plaidTexture(main: string, accent: string, size = 64): DataTexture {
  const m = new Color(main);
  const a = new Color(accent);
  const light = new Color("#f3e9d2");
  const out = new Color();
  const t = texture(size, (u, v) => {
    const band = (x: number) => {
      const f = (x * 4) % 1;
      if (Math.abs(f - 0.5) < 0.04) return 2;
      return f < 0.35 ? 1 : 0;
    };
    const bu = band(u);
    const bv = band(v);
    out.copy(m);
    if (bu === 1 || bv === 1) out.lerp(a, bu === 1 && bv === 1 ? 0.85 : 0.5);
    if (bu === 2 || bv === 2) out.lerp(light, 0.55);
    // the twill: a faint diagonal
    const tw = ((u + v) * size) % 2 < 1 ? 0.94 : 1;
    return [out.r * tw, out.g * tw, out.b * tw, 1].map((c) => c ** (1 / 2.2)) as [number, number, number, number];
  });
  t.wrapS = t.wrapT = RepeatWrapping;
  return t;
}

/** Everything under `root` that is a mesh, for measuring or hiding. */
export function meshesOf(root: Object3D): Mesh[] {
  const out: Mesh[] = [];
  root.traverse((o) => {
    if ((o as Mesh).isMesh) out.push(o as Mesh);
  });
  return out;
}
