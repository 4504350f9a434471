/**
 * A small software rasteriser for the avatar (z-buffer, perspective camera): thumbnails for the
 * role lists, rendered in the worker without a GPU or a browser. scripts/render-head.ts uses it
 * for preview renders. A realistic bust gets per-pixel Lambert and Blinn specular from a key, a
 * fill and a rim light; a toon bust (decision 039) the 3D view's toon look from the same numbers
 * (shared/avatar/toon-look.ts): the view-fixed three-band light with its rim, rounded head
 * normals, blush, iris gradient, the chin's shadow on the neck, and inverted-hull outlines.
 */
import { type AvatarMesh, type AvatarPrimitive, applyMorphs, type PartId } from "../../shared/avatar/index.ts";
import { computeNormals, seeThrough } from "../../shared/avatar/mesh.ts";
import { SKIN_WRAP, WRAPPED_PARTS } from "../../shared/avatar/palette.ts";
import { posePositions, type RigPose } from "../../shared/avatar/rig.ts";
import {
  outlineRgb,
  outlineWidth,
  TOON_BLUSH,
  TOON_IRIS,
  TOON_NECK,
  TOON_ROUND,
  toonFace,
  toonPartLook,
  toonShade,
} from "../../shared/avatar/toon-look.ts";
import { sampleTexture } from "../../shared/avatar/uv.ts";

type V3 = [number, number, number];
export const SS = 2; // supersampling factor

export interface View {
  file: string;
  sex: 1 | 2;
  yaw: number; // degrees, positive turns the avatar to its left (we see its right cheek... from +x side)
  pitch?: number;
  /** Head and shoulders, the face alone, or the half-body down to the hips. */
  framing: "bust" | "face" | "half";
  weights?: Record<string, number>;
  /** A camera of its own (scripts looking at one part): where it looks and from how far. */
  camera?: { target: V3; distance: number };
  /** The arms' pose (rig.ts); at rest when absent. */
  pose?: RigPose;
  skinTone?: number;
}

const norm = (v: V3): V3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};

/** What drew each (supersampled) pixel: a primitive's index, BACKGROUND or OUTLINE. */
export const BACKGROUND = -1;
export const OUTLINE = -2;

/**
 * Raw RGB pixels (width x height x 3), supersampled SS times per axis; downscale for the final image.
 * `parts`, if given (W x H, SS times the size per axis), receives what drew each pixel (tests).
 */
