/** The avatar's mesh types and a small builder that every part uses. No DOM, no Node. */
import type { AvatarStyle } from "./anatomy.ts";
import type { Vec3 } from "./math.ts";
import type { Rig } from "./rig.ts";

/** What a vertex belongs to; morph fields use it to decide what they may move. */
export type PartId =
  | "skin"
  | "lips"
  | "ears"
  | "sclera"
  | "iris"
  | "pupil"
  | "lashes"
  | "brows"
  | "teeth"
  | "tongue"
  | "mouth"
  | "hair"
  | "glasses"
  | "lenses"
  | "beard"
  | "clothing"
  | "hands";

export interface AvatarMaterial {
  name: string;
  /** Linear RGBA, as glTF's baseColorFactor. */
  baseColor: [number, number, number, number];
  roughness: number;
  metallic: number;
  /** Thin sheets (hair strands, lashes) are seen from both sides. */
  doubleSided?: boolean;
}

/**
 * A see-through material (the lenses): its base colour's alpha under 1. The 3D view, the GLB and
 * VRM (alphaMode BLEND) and the portraits draw it over what is behind it (decision 046, "Lenses").
 */
export const seeThrough = (m: AvatarMaterial): boolean => m.baseColor[3] < 1;

export interface AvatarPrimitive {
  /** The part id, also the material group. */
  name: PartId;
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint16Array | Uint32Array;
  material: AvatarMaterial;
  /**
   * Morph target position deltas by target name, each the length of `positions`. A target that does
   * not move this primitive is absent (read it as zeros): that keeps memory and the GLB small.
   */
  targets: Record<string, Float32Array>;
  /**
   * How the arm bones (rig.ts) move each vertex, glTF's JOINTS_0 / WEIGHTS_0: four bone indices and
   * four weights per vertex, summing to 1. Absent on parts that only the chest carries.
   */
  skin?: { joints: Uint8Array; weights: Float32Array };
  /**
   * Per-vertex multipliers of the material's colour (RGB, linear; glTF COLOR_0): the realistic
   * skin's colour zones (zones.ts). Absent on parts of one flat colour.
   */
  colors?: Float32Array;
  /**
   * Per-vertex multipliers of the material's roughness (one per vertex): where the realistic skin
   * shines (zones.ts). The 3D view and the portraits use it; glTF has no such attribute, so an
   * export keeps the material's one roughness.
   */
  roughness?: Float32Array;
  /**
   * Texture coordinates (2 floats a vertex, glTF TEXCOORD_0: u right, v down) into `texture`: the
   * head's layout (uv.ts), where the part is textured (decision 049).
   */
  uvs?: Float32Array;
  /** The part's colour texture (sRGB), read through `uvs`; the material's colour is then white. */
  texture?: AvatarTexture;
}

/** An RGB colour texture, rows top-down, 8-bit sRGB (decision 049). */
export interface AvatarTexture {
  width: number;
  height: number;
  /** width x height x 3 bytes. */
  rgb: Uint8Array;
}

export interface AvatarMesh {
  sex: 1 | 2;
  /** How it is drawn: realistic (PBR) or toon (cel shading and outlines); decision 039. */
  style: AvatarStyle;
  /** The bust's hair style (look.ts HAIR_STYLES). */
  hair?: string;
  /** Its glasses, where it wears any (look.ts GLASSES_STYLES): the frame's material follows it. */
  glasses?: string;
  /** Its facial hair, where it has any (look.ts BEARD_STYLES). */
  beard?: string;
  primitives: AvatarPrimitive[];
  /** Every morph target in a fixed order: face sliders, then expressions, then visemes. */
  targetNames: string[];
  vertexCount: number;
  triangleCount: number;
  /** The half-body's bones (rig.ts): their pivots in this mesh's rest pose. */
  rig?: Rig;
}

/** Per-vertex facts the morph fields read. */
export interface VertexInfo {
  /** Rest position. */
  p: Vec3;
  /** Where rigid parts (ears, eyeballs, lashes) are attached: fields are sampled there. */
  a: Vec3;
  part: PartId;
  /** +1 on the upper side of the mouth slit, -1 on the lower side, 0 elsewhere. */
  side: number;
}

