/**
 * The face texture from the photo (issue 46, decision 049): the photo projected onto the fitted
 * head with the pose and alignment the fit found, into the head's layout (shared/avatar/uv.ts).
 * What the photo does not see (the far side of a turned face, under the chin, behind the ears) is
 * filled from the mirrored half and then from a skin colour matched to the photo's; the seams
 * between them are blended by how squarely the photo sees each point; the photo's light is
 * balanced (its broad shading divided out, its colour cast taken to the skin colour the look read
 * after its white balance), so the renderer's own light is not added to light baked in; and hair
 * falling over the forehead is not painted onto the skin.
 */

import sharp from "sharp";
import type { AvatarMesh, AvatarTexture } from "../../shared/avatar/index.ts";
import { applyMorphs } from "../../shared/avatar/index.ts";
import { computeNormals } from "../../shared/avatar/mesh.ts";
import { headUvs, SRGB_TO_LINEAR, TEXTURED_PARTS } from "../../shared/avatar/uv.ts";
import type { FitResult } from "./fit.ts";
import type { ModelLandmark } from "./landmarks.ts";
import type { PhotoLook } from "./look.ts";

/** What the texture is made from: a clone's photo as the detector saw it, its landmarks, fit and look. */
export interface TextureSource {
  analysed: Buffer;
  points: [number, number][];
  fit: FitResult;
  look: Pick<PhotoLook, "skinRgb">;
}

/** The face texture's side, texels: at most 2048 (the bound); recorded with the avatar. */
export const FACE_TEXTURE_SIZE = 1024;

type V3 = [number, number, number];

const linearToSrgb8 = (v: number) => {
  const c = Math.min(1, Math.max(0, v));
  return Math.round((c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055) * 255);
};
const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** The head posed as in the photo: nodded by `pitch`, turned by `yaw` (fit.ts `project`), with depth toward the camera. */
function poser(yawDeg: number, pitchDeg: number) {
  const c = Math.cos((yawDeg * Math.PI) / 180);
  const s = Math.sin((yawDeg * Math.PI) / 180);
  const cp = Math.cos((pitchDeg * Math.PI) / 180);
  const sp = Math.sin((pitchDeg * Math.PI) / 180);
  return (x: number, y: number, z: number): V3 => {
    const y1 = cp * y - sp * z;
    const z1 = sp * y + cp * z;
    return [c * x + s * z1, y1, -s * x + c * z1];
  };
}

/** The similarity (scale and rotation a, b; shift tx, ty) taking `from` onto `to`, least squares. */
function similarity(from: [number, number][], to: [number, number][]) {
  const n = from.length;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += (from[i] as [number, number])[0] / n;
    fy += (from[i] as [number, number])[1] / n;
    tx += (to[i] as [number, number])[0] / n;
    ty += (to[i] as [number, number])[1] / n;
  }
  let a = 0;
  let b = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const px = (from[i] as [number, number])[0] - fx;
    const py = (from[i] as [number, number])[1] - fy;
    const qx = (to[i] as [number, number])[0] - tx;
    const qy = (to[i] as [number, number])[1] - ty;
    a += px * qx + py * qy;
    b += px * qy - py * qx;
    norm += px * px + py * py;
  }
  a /= norm;
  b /= norm;
  return (x: number, y: number): [number, number] => [
    a * (x - fx) - b * (y - fy) + tx,
    b * (x - fx) + a * (y - fy) + ty,
  ];
}

export interface PhotoTexture {
  texture: AvatarTexture;
  /** Share of the face's texels (front half) the photo itself gave, 0..1. */
  seen: number;
}

/**
 * The face texture of a clone: `mesh` is the clone's realistic bust (its parts as the job builds
 * them); the fitted sliders are applied to it before the photo is projected.
 */
