/**
 * The likeness judge (issue 46, decision 049): face-api's recognition net, loaded as detect.ts
 * loads the detector (the models inside the package, the wasm backend), gives a face a 128-number
 * descriptor; two faces under 0.6 apart are one person by the net's usual threshold.
 */

import path from "node:path";
import sharp from "sharp";
import { faceApi } from "./detect.ts";

/** The net's usual threshold: under it, two faces are one person. */
export const SAME_PERSON = 0.6;

interface Found {
  detection: { box: { width: number; height: number } };
  descriptor: Float32Array;
}
interface Chain<T> {
  withFaceLandmarks(): Chain<T>;
  withFaceDescriptors(): Promise<T[]>;
}
interface RecognitionApi {
  tf: { tensor3d(data: Uint8Array, shape: [number, number, number], dtype: "int32"): { dispose(): void } };
  nets: { faceRecognitionNet: { isLoaded: boolean; loadFromDisk(dir: string): Promise<void> } };
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(input: unknown, options: unknown): Chain<Found>;
}

let loading: Promise<RecognitionApi> | null = null;

async function load(): Promise<RecognitionApi> {
  const api = (await faceApi()) as unknown as RecognitionApi;
  if (!api.nets.faceRecognitionNet.isLoaded) {
    const { createRequire } = await import("node:module");
    const require = createRequire(import.meta.url);
    const models = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
    await api.nets.faceRecognitionNet.loadFromDisk(models);
  }
  return api;
}

const recognition = () => {
  loading ??= load();
  return loading;
};

async function largest(api: RecognitionApi, data: Buffer, width: number, height: number) {
  const tensor = api.tf.tensor3d(new Uint8Array(data), [height, width, 3], "int32");
  try {
    const faces = await api
      .detectAllFaces(tensor, new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.4 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return faces.sort(
      (a, b) => b.detection.box.width * b.detection.box.height - a.detection.box.width * a.detection.box.height,
    )[0];
  } finally {
    tensor.dispose();
  }
}

/**
 * The descriptor of the largest face in an image (any format sharp reads, or raw RGB with `raw`),
 * or null where the detector finds none. A face that fills the frame (a render framed on the face,
 * a close-up) is looked at again inside a margin of the image's edge colour, as detect.ts does.
 */
export async function faceDescriptor(
  image: Buffer,
  raw?: { width: number; height: number },
): Promise<Float32Array | null> {
  const api = await recognition();
  const { data, info } = await sharp(image, raw ? { raw: { ...raw, channels: 3 } } : undefined)
    .resize(640, 640, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let face = await largest(api, data, info.width, info.height);
  // a close-up: shrunk into a frame of its mean colour and looked at again (detect.ts, CLOSE_UP_MARGIN)
  for (const margin of [0.25, 0.5]) {
    if (face) break;
    const mean = [0, 0, 0];
    for (let i = 0; i < data.length; i++) (mean[i % 3] as number) += data[i] as number;
    const [r, g, b] = mean.map((sum) => Math.round(sum / (data.length / 3))) as [number, number, number];
    const width = Math.max(1, Math.round(info.width / (1 + 2 * margin)));
    const height = Math.max(1, Math.round(info.height / (1 + 2 * margin)));
    const shift = Math.round(Math.max(width, height) * margin);
    const framed = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .resize(width, height)
      .extend({ top: shift, bottom: shift, left: shift, right: shift, background: { r, g, b } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    face = await largest(api, framed.data, framed.info.width, framed.info.height);
  }
  return face ? Float32Array.from(face.descriptor) : null;
}

/** Euclidean distance between two descriptors. */
export function descriptorDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(sum);
}

export interface LikenessRow {
  photo: string;
  /** The clone's distance to its photo, or null where no face was found in the render. */
  distance: number | null;
  /** Nearer its own photo than every other clone and system avatar in the same view. */
  rank1: boolean;
}

/**
 * For each photo, its clone's distance and whether the clone is the nearest of all `candidates`
 * (every clone and every system avatar drawn in the same view) to the photo.
 */
export function judge(
  photos: { name: string; descriptor: Float32Array }[],
  clones: (Float32Array | null)[],
  others: (Float32Array | null)[],
): LikenessRow[] {
  return photos.map((photo, i) => {
    const own = clones[i];
    const distance = own ? descriptorDistance(photo.descriptor, own) : null;
    const rivals = [...clones.filter((_, j) => j !== i), ...others].filter((d): d is Float32Array => d !== null);
    const rank1 = distance !== null && rivals.every((d) => descriptorDistance(photo.descriptor, d) > distance);
    return { photo: photo.name, distance, rank1 };
  });
}

export interface LikenessSummary {
  count: number;
  found: number;
  under: number;
  rank1: number;
  mean: number;
}

export function summarise(rows: LikenessRow[]): LikenessSummary {
  const found = rows.filter((r) => r.distance !== null);
  return {
    count: rows.length,
    found: found.length,
    under: found.filter((r) => (r.distance as number) < SAME_PERSON).length,
    rank1: rows.filter((r) => r.rank1).length,
    mean: found.reduce((s, r) => s + (r.distance as number), 0) / Math.max(1, found.length),
  };
}

/** Pairwise distances among descriptors (null where the detector found no face). */
export function pairwise(descriptors: (Float32Array | null)[]): {
  found: number;
  pairs: number;
  apart: number;
  mean: number;
  min: number;
} {
  const found = descriptors.filter((d): d is Float32Array => d !== null);
  const ds: number[] = [];
  for (let i = 0; i < found.length; i++)
    for (let j = i + 1; j < found.length; j++)
      ds.push(descriptorDistance(found[i] as Float32Array, found[j] as Float32Array));
  return {
    found: found.length,
    pairs: ds.length,
    apart: ds.filter((d) => d >= SAME_PERSON).length,
    mean: ds.reduce((s, d) => s + d, 0) / Math.max(1, ds.length),
    min: ds.length ? Math.min(...ds) : 0,
  };
}
