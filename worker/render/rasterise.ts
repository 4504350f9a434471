/**
 * A small software rasteriser for the avatar (z-buffer, per-pixel Lambert and Blinn specular from
 * a key, a fill and a rim light, perspective camera): thumbnails for the role lists, rendered in
 * the worker without a GPU or a browser. scripts/render-head.ts uses it for preview renders.
 */
import { type AvatarMesh, applyMorphs } from "../../shared/avatar/index.ts";
import { computeNormals } from "../../shared/avatar/mesh.ts";

type V3 = [number, number, number];
export const SS = 2; // supersampling factor

export interface View {
  file: string;
  sex: 1 | 2;
  yaw: number; // degrees, positive turns the avatar to its left (we see its right cheek... from +x side)
  pitch?: number;
  framing: "bust" | "face";
  weights?: Record<string, number>;
  skinTone?: number;
}

const norm = (v: V3): V3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};

/** Raw RGB pixels (width x height x 3), supersampled SS times per axis; downscale for the final image. */
export function render(mesh: AvatarMesh, view: View, width: number, height: number): Buffer {
  const W = width * SS;
  const H = height * SS;
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
  const target: V3 = view.framing === "face" ? [0, -0.005, 0.04] : [0, -0.12, 0.0];
  const dist = view.framing === "face" ? 0.62 : 1.45;
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
  const positions = applyMorphs(mesh, view.weights ?? {});
  mesh.primitives.forEach((prim, pi) => {
    const pos = positions[pi] as Float32Array;
    const nor = computeNormals(pos, prim.indices);
    const n = pos.length / 3;
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
    const m = prim.material;
    const base: V3 = [m.baseColor[0], m.baseColor[1], m.baseColor[2]];
    const shininess = 2 / Math.max(m.roughness, 0.05) ** 4 - 2;
    const specStrength = 0.5 * (1 - m.roughness) ** 2 + 0.03;
    const idx = prim.indices;
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
      if (!front && !m.doubleSided) continue;
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
          let w2 = 1 - w0 - w1;
          if (w0 < 0 || w1 < 0 || w2 < 0) continue;
          // perspective-correct weights
          const iz = w0 * za + w1 * zb + w2 * zc;
          const z = 1 / iz;
          const pix = y * W + x;
          if (z >= (depth[pix] as number)) continue;
          depth[pix] = z;
          w0 = (w0 * za) / iz;
          w1 = (w1 * zb) / iz;
          w2 = 1 - w0 - w1;
          let nx = w0 * (nor[a * 3] as number) + w1 * (nor[b * 3] as number) + w2 * (nor[c * 3] as number);
          let ny = w0 * (nor[a * 3 + 1] as number) + w1 * (nor[b * 3 + 1] as number) + w2 * (nor[c * 3 + 1] as number);
          let nz = w0 * (nor[a * 3 + 2] as number) + w1 * (nor[b * 3 + 2] as number) + w2 * (nor[c * 3 + 2] as number);
          const nl = Math.hypot(nx, ny, nz) || 1;
          nx /= nl;
          ny /= nl;
          nz /= nl;
          const wx = w0 * (pos[a * 3] as number) + w1 * (pos[b * 3] as number) + w2 * (pos[c * 3] as number);
          const wy =
            w0 * (pos[a * 3 + 1] as number) + w1 * (pos[b * 3 + 1] as number) + w2 * (pos[c * 3 + 1] as number);
          const wz =
            w0 * (pos[a * 3 + 2] as number) + w1 * (pos[b * 3 + 2] as number) + w2 * (pos[c * 3 + 2] as number);
          const vd = norm([eye[0] - wx, eye[1] - wy, eye[2] - wz]);
          if (nx * vd[0] + ny * vd[1] + nz * vd[2] < 0 && m.doubleSided) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
          }
          let r = base[0] * 0.16;
          let g = base[1] * 0.16;
          let bl = base[2] * 0.18;
          for (const L of lights) {
            const ndl = nx * L.dir[0] + ny * L.dir[1] + nz * L.dir[2];
            // a little wrap on skin reads as subsurface softness
            const wrap = prim.name === "skin" || prim.name === "lips" || prim.name === "ears" ? 0.25 : 0.05;
            const diff = Math.max(0, (ndl + wrap) / (1 + wrap));
            r += base[0] * diff * L.col[0];
            g += base[1] * diff * L.col[1];
            bl += base[2] * diff * L.col[2];
            if (ndl > 0) {
              const h = norm([L.dir[0] + vd[0], L.dir[1] + vd[1], L.dir[2] + vd[2]]);
              const s = specStrength * Math.max(0, nx * h[0] + ny * h[1] + nz * h[2]) ** shininess * ndl;
              r += s * L.col[0];
              g += s * L.col[1];
              bl += s * L.col[2];
            }
          }
          const i3 = pix * 3;
          color[i3] = r;
          color[i3 + 1] = g;
          color[i3 + 2] = bl;
        }
      }
    }
  });
  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H * 3; i++) {
    const v = color[i] as number;
    const tm = v / (1 + v * 0.15); // gentle tone map
    out[i] = Math.max(
      0,
      Math.min(255, Math.round((tm <= 0.0031308 ? 12.92 * tm : 1.055 * tm ** (1 / 2.4) - 0.055) * 255)),
    );
  }
  return out;
}