export async function photoTexture(
  clone: TextureSource,
  mesh: AvatarMesh,
  /** The head's 68 landmarks (landmarks.ts) on `mesh`'s parts. */
  landmarks: readonly ModelLandmark[],
  size = FACE_TEXTURE_SIZE,
): Promise<PhotoTexture> {
  const { data: photo, info } = await sharp(clone.analysed).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const PW = info.width;
  const PH = info.height;
  const weights = clone.fit.params as Record<string, number>;
  const positions = applyMorphs(mesh, weights);
  const pose = poser(clone.fit.yaw, clone.fit.pitch);

  // the alignment of the posed head onto the photo, on the 68 landmarks (as the fit aligns them)
  const model2d = landmarks.map((l) => {
    const p = positions[l.primitive] as Float32Array;
    const q = pose(p[l.vertex * 3] as number, p[l.vertex * 3 + 1] as number, p[l.vertex * 3 + 2] as number);
    return [q[0], q[1]] as [number, number];
  });
  const toPhoto = similarity(
    model2d,
    clone.points.map(([x, y]) => [x, -y] as [number, number]),
  );
  const project = (x: number, y: number, z: number): V3 => {
    const q = pose(x, y, z);
    const [px, py] = toPhoto(q[0], q[1]);
    return [px, -py, q[2]];
  };

  const parts = mesh.primitives
    .map((prim, i) => ({ prim, pos: positions[i] as Float32Array }))
    .filter(({ prim }) => TEXTURED_PARTS.includes(prim.name));

  // the depth of the face's parts as the photo sees them (nearest wins: larger posed z)
  const depth = new Float32Array(PW * PH).fill(-Infinity);
  for (const { prim, pos } of parts) {
    const n = pos.length / 3;
    const sx = new Float32Array(n);
    const sy = new Float32Array(n);
    const sz = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const q = project(pos[i * 3] as number, pos[i * 3 + 1] as number, pos[i * 3 + 2] as number);
      sx[i] = q[0];
      sy[i] = q[1];
      sz[i] = q[2];
    }
    raster(prim.indices, sx, sy, PW, PH, (x, y, w0, w1, w2, a, b, c) => {
      const z = w0 * (sz[a] as number) + w1 * (sz[b] as number) + w2 * (sz[c] as number);
      const k = y * PW + x;
      if (z > (depth[k] as number)) depth[k] = z;
    });
  }
  const mask = await faceMask(clone.points, PW, PH);
  /** The photo's colour (linear) at a posed point, and how far it is hidden behind the nearest surface. */
  const lookUp = (x: number, y: number, z: number, out: V3): number => {
    const q = project(x, y, z);
    const px = q[0];
    const py = q[1];
    if (px < 0 || py < 0 || px >= PW - 1 || py >= PH - 1) return 0;
    const k = Math.floor(py) * PW + Math.floor(px);
    // hidden: something of the face is in front of it (a millimetre and a half of slack, in metres)
    if ((depth[k] as number) > q[2] + 0.0015) return 0;
    const x0 = Math.floor(px);
    const y0 = Math.floor(py);
    const fx = px - x0;
    const fy = py - y0;
    for (let ch = 0; ch < 3; ch++) {
      const v00 = SRGB_TO_LINEAR[photo[(y0 * PW + x0) * 3 + ch] as number] as number;
      const v10 = SRGB_TO_LINEAR[photo[(y0 * PW + x0 + 1) * 3 + ch] as number] as number;
      const v01 = SRGB_TO_LINEAR[photo[((y0 + 1) * PW + x0) * 3 + ch] as number] as number;
      const v11 = SRGB_TO_LINEAR[photo[((y0 + 1) * PW + x0 + 1) * 3 + ch] as number] as number;
      out[ch] = (v00 * (1 - fx) + v10 * fx) * (1 - fy) + (v01 * (1 - fx) + v11 * fx) * fy;
    }
    return (mask[k] as number) / 255;
  };
  /** How squarely the photo sees a surface with normal n: 0 edge-on or facing away, 1 straight at it. */
  const facing = (nx: number, ny: number, nz: number) => pose(nx, ny, nz)[2];

  // each texel: the outermost surface at its angle and height (radius from the axis), the photo's
  // colour there, the mirrored point's, and how much each is to be trusted
  const N = size * size;
  const radius = new Float32Array(N).fill(-Infinity);
  const own = new Float32Array(N * 3);
  const mirror = new Float32Array(N * 3);
  const wOwn = new Float32Array(N);
  const wMirror = new Float32Array(N);
  const height = new Float32Array(N).fill(Number.NaN);
  const c1: V3 = [0, 0, 0];
  const c2: V3 = [0, 0, 0];
  for (const { prim, pos } of parts) {
    const uv = prim.uvs ?? headUvs(prim.positions);
    const nor = computeNormals(pos, prim.indices);
    const n = pos.length / 3;
    const ux = new Float32Array(n);
    const vy = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      ux[i] = (uv[i * 2] as number) * size;
      vy[i] = (uv[i * 2 + 1] as number) * size;
    }
    const at = (arr: Float32Array, w0: number, w1: number, w2: number, a: number, b: number, c: number, k: number) =>
      w0 * (arr[a * 3 + k] as number) + w1 * (arr[b * 3 + k] as number) + w2 * (arr[c * 3 + k] as number);
    // triangles across the seam at the back of the head (u from one edge to the other) are left out
    const across = (a: number, b: number, c: number) =>
      Math.max(ux[a] as number, ux[b] as number, ux[c] as number) -
        Math.min(ux[a] as number, ux[b] as number, ux[c] as number) >
      size / 2;
    raster(prim.indices, ux, vy, size, size, (x, y, w0, w1, w2, a, b, c) => {
      const px = at(pos, w0, w1, w2, a, b, c, 0);
      const py = at(pos, w0, w1, w2, a, b, c, 1);
      const pz = at(pos, w0, w1, w2, a, b, c, 2);
      if (across(a, b, c)) return;
      const r = Math.hypot(px, pz + 0.005);
      const k = y * size + x;
      if (r <= (radius[k] as number)) return;
      radius[k] = r;
      height[k] = py;
      const nx = at(nor, w0, w1, w2, a, b, c, 0);
      const ny = at(nor, w0, w1, w2, a, b, c, 1);
      const nz = at(nor, w0, w1, w2, a, b, c, 2);
      const seenOwn = lookUp(px, py, pz, c1);
      const seenMirror = lookUp(-px, py, pz, c2);
      wOwn[k] = seenOwn * smooth(0.12, 0.45, facing(nx, ny, nz));
      wMirror[k] = seenMirror * smooth(0.12, 0.45, facing(-nx, ny, nz));
      for (let ch = 0; ch < 3; ch++) {
        own[k * 3 + ch] = seenOwn ? (c1[ch] as number) : 0;
        mirror[k * 3 + ch] = seenMirror ? (c2[ch] as number) : 0;
      }
    });
  }

  // the skin model: the look's skin colour (read after the white balance), linear
  const skin: V3 = clone.look.skinRgb.map((v) => SRGB_TO_LINEAR[Math.round(v * 255)] as number) as V3;
  const lum = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const skinLum = lum(...skin);

  // the colour cast: the photo's cheeks and forehead (well-seen skin texels) against the skin model
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let count = 0;
  for (let k = 0; k < N; k++) {
    if ((wOwn[k] as number) < 0.9) continue;
    sr += own[k * 3] as number;
    sg += own[k * 3 + 1] as number;
    sb += own[k * 3 + 2] as number;
    count++;
  }
  const gain: V3 =
    count > 0
      ? [
          (skin[0] * count) / Math.max(sr, 1e-6),
          (skin[1] * count) / Math.max(sg, 1e-6),
          (skin[2] * count) / Math.max(sb, 1e-6),
        ]
      : [1, 1, 1];
  for (let ch = 0; ch < 3; ch++) gain[ch] = Math.min(4, Math.max(0.25, gain[ch] as number));

  // own and mirror blended, the cast taken out
  const photoPart = new Float32Array(N * 3);
  const wPhoto = new Float32Array(N);
  for (let k = 0; k < N; k++) {
    const a = wOwn[k] as number;
    const b = (wMirror[k] as number) * (1 - a);
    const w = a + b;
    wPhoto[k] = w;
    if (w <= 0) continue;
    for (let ch = 0; ch < 3; ch++)
      photoPart[k * 3 + ch] =
        (((own[k * 3 + ch] as number) * a + (mirror[k * 3 + ch] as number) * b) / w) * (gain[ch] as number);
  }

  // the light balanced: each channel's broad shading (blurred over about a tenth of the face)
  // divided out, toward the skin model's colour: a warm, dim or side-lit photo's shadows and colour
  // casts are not baked into the skin, and its features (brows, eyes, lips: finer than the blur) stay
  const blurR = Math.round(size / 20);
  const broad = [0, 1, 2].map((ch) => {
    const channel = new Float32Array(N);
    for (let k = 0; k < N; k++) channel[k] = photoPart[k * 3 + ch] as number;
    return blurWeighted(channel, wPhoto, size, blurR);
  }) as [Float32Array, Float32Array, Float32Array];

  // hair over the forehead: above the brows, texels much darker than the skin, or far from its hue, are the hair's
  const browTop = Math.max(
    ...landmarks.slice(17, 27).map((l) => (positions[l.primitive] as Float32Array)[l.vertex * 3 + 1] as number),
  );

  const rgb = new Uint8Array(N * 3);
  let seen = 0;
  let front = 0;
  for (let k = 0; k < N; k++) {
    let w = wPhoto[k] as number;
    let r = skin[0];
    let g = skin[1];
    let b = skin[2];
    if (w > 0) {
      const ratio = (ch: 0 | 1 | 2) =>
        Math.min(2.5, Math.max(0.4, (skin[ch] as number) / Math.max(broad[ch][k] as number, 1e-4)));
      const pr = (photoPart[k * 3] as number) * ratio(0);
      const pg = (photoPart[k * 3 + 1] as number) * ratio(1);
      const pb = (photoPart[k * 3 + 2] as number) * ratio(2);
      const y = height[k] as number;
      if (y > browTop + 0.006) {
        const dark = smooth(0.75, 0.5, lum(pr, pg, pb) / skinLum);
        const hue = Math.abs(pr / Math.max(pg, 1e-4) - skin[0] / Math.max(skin[1], 1e-4));
        w *= 1 - Math.max(dark, smooth(0.35, 0.7, hue));
      }
      r = pr * w + r * (1 - w);
      g = pg * w + g * (1 - w);
      b = pb * w + b * (1 - w);
    }
    const u = (k % size) / size;
    if (u > 0.3 && u < 0.7 && Number.isFinite(height[k] as number)) {
      front++;
      seen += wOwn[k] as number;
    }
    rgb[k * 3] = linearToSrgb8(r);
    rgb[k * 3 + 1] = linearToSrgb8(g);
    rgb[k * 3 + 2] = linearToSrgb8(b);
  }
  return { texture: { width: size, height: size, rgb }, seen: front ? seen / front : 0 };
}