export function render(mesh: AvatarMesh, view: View, width: number, height: number, parts?: Int16Array): Buffer {
  const W = width * SS;
  const H = height * SS;
  parts?.fill(BACKGROUND);
  const color = new Float32Array(W * H * 3);
  const depth = new Float32Array(W * H).fill(Infinity);
  // background: a soft vertical gradient
  for (let y = 0; y < H; y++) {
    const t = y / H;
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      color[i] = 0.16 - 0.08 * t;
      color[i + 1] = 0.17 - 0.08 * t;
      color[i + 2] = 0.2 - 0.08 * t;
    }
  }
  const target: V3 =
    view.camera?.target ??
    (view.framing === "face" ? [0, -0.005, 0.04] : view.framing === "half" ? [0, -0.25, 0.02] : [0, -0.12, 0.0]);
  const dist = view.camera?.distance ?? (view.framing === "face" ? 0.62 : view.framing === "half" ? 2.35 : 1.45);
  const fov = (view.framing === "face" ? 26 : 30) * (Math.PI / 180);
  const yaw = (view.yaw * Math.PI) / 180;
  const pitch = ((view.pitch ?? 4) * Math.PI) / 180;
  const eye: V3 = [
    target[0] + dist * Math.sin(yaw) * Math.cos(pitch),
    target[1] + dist * Math.sin(pitch),
    target[2] + dist * Math.cos(yaw) * Math.cos(pitch),
  ];
  const fwd = norm([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
  const right = norm([fwd[2] * 0 - fwd[1] * 0, 0, 0]);
  // right = fwd x up
  const r0: V3 = norm([fwd[1] * 0 - fwd[2] * 1, fwd[2] * 0 - fwd[0] * 0, fwd[0] * 1 - fwd[1] * 0]);
  right[0] = r0[0];
  right[1] = r0[1];
  right[2] = r0[2];
  const up: V3 = [
    right[1] * fwd[2] - right[2] * fwd[1],
    right[2] * fwd[0] - right[0] * fwd[2],
    right[0] * fwd[1] - right[1] * fwd[0],
  ];
  const f = 1 / Math.tan(fov / 2);
  const aspect = W / H;
  // lights in world space: warm key from upper left-front, cool fill from the right, rim from behind
  const lights: { dir: V3; col: V3 }[] = [
    { dir: norm([-0.5, 0.55, 0.75]), col: [1.0, 0.95, 0.88] },
    { dir: norm([0.7, 0.1, 0.6]), col: [0.32, 0.36, 0.45] },
    { dir: norm([0.2, 0.5, -0.9]), col: [0.45, 0.45, 0.5] },
  ];
  const morphed = applyMorphs(mesh, view.weights ?? {});
  const { rig } = mesh;
  const positions =
    view.pose && rig
      ? morphed.map((p, i) => posePositions(rig, view.pose ?? {}, p, mesh.primitives[i]?.skin))
      : morphed;
  const toon = mesh.style === "toon";
  const face = toon ? toonFace(mesh, positions) : null;
  /** A world direction in view space (x right, y up, z toward the viewer), as three's shaders see it. */
  const toView = (v: V3): V3 => [
    v[0] * right[0] + v[1] * right[1] + v[2] * right[2],
    v[0] * up[0] + v[1] * up[1] + v[2] * up[2],
    -(v[0] * fwd[0] + v[1] * fwd[1] + v[2] * fwd[2]),
  ];
  const smooth = (e0: number, e1: number, x: number) => {
    const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
    return t * t * (3 - 2 * t);
  };
  const lit: [number, number, number] = [0, 0, 0];

  /**
   * Fills the triangles of `pos` (world) into colour and depth: `side` picks front faces, back faces
   * or both; `shadePixel` writes the colour of a covered pixel (barycentric weights, corners, facing).
   */
  const fill = (
    pos: Float32Array,
    idx: ArrayLike<number>,
    side: "front" | "back" | "both",
    shadePixel: (
      i3: number,
      w0: number,
      w1: number,
      w2: number,
      a: number,
      b: number,
      c: number,
      front: boolean,
    ) => void,
    id: number,
    /** A see-through part's opacity: drawn over what is there, tested against the depth but not writing it. */
    opacity = 1,
  ) => {
    const n = pos.length / 3;
    const blend = opacity < 1;
    const sx = new Float32Array(n);
    const sy = new Float32Array(n);
    const sz = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const px = (pos[i * 3] as number) - eye[0];
      const py = (pos[i * 3 + 1] as number) - eye[1];
      const pz = (pos[i * 3 + 2] as number) - eye[2];
      const cx = px * right[0] + py * right[1] + pz * right[2];
      const cy = px * up[0] + py * up[1] + pz * up[2];
      const cz = px * fwd[0] + py * fwd[1] + pz * fwd[2];
      sx[i] = (0.5 + (0.5 * (cx * f)) / cz / aspect) * W;
      sy[i] = (0.5 - (0.5 * (cy * f)) / cz) * H;
      sz[i] = cz;
    }
    for (let t = 0; t < idx.length; t += 3) {
      const a = idx[t] as number;
      const b = idx[t + 1] as number;
      const c = idx[t + 2] as number;
      const ax = sx[a] as number;
      const ay = sy[a] as number;
      const bx = sx[b] as number;
      const by = sy[b] as number;
      const cx = sx[c] as number;
      const cy = sy[c] as number;
      const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
      if (area === 0) continue;
      // screen y points down, so a counter-clockwise (front) face has negative area here
      const front = area < 0;
      if ((side === "front" && !front) || (side === "back" && front)) continue;
      const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
      const maxX = Math.min(W - 1, Math.ceil(Math.max(ax, bx, cx)));
      const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
      const maxY = Math.min(H - 1, Math.ceil(Math.max(ay, by, cy)));
      const za = 1 / (sz[a] as number);
      const zb = 1 / (sz[b] as number);
      const zc = 1 / (sz[c] as number);
      for (let y = minY; y <= maxY; y++) {
        const py = y + 0.5;
        for (let x = minX; x <= maxX; x++) {
          const px = x + 0.5;
          let w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
          let w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
          const w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          // perspective-correct weights
          const iz = w0 * za + w1 * zb + w2 * zc;
          const z = 1 / iz;
          const pix = y * W + x;
          if (z >= (depth[pix] as number)) continue;
          w0 = (w0 * za) / iz;
          w1 = (w1 * zb) / iz;
          if (blend) {
            const i3 = pix * 3;
            const under: V3 = [color[i3] as number, color[i3 + 1] as number, color[i3 + 2] as number];
            shadePixel(i3, w0, w1, 1 - w0 - w1, a, b, c, front);
            for (let k = 0; k < 3; k++)
              color[i3 + k] = (under[k] as number) * (1 - opacity) + (color[i3 + k] as number) * opacity;
            continue;
          }
          depth[pix] = z;
          if (parts) parts[pix] = id;
          shadePixel(pix * 3, w0, w1, 1 - w0 - w1, a, b, c, front);
        }
      }
    }
  };

  // the opaque parts first, then the see-through ones (the lenses) over them
  const last = (pi: number) => (seeThrough((mesh.primitives[pi] as AvatarPrimitive).material) ? 1 : 0);
  const order = [...mesh.primitives.keys()].sort((a, b) => last(a) - last(b));
  order.forEach((pi) => {
    const prim = mesh.primitives[pi] as AvatarPrimitive;
    const pos = positions[pi] as Float32Array;
    const nor = computeNormals(pos, prim.indices);
    const m = prim.material;
    const base: V3 = [m.baseColor[0], m.baseColor[1], m.baseColor[2]];
    const at = (arr: Float32Array, w0: number, w1: number, w2: number, a: number, b: number, c: number, k: number) =>
      w0 * (arr[a * 3 + k] as number) + w1 * (arr[b * 3 + k] as number) + w2 * (arr[c * 3 + k] as number);
    // a textured part (decision 049): its colour from the texture, through its UVs
    const { texture, uvs } = prim;
    const texel: V3 = [0, 0, 0];
    const textured = (w0: number, w1: number, w2: number, a: number, b: number, c: number): V3 | null => {
      if (!texture || !uvs) return null;
      const u = w0 * (uvs[a * 2] as number) + w1 * (uvs[b * 2] as number) + w2 * (uvs[c * 2] as number);
      const v = w0 * (uvs[a * 2 + 1] as number) + w1 * (uvs[b * 2 + 1] as number) + w2 * (uvs[c * 2 + 1] as number);
      sampleTexture(texture, u, v, texel);
      return texel;
    };
    if (toon && face) {
      const look = toonPartLook(prim.name as PartId);
      // the 3D view's vertex shader: normals above the neck lean toward a squashed sphere
      const shadeNor = new Float32Array(nor);
      const round = look.round ?? 0;
      if (round > 0)
        for (let i = 0; i < shadeNor.length; i += 3) {
          const k = round * smooth(TOON_ROUND.from, TOON_ROUND.to, pos[i + 1] as number);
          if (k === 0) continue;
          const s = norm([
            ((pos[i] as number) - TOON_ROUND.center[0]) * TOON_ROUND.scale[0],
            ((pos[i + 1] as number) - TOON_ROUND.center[1]) * TOON_ROUND.scale[1],
            ((pos[i + 2] as number) - TOON_ROUND.center[2]) * TOON_ROUND.scale[2],
          ]);
          const r = norm([
            (nor[i] as number) * (1 - k) + s[0] * k,
            (nor[i + 1] as number) * (1 - k) + s[1] * k,
            (nor[i + 2] as number) * (1 - k) + s[2] * k,
          ]);
          shadeNor[i] = r[0];
          shadeNor[i + 1] = r[1];
          shadeNor[i + 2] = r[2];
        }
      const cheekX = face.eyeX * TOON_BLUSH.xScale;
      const cheekY = face.eyeY - TOON_BLUSH.yBelow;
      fill(
        pos,
        prim.indices,
        m.doubleSided ? "both" : "front",
        (i3, w0, w1, w2, a, b, c, front) => {
          const wx = at(pos, w0, w1, w2, a, b, c, 0);
          const wy = at(pos, w0, w1, w2, a, b, c, 1);
          const wz = at(pos, w0, w1, w2, a, b, c, 2);
          let d: V3 = textured(w0, w1, w2, a, b, c) ?? base;
          if (look.iris && !texture) {
            const k =
              TOON_IRIS.bottom +
              (TOON_IRIS.top - TOON_IRIS.bottom) * smooth(face.eyeY - TOON_IRIS.half, face.eyeY + TOON_IRIS.half, wy);
            d = [d[0] * k, d[1] * k, d[2] * k];
          }
          if (look.blush && wz >= TOON_BLUSH.minZ) {
            const dx = (Math.abs(wx) - cheekX) / TOON_BLUSH.radius[0];
            const dy = (wy - cheekY) / TOON_BLUSH.radius[1];
            const k = Math.exp(-(dx * dx + dy * dy)) * look.blush;
            const bc = TOON_BLUSH.color;
            d = [d[0] + (bc[0] - d[0]) * k, d[1] + (bc[1] - d[1]) * k, d[2] + (bc[2] - d[2]) * k];
          }
          const sign = front ? 1 : -1; // a double-sided part's back face is lit from its other side
          const n = toView(
            norm([
              sign * at(shadeNor, w0, w1, w2, a, b, c, 0),
              sign * at(shadeNor, w0, w1, w2, a, b, c, 1),
              sign * at(shadeNor, w0, w1, w2, a, b, c, 2),
            ]),
          );
          const v = toView(norm([eye[0] - wx, eye[1] - wy, eye[2] - wz]));
          if (look.neck && wy < face.chinY + TOON_NECK.offset + TOON_NECK.slope * Math.abs(wx)) {
            lit[0] = d[0] * look.shade[0];
            lit[1] = d[1] * look.shade[1];
            lit[2] = d[2] * look.shade[2];
          } else toonShade(d, look.shade, look.rim, n, v, 0.02, lit);
          color[i3] = lit[0];
          color[i3 + 1] = lit[1];
          color[i3 + 2] = lit[2];
        },
        pi,
        m.baseColor[3],
      );
      // the outline: an inverted hull, the part pushed out along its normals, back faces, one colour
      const width = outlineWidth(mesh, prim.name as PartId);
      if (width) {
        const hull = new Float32Array(pos.length);
        for (let i = 0; i < pos.length; i++) hull[i] = (pos[i] as number) + (nor[i] as number) * width;
        const line = outlineRgb(base[0], base[1], base[2]);
        fill(
          hull,
          prim.indices,
          "back",
          (i3) => {
            color[i3] = line[0];
            color[i3 + 1] = line[1];
            color[i3 + 2] = line[2];
          },
          OUTLINE,
        );
      }
      return;
    }
    const zones = prim.colors;
    // where the skin shines (zones.ts): the roughness per pixel, else the material's own
    const rough = prim.roughness;
    const shininessOf = (roughness: number) => 2 / Math.max(roughness, 0.05) ** 4 - 2;
    const strengthOf = (roughness: number) => 0.5 * (1 - Math.min(roughness, 1)) ** 2 + 0.03;
    const flatShininess = shininessOf(m.roughness);
    const flatStrength = strengthOf(m.roughness);
    // a little wrap on skin reads as subsurface softness
    const wrap = WRAPPED_PARTS.includes(prim.name) ? SKIN_WRAP : 0.05;
    fill(
      pos,
      prim.indices,
      m.doubleSided ? "both" : "front",
      (i3, w0, w1, w2, a, b, c) => {
        let nx = at(nor, w0, w1, w2, a, b, c, 0);
        let ny = at(nor, w0, w1, w2, a, b, c, 1);
        let nz = at(nor, w0, w1, w2, a, b, c, 2);
        const nl = Math.hypot(nx, ny, nz) || 1;
        nx /= nl;
        ny /= nl;
        nz /= nl;
        const wx = at(pos, w0, w1, w2, a, b, c, 0);
        const wy = at(pos, w0, w1, w2, a, b, c, 1);
        const wz = at(pos, w0, w1, w2, a, b, c, 2);
        const vd = norm([eye[0] - wx, eye[1] - wy, eye[2] - wz]);
        if (nx * vd[0] + ny * vd[1] + nz * vd[2] < 0 && m.doubleSided) {
          nx = -nx;
          ny = -ny;
          nz = -nz;
        }
        // the skin's colour zones (shared/avatar/zones.ts), as the 3D view's vertex colours
        const tex = textured(w0, w1, w2, a, b, c);
        const c0 = tex ? tex[0] : zones ? base[0] * at(zones, w0, w1, w2, a, b, c, 0) : base[0];
        const c1 = tex ? tex[1] : zones ? base[1] * at(zones, w0, w1, w2, a, b, c, 1) : base[1];
        const c2 = tex ? tex[2] : zones ? base[2] * at(zones, w0, w1, w2, a, b, c, 2) : base[2];
        const roughness = rough
          ? m.roughness * (w0 * (rough[a] as number) + w1 * (rough[b] as number) + w2 * (rough[c] as number))
          : m.roughness;
        const shininess = rough ? shininessOf(roughness) : flatShininess;
        const strength = rough ? strengthOf(roughness) : flatStrength;
        let r = c0 * 0.16;
        let g = c1 * 0.16;
        let bl = c2 * 0.18;
        for (const L of lights) {
          const ndl = nx * L.dir[0] + ny * L.dir[1] + nz * L.dir[2];
          const diff = Math.max(0, (ndl + wrap) / (1 + wrap));
          r += c0 * diff * L.col[0];
          g += c1 * diff * L.col[1];
          bl += c2 * diff * L.col[2];
          if (ndl > 0) {
            const h = norm([L.dir[0] + vd[0], L.dir[1] + vd[1], L.dir[2] + vd[2]]);
            const s = strength * Math.max(0, nx * h[0] + ny * h[1] + nz * h[2]) ** shininess * ndl;
            r += s * L.col[0];
            g += s * L.col[1];
            bl += s * L.col[2];
          }
        }
        color[i3] = r;
        color[i3 + 1] = g;
        color[i3 + 2] = bl;
      },
      pi,
      m.baseColor[3],
    );
  });
  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H * 3; i++) {
    const v = color[i] as number;
    // a gentle tone map on the realistic render; toon colours are drawn as picked (no tone mapping)
    const tm = toon ? v : v / (1 + v * 0.15);
    out[i] = Math.max(
      0,
      Math.min(255, Math.round((tm <= 0.0031308 ? 12.92 * tm : 1.055 * tm ** (1 / 2.4) - 0.055) * 255)),
    );
  }
  return out;
}