/** Collects one part's vertices and triangles. */
export class PartBuilder {
  readonly positions: number[] = [];
  readonly anchors: number[] = [];
  readonly sides: number[] = [];
  readonly indices: number[] = [];
  /** Per vertex: two bones (rig.ts indices) and the second's weight; the chest alone by default. */
  readonly bones: number[] = [];
  /**
   * Per vertex: how much light reaches it, 0..1 (1 by default): the hair's roots and the edges of
   * its locks are shaded by the hair around them (zones.ts turns it into colour).
   */
  readonly light: number[] = [];
  constructor(readonly part: PartId) {}

  get count(): number {
    return this.positions.length / 3;
  }

  vertex(p: Vec3, anchor?: Vec3, side = 0): number {
    this.positions.push(p[0], p[1], p[2]);
    const a = anchor ?? p;
    this.anchors.push(a[0], a[1], a[2]);
    this.sides.push(side);
    this.bones.push(0, 0, 0);
    this.light.push(1);
    return this.positions.length / 3 - 1;
  }

  /** Carry vertex `id` by bone `a`, blended toward bone `b` by `w` (0..1). */
  bind(id: number, a: number, b = a, w = 0): void {
    this.bones[id * 3] = a;
    this.bones[id * 3 + 1] = b;
    this.bones[id * 3 + 2] = w;
  }

  tri(a: number, b: number, c: number): void {
    this.indices.push(a, b, c);
  }

  /** Quad a-b-c-d counter-clockwise seen from outside. */
  quad(a: number, b: number, c: number, d: number): void {
    this.indices.push(a, b, c, a, c, d);
  }

  /**
   * Triangulate a grid of vertex ids (rows x cols) whose rows run top to bottom and columns run
   * counter-clockwise seen from outside; `wrap` joins the last column to the first.
   */
  grid(ids: number[][], wrap: boolean, flip = false): void {
    for (let r = 0; r + 1 < ids.length; r++) {
      const top = ids[r] as number[];
      const bot = ids[r + 1] as number[];
      const n = wrap ? top.length : top.length - 1;
      for (let c = 0; c < n; c++) {
        const c1 = (c + 1) % top.length;
        const a = top[c] as number;
        const b = bot[c] as number;
        const cc = bot[c1] as number;
        const d = top[c1] as number;
        if (flip) this.quad(a, d, cc, b);
        else this.quad(a, b, cc, d);
      }
    }
  }

  /** Append another builder of the same part. */
  merge(other: PartBuilder): void {
    const base = this.count;
    this.positions.push(...other.positions);
    this.anchors.push(...other.anchors);
    this.sides.push(...other.sides);
    this.bones.push(...other.bones);
    for (const i of other.indices) this.indices.push(i + base);
  }
}

/** Area-weighted vertex normals; a vertex with no area gets +y so every normal stays unit length. */
export function computeNormals(positions: ArrayLike<number>, indices: ArrayLike<number>): Float32Array {
  const n = new Float64Array(positions.length);
  for (let i = 0; i < indices.length; i += 3) {
    const a = (indices[i] as number) * 3;
    const b = (indices[i + 1] as number) * 3;
    const c = (indices[i + 2] as number) * 3;
    const ux = (positions[b] as number) - (positions[a] as number);
    const uy = (positions[b + 1] as number) - (positions[a + 1] as number);
    const uz = (positions[b + 2] as number) - (positions[a + 2] as number);
    const vx = (positions[c] as number) - (positions[a] as number);
    const vy = (positions[c + 1] as number) - (positions[a + 1] as number);
    const vz = (positions[c + 2] as number) - (positions[a + 2] as number);
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (const k of [a, b, c]) {
      n[k] = (n[k] as number) + nx;
      n[k + 1] = (n[k + 1] as number) + ny;
      n[k + 2] = (n[k + 2] as number) + nz;
    }
  }
  const out = new Float32Array(positions.length);
  for (let i = 0; i < n.length; i += 3) {
    const x = n[i] as number;
    const y = n[i + 1] as number;
    const z = n[i + 2] as number;
    const l = Math.hypot(x, y, z);
    if (l > 1e-20) {
      out[i] = x / l;
      out[i + 1] = y / l;
      out[i + 2] = z / l;
    } else {
      out[i + 1] = 1;
    }
  }
  return out;
}