/**
 * Where the photo shows the face, 0..255 per pixel: inside the jaw's outline (drawn a little in, so
 * the background beside the cheeks stays out) and up over the forehead to a brow-to-chin third
 * above the brows, feathered over a twentieth of the face's width. Outside it the skin model fills.
 */
async function faceMask(points: [number, number][], W: number, H: number): Promise<Uint8Array> {
  const P = (i: number) => points[i] as [number, number];
  const cx = points.slice(0, 27).reduce((s, p) => s + p[0], 0) / 27;
  const cy = points.slice(0, 27).reduce((s, p) => s + p[1], 0) / 27;
  const inward = (p: [number, number], k: number): [number, number] => [cx + (p[0] - cx) * k, cy + (p[1] - cy) * k];
  const browMid: [number, number] = [(P(19)[0] + P(24)[0]) / 2, (P(19)[1] + P(24)[1]) / 2];
  const up: [number, number] = [(browMid[0] - P(8)[0]) * 0.33, (browMid[1] - P(8)[1]) * 0.33];
  const outline: [number, number][] = [
    ...points.slice(0, 17).map((p) => inward(p, 0.95)),
    ...[26, 25, 24, 23, 22, 21, 20, 19, 18, 17].map((i) => {
      const p = inward(P(i), 1.02);
      return [p[0] + up[0], p[1] + up[1]] as [number, number];
    }),
  ];
  const raw = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const py = y + 0.5;
    const xs: number[] = [];
    for (let i = 0; i < outline.length; i++) {
      const a = outline[i] as [number, number];
      const b = outline[(i + 1) % outline.length] as [number, number];
      if (a[1] <= py === b[1] <= py) continue;
      xs.push(a[0] + ((py - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
    }
    xs.sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2)
      for (let x = Math.max(0, Math.ceil((xs[i] as number) - 0.5)); x < Math.min(W, (xs[i + 1] as number) - 0.5); x++)
        raw[y * W + x] = 255;
  }
  const width = Math.hypot(P(16)[0] - P(0)[0], P(16)[1] - P(0)[1]);
  const blurred = await sharp(raw, { raw: { width: W, height: H, channels: 1 } })
    .blur(Math.max(0.5, width / 40))
    .extractChannel(0)
    .raw()
    .toBuffer();
  if (blurred.length !== W * H) throw new Error("face mask: unexpected channels");
  return new Uint8Array(blurred);
}

/** A box blur of `v` weighted by `w` (texels of weight 0 do not count), separable, radius r. */
function blurWeighted(v: Float32Array, w: Float32Array, size: number, r: number): Float32Array {
  const pass = (src: Float32Array, horizontal: boolean) => {
    const out = new Float32Array(src.length);
    for (let line = 0; line < size; line++) {
      let acc = 0;
      const at = (i: number) => (horizontal ? line * size + i : i * size + line);
      for (let i = -r; i < size + r; i++) {
        const add = i + r;
        const drop = i - r - 1;
        if (add >= 0 && add < size) acc += src[at(add)] as number;
        if (drop >= 0 && drop < size) acc -= src[at(drop)] as number;
        if (i >= 0 && i < size) out[at(i)] = acc;
      }
    }
    return out;
  };
  const vw = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) vw[i] = (v[i] as number) * (w[i] as number);
  const num = pass(pass(vw, true), false);
  const den = pass(pass(w, true), false);
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = (den[i] as number) > 1e-6 ? (num[i] as number) / (den[i] as number) : 0;
  return out;
}

/** Rasterises triangles given in pixel coordinates, calling `hit` with each covered pixel's weights. */
function raster(
  indices: ArrayLike<number>,
  sx: Float32Array,
  sy: Float32Array,
  W: number,
  H: number,
  hit: (x: number, y: number, w0: number, w1: number, w2: number, a: number, b: number, c: number) => void,
) {
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] as number;
    const b = indices[t + 1] as number;
    const c = indices[t + 2] as number;
    const ax = sx[a] as number;
    const ay = sy[a] as number;
    const bx = sx[b] as number;
    const by = sy[b] as number;
    const cx = sx[c] as number;
    const cy = sy[c] as number;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) continue;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const maxX = Math.min(W - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const maxY = Math.min(H - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < -1e-6 || w1 < -1e-6 || w2 < -1e-6) continue;
        hit(x, y, w0, w1, w2, a, b, c);
      }
    }
  }
}
