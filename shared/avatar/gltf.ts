/**
 * glTF 2.0 binary export in plain TypeScript: one mesh, a primitive per material, every morph target
 * (names in mesh.extras.targetNames). Targets that leave a primitive still need an accessor there,
 * because all primitives of a mesh carry the same targets: those are zero accessors with no buffer
 * data, and mostly-still targets are sparse, which keeps the file small.
 */
import { type AvatarMesh, type AvatarPrimitive, seeThrough } from "./mesh.ts";

export interface GlbOptions {
  /** Default morph weights stored in mesh.weights (or baked when includeMorphs is false). */
  weights?: Readonly<Record<string, number>>;
  /** Write morph targets (default true); false bakes the weights into the positions. */
  includeMorphs?: boolean;
  /**
   * Which targets to write, in this order (default every one of mesh.targetNames); the others are
   * baked into the positions with their weights (an export keeps its expressions, not its sliders).
   */
  targets?: readonly string[];
  /**
   * One texture for every primitive (an atlas), with each primitive's UVs (2 floats a vertex).
   * The materials then take their colour from the texture and keep white as their factor.
   */
  atlas?: { png: Uint8Array; uvs: readonly Float32Array[] };
  /**
   * A photo clone's face texture (decision 049), a PNG read through the head's layout (uv.ts) by
   * the primitives that have UVs here (undefined for the others, which keep their flat colour).
   */
  faceTexture?: { png: Uint8Array; uvs: readonly (Float32Array | undefined)[] };
  /** Stored as asset.extras: what the file is, for whoever reads it back. */
  extras?: Record<string, unknown>;
}

const FLOAT = 5126;
const UINT = 5125;
const USHORT = 5123;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

type Json = Record<string, unknown>;

/**
 * Writes data into the BIN chunk, 4-byte aligned, one buffer view each. `views` and `length` start
 * where a chunk already written ends (toVrm adds its skin to exportGlb's chunk); `parts` holds only
 * what this writer added.
 */
export class BinWriter {
  readonly parts: Uint8Array[] = [];

  constructor(
    readonly views: Json[] = [],
    public length = 0,
  ) {}

  view(data: ArrayBufferView, target?: number): number {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const view: Json = { buffer: 0, byteOffset: this.length, byteLength: bytes.byteLength };
    if (target) view.target = target;
    this.parts.push(bytes);
    this.length += bytes.byteLength;
    const pad = (4 - (this.length % 4)) % 4;
    if (pad) {
      this.parts.push(new Uint8Array(pad));
      this.length += pad;
    }
    this.views.push(view);
    return this.views.length - 1;
  }
}

function minMax(a: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < a.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = a[i + k] as number;
      if (v < (min[k] as number)) min[k] = v;
      if (v > (max[k] as number)) max[k] = v;
    }
  }
  if (a.length === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}

function bake(prim: AvatarPrimitive, weights: Readonly<Record<string, number>>, kept: Set<string>): Float32Array {
  const out = new Float32Array(prim.positions);
  for (const [name, w] of Object.entries(weights)) {
    if (kept.has(name)) continue;
    const d = prim.targets[name];
    if (!d || !w) continue;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (d[i] as number) * w;
  }
  return out;
}

