/**
 * Glasses: a frame front extruded from each lens outline (round, square, aviator teardrop, heart),
 * tinted lenses (see-through for glasses, dark or coloured for shades), a bridge, and temples that
 * run back over the head's sides to the ears. Sized and placed from the measured eyes.
 */
import {
  Color,
  DoubleSide,
  ExtrudeGeometry,
  Group,
  MeshMatcapMaterial,
  MeshStandardMaterial,
  Path,
  Shape,
  ShapeGeometry,
  Vector2,
  Vector3,
} from "three";
import type { OutfitLook } from "../../../../shared/plan/looks.ts";
import { luminance, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import { heartShape, matcapTexture, tube } from "../shapes.ts";
import type { OutfitContext, OutfitParts } from "./context.ts";

/** Shades by design, whatever their tint; other styles only when the tint is dark. */
const SHADES = new Set(["aviator", "heart"]);
const METAL = new Set(["aviator"]);

/** A lens outline for the subject's left eye (+x), around its centre, counter-clockwise. */
export function lensOutline(style: string, scale: number): Vector2[] {
  const pts: Vector2[] = [];
  const n = 40;
  switch (style) {
    case "square": {
      const w = 0.0225 * scale;
      const h = 0.0158 * scale;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        // a superellipse: square with soft corners
        const c = Math.cos(a);
        const s = Math.sin(a);
        pts.push(new Vector2(w * Math.sign(c) * Math.abs(c) ** 0.35, h * Math.sign(s) * Math.abs(s) ** 0.35));
      }
      break;
    }
    case "aviator": {
      const w = 0.0235 * scale;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        const c = Math.cos(a);
        const s = Math.sin(a);
        // flat top, deep drop toward the nose side
        const y = s > 0 ? 0.0135 * scale * s ** 0.6 : -0.0215 * scale * (-s) ** 0.9;
        const x = w * c - (s < 0 ? 0.0045 * scale * s * s : 0);
        pts.push(new Vector2(x, y + 0.002 * scale));
      }
      break;
    }
    case "heart": {
      for (const p of heartShape(0.046 * scale).getPoints(8)) pts.push(new Vector2(p.x, p.y + 0.002 * scale));
      pts.pop();
      break;
    }
    default: {
      const r = 0.0178 * scale;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        pts.push(new Vector2(Math.cos(a) * r, Math.sin(a) * r));
      }
    }
  }
  // counter-clockwise, so outward normals point out
  let area = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as Vector2;
    const b = pts[(i + 1) % pts.length] as Vector2;
    area += a.x * b.y - b.x * a.y;
  }
  return area < 0 ? pts.reverse() : pts;
}

/** The outline pushed out by `d` along its normals. */
function offset(pts: Vector2[], d: number): Vector2[] {
  return pts.map((p, i) => {
    const a = pts[(i - 1 + pts.length) % pts.length] as Vector2;
    const b = pts[(i + 1) % pts.length] as Vector2;
    const t = b.clone().sub(a).normalize();
    return new Vector2(p.x + t.y * d, p.y - t.x * d);
  });
}

export function buildGlasses(look: OutfitLook, ctx: OutfitContext, kit: Kit): OutfitParts {
  const { fit } = ctx;
  const group = new Group();
  group.name = `glasses:${look.style}`;
  const metal = METAL.has(look.style);
  const frameMat = metal
    ? kit.mat(
        new MeshMatcapMaterial({ matcap: kit.tex(matcapTexture(look.color, "#fffaf0", shade(look.color, -0.7))) }),
      )
    : kit.std(look.color, { roughness: 0.3, metalness: 0.05 });
  const shades = SHADES.has(look.style) || luminance(look.accent) < 0.2;
  const lensMat = kit.mat(
    new MeshStandardMaterial({
      color: new Color(look.accent),
      roughness: 0.08,
      metalness: shades ? 0.5 : 0.1,
      transparent: true,
      opacity: shades ? 0.82 : 0.16,
      depthWrite: false,
      side: DoubleSide,
    }),
  );
  const [eye] = fit.eyes;
  const scale = Math.max(0.9, Math.min(1.15, (fit.eyes[0][0] - fit.eyes[1][0]) / 0.064));
  const outline = lensOutline(look.style, scale);
  const rim = metal ? 0.0016 : look.style === "heart" ? 0.0032 : 0.0028;
  const depth = metal ? 0.0016 : 0.0032;
  const lensZ = Math.max(fit.bridge[2] + 0.003, eye[2] + 0.018);
  const lensY = eye[1] + 0.001;
  const eyeX = Math.abs(eye[0]);
  const outer = offset(outline, rim);
  const maxX = Math.max(...outer.map((p) => p.x));
  const minX = Math.min(...outer.map((p) => p.x));
  const maxY = Math.max(...outline.map((p) => p.y));

  for (const side of [1, -1]) {
    const lens = new Group();
    const ring = new Shape(outer);
    ring.holes.push(new Path(outline));
    const frame = kit.mesh(new ExtrudeGeometry(ring, { depth, bevelEnabled: false, curveSegments: 1 }), frameMat);
    frame.position.z = -depth / 2;
    const glass = kit.mesh(new ShapeGeometry(new Shape(outline)), lensMat);
    lens.add(frame, glass);
    if (side < 0) lens.scale.x = -1;
    lens.position.set(side * eyeX, lensY, lensZ);
    // a slight wrap: the outer side sits further back
    lens.rotation.y = side * 0.1;
    group.add(lens);
  }

  // the bridge over the nose (aviators add a straight brow bar)
  const innerX = eyeX + minX;
  const by = lensY + maxY * 0.45;
  const bridge = [
    new Vector3(innerX, by, lensZ),
    new Vector3(0, by + 0.004, lensZ + 0.002),
    new Vector3(-innerX, by, lensZ),
  ];
  group.add(kit.mesh(tube(bridge, metal ? 0.0011 : 0.0018, false, 12, 6), frameMat));
  if (metal) {
    const bar = [
      new Vector3(innerX + 0.004, lensY + maxY + 0.001, lensZ),
      new Vector3(-innerX - 0.004, lensY + maxY + 0.001, lensZ),
    ];
    group.add(kit.mesh(tube(bar, 0.0012, false, 6, 6), frameMat));
  }

  // temples: from the outer end piece back along the head's side, over the ear and down behind it
  const [ear] = fit.ears;
  const tx = fit.templeX + 0.003;
  for (const side of [1, -1]) {
    const start = new Vector3(side * (eyeX + maxX * 0.98), lensY + maxY * 0.45, lensZ - 0.004);
    const pts = [
      start,
      new Vector3(side * (tx + 0.001), start.y + 0.001, lensZ - 0.03),
      new Vector3(side * tx, fit.earTopY + 0.001, ear[2] + 0.012),
      new Vector3(side * (tx - 0.002), fit.earTopY - 0.012, ear[2] - 0.018),
    ];
    group.add(kit.mesh(tube(pts, metal ? 0.0011 : 0.0017, false, 24, 5), frameMat));
  }
  return { body: null, head: group };
}