export function exportGlb(mesh: AvatarMesh, options: GlbOptions = {}): Uint8Array {
  const includeMorphs = options.includeMorphs ?? true;
  const weights = options.weights ?? {};
  const targetNames = includeMorphs ? [...(options.targets ?? mesh.targetNames)] : [];
  const kept = new Set(targetNames);
  const bin = new BinWriter();
  const accessors: Json[] = [];
  const materials: Json[] = [];
  const addAccessor = (a: Json): number => accessors.push(a) - 1;

  const primitives = mesh.primitives.map((prim, pi) => {
    const positions = kept.size === mesh.targetNames.length ? prim.positions : bake(prim, weights, kept);
    const count = positions.length / 3;
    const pos = addAccessor({
      bufferView: bin.view(positions, ARRAY_BUFFER),
      componentType: FLOAT,
      count,
      type: "VEC3",
      ...minMax(positions),
    });
    const nor = addAccessor({
      bufferView: bin.view(prim.normals, ARRAY_BUFFER),
      componentType: FLOAT,
      count,
      type: "VEC3",
    });
    const idx = addAccessor({
      bufferView: bin.view(prim.indices, ELEMENT_ARRAY_BUFFER),
      componentType: prim.indices instanceof Uint16Array ? USHORT : UINT,
      count: prim.indices.length,
      type: "SCALAR",
    });
    const m = prim.material;
    const atlasUv = options.atlas?.uvs[pi];
    const uv = atlasUv ?? options.faceTexture?.uvs[pi];
    const texture = atlasUv ? 0 : options.atlas ? 1 : 0;
    materials.push({
      name: m.name,
      pbrMetallicRoughness: uv
        ? {
            baseColorTexture: { index: texture },
            // the texture holds the colour; a see-through part's opacity is the factor's alpha
            ...(seeThrough(m) ? { baseColorFactor: [1, 1, 1, m.baseColor[3]] } : {}),
            metallicFactor: m.metallic,
            roughnessFactor: m.roughness,
          }
        : { baseColorFactor: m.baseColor, metallicFactor: m.metallic, roughnessFactor: m.roughness },
      ...(m.doubleSided ? { doubleSided: true } : {}),
      ...(seeThrough(m) ? { alphaMode: "BLEND" } : {}),
    });
    const attributes: Json = { POSITION: pos, NORMAL: nor };
    if (uv) {
      attributes.TEXCOORD_0 = addAccessor({
        bufferView: bin.view(uv, ARRAY_BUFFER),
        componentType: FLOAT,
        count,
        type: "VEC2",
      });
    }
    // the realistic skin's colour zones, which glTF multiplies into the base colour
    if (prim.colors && !uv) {
      attributes.COLOR_0 = addAccessor({
        bufferView: bin.view(prim.colors, ARRAY_BUFFER),
        componentType: FLOAT,
        count,
        type: "VEC3",
        ...minMax(prim.colors),
      });
    }
    const out: Json = { attributes, indices: idx, material: pi, mode: 4 };
    if (targetNames.length > 0)
      out.targets = targetNames.map((name) => ({
        POSITION: addAccessor(targetAccessor(bin, prim.targets[name], count)),
      }));
    return out;
  });

  const gltfMesh: Json = { name: "avatar", primitives };
  if (targetNames.length > 0) {
    gltfMesh.weights = targetNames.map((n) => weights[n] ?? 0);
    gltfMesh.extras = { targetNames };
  }
  // the atlas is texture 0 and the face texture follows it, each its own image (PNG, sRGB)
  const images = [
    ...(options.atlas ? [{ png: options.atlas.png, name: "atlas" }] : []),
    ...(options.faceTexture ? [{ png: options.faceTexture.png, name: "face" }] : []),
  ];
  const textures: Json = {};
  if (images.length > 0) {
    textures.images = images.map(({ png, name }) => ({ bufferView: bin.view(png), mimeType: "image/png", name }));
    textures.samplers = [{ magFilter: 9729, minFilter: 9729, wrapS: 33071, wrapT: 33071 }];
    textures.textures = images.map((_, source) => ({ source, sampler: 0 }));
  }
  const json = {
    asset: { version: "2.0", generator: "Avalive avatar model", ...(options.extras ? { extras: options.extras } : {}) },
    ...textures,
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ name: mesh.sex === 1 ? "avatar-male" : "avatar-female", mesh: 0 }],
    meshes: [gltfMesh],
    materials,
    accessors,
    bufferViews: bin.views,
    buffers: [{ byteLength: bin.length }],
  };
  return packGlb(json, bin.parts, bin.length);
}

/** A morph target's accessor: zeros with no data, sparse when few vertices move, else dense. */
function targetAccessor(bin: BinWriter, delta: Float32Array | undefined, count: number): Json {
  const zero = { componentType: FLOAT, count, type: "VEC3", min: [0, 0, 0], max: [0, 0, 0] };
  if (!delta) return zero;
  const moved: number[] = [];
  for (let i = 0; i < count; i++) {
    if (delta[i * 3] !== 0 || delta[i * 3 + 1] !== 0 || delta[i * 3 + 2] !== 0) moved.push(i);
  }
  if (moved.length === 0) return zero;
  const { min, max } = minMax(delta);
  // sparse costs 12 bytes of value plus 2 or 4 of index per moved vertex; dense costs 12 per vertex
  const indexBytes = count < 65536 ? 2 : 4;
  if (moved.length * (12 + indexBytes) >= count * 12) {
    return { bufferView: bin.view(delta, ARRAY_BUFFER), componentType: FLOAT, count, type: "VEC3", min, max };
  }
  const values = new Float32Array(moved.length * 3);
  moved.forEach((v, k) => {
    values[k * 3] = delta[v * 3] as number;
    values[k * 3 + 1] = delta[v * 3 + 1] as number;
    values[k * 3 + 2] = delta[v * 3 + 2] as number;
  });
  const indices = indexBytes === 2 ? new Uint16Array(moved) : new Uint32Array(moved);
  return {
    ...zero,
    min,
    max,
    sparse: {
      count: moved.length,
      indices: { bufferView: bin.view(indices), componentType: indexBytes === 2 ? USHORT : UINT },
      values: { bufferView: bin.view(values) },
    },
  };
}

/** A GLB of a glTF JSON and its BIN chunk (whose length is a multiple of 4). */
export function packGlb(json: Json, parts: readonly Uint8Array[], binLength: number): Uint8Array {
  let text = JSON.stringify(json);
  while (new TextEncoder().encode(text).length % 4) text += " ";
  const jsonBytes = new TextEncoder().encode(text);
  const total = 12 + 8 + jsonBytes.length + 8 + binLength;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonBytes.length, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  let o = 20 + jsonBytes.length;
  dv.setUint32(o, binLength, true);
  dv.setUint32(o + 4, 0x004e4942, true);
  o += 8;
  for (const p of parts) {
    out.set(p, o);
    o += p.byteLength;
  }
  return out;
}
