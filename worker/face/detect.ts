/**
 * Face detection and the 68 landmarks with @vladmandic/face-api on TensorFlow's wasm backend,
 * with the models that ship inside the package: nothing is downloaded. Loaded once per process.
 */

import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";

const require = createRequire(import.meta.url);

// face-api's node-wasm build and tfjs are CommonJS; their types are loose, so they are typed here.
interface Point {
  x: number;
  y: number;
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Detection {
  score: number;
  box: Box;
}
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    tensor3d(data: Uint8Array, shape: [number, number, number], dtype: "int32"): { dispose(): void };
  };
  nets: {
    tinyFaceDetector: { loadFromDisk(dir: string): Promise<void> };
    ssdMobilenetv1: { loadFromDisk(dir: string): Promise<void> };
    faceLandmark68Net: { loadFromDisk(dir: string): Promise<void> };
  };
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(input: unknown, options: unknown): Promise<Detection[]>;
  /** The landmark net on an image that is one face's box. */
  detectFaceLandmarks(input: unknown): Promise<{ positions: Point[] }>;
}

/** An image as 8-bit RGB pixels. */
interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface DetectedFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks (iBUG 300-W order), in pixels of the analysed image. */
  landmarks: Point[];
  imageWidth: number;
  imageHeight: number;
}

let loading: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  const tfWasm = require("@tensorflow/tfjs-backend-wasm") as { setWasmPaths(dir: string): void };
  // A directory path without the second argument: with `true` tfjs would fetch a file path and fail.
  tfWasm.setWasmPaths(`${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`);
  const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as FaceApi;
  await faceapi.tf.setBackend("wasm");
  await faceapi.tf.ready();
  const models = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  return faceapi;
}

export const faceApi = () => {
  loading ??= load();
  return loading;
};

/**
 * The margin, as a share of the photo's size on each side, that a second look adds when the first
 * finds no face: the tiny detector's anchors stop short of a face that fills the frame (a close-up
 * selfie, or a photo cropped to the face), so the photo is shrunk into a frame of its own mean colour
 * and looked at again (decision 010). 0.25 found one of the three close-ups tried, 0.5 two.
 */
const CLOSE_UP_MARGIN = 0.5;

type Api = Awaited<ReturnType<typeof faceApi>>;

async function largestFace(api: Api, { data, width, height }: RawImage): Promise<Detection | undefined> {
  const tensor = api.tf.tensor3d(new Uint8Array(data), [height, width, 3], "int32");
  try {
    const faces = await api.detectAllFaces(
      tensor,
      new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }),
    );
    return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
  } finally {
    tensor.dispose();
  }
}

/**
 * Each iBUG landmark's counterpart in the mirror image: the jaw, brows, nostrils, eyes and lips
 * swap sides; the nose's ridge, the lips' middle and the chin keep their index.
 */
// biome-ignore format: the 68 indices read best in the iBUG groups
const MIRRORED = [
  16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
  26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
  27, 28, 29, 30, 35, 34, 33, 32, 31,
  45, 44, 43, 42, 47, 46, 39, 38, 37, 36, 41, 40,
  54, 53, 52, 51, 50, 49, 48, 59, 58, 57, 56, 55,
  64, 63, 62, 61, 60, 67, 66, 65,
] as const;

/**
 * The landmark net's reading of the face in `box`, cut from the image and, with `mirror`, flipped
 * left to right: the landmarks in the image's pixels, each at its own index (a mirrored reading's
 * left eye is the face's left eye).
 */
async function readLandmarks(api: Api, image: RawImage, box: Box, mirror: boolean) {
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const width = Math.min(image.width - left, Math.round(box.width));
  const height = Math.min(image.height - top, Math.round(box.height));
  let crop = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extract({
    left,
    top,
    width,
    height,
  });
  if (mirror) crop = crop.flop();
  const tensor = api.tf.tensor3d(new Uint8Array(await crop.raw().toBuffer()), [height, width, 3], "int32");
  try {
    const { positions } = await api.detectFaceLandmarks(tensor);
    if (!mirror) return positions.map((p) => ({ x: left + p.x, y: top + p.y }));
    return MIRRORED.map((i) => {
      const p = positions[i] as Point;
      return { x: left + width - p.x, y: top + p.y };
    });
  } finally {
    tensor.dispose();
  }
}

/**
 * The face's landmarks read twice, from its box as it is and mirrored, and averaged (decision 010,
 * "Read twice"): the landmark net's errors on a face are not mirror-symmetric, so the mean of the
 * two readings lies nearer the face. The fit's error is lower on all four sets of photos measured,
 * and it predicts the landmarks it is not given better.
 */
async function readBothWays(api: Api, image: RawImage, box: Box): Promise<Point[]> {
  const [first, second] = await Promise.all([
    readLandmarks(api, image, box, false),
    readLandmarks(api, image, box, true),
  ]);
  return first.map((p, i) => {
    const q = second[i] as Point;
    return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  });
}

/**
 * A photo as the clone job stores and reads it: turned upright by its EXIF orientation, metadata
 * dropped, at most 1024 px on its long side, JPEG at quality 90.
 */
export function normalisePhoto(raw: Buffer): Promise<Buffer> {
  return sharp(raw, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(1024, 1024, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The photo at the size the detector saw it, so a face's landmarks are its pixels (the look is read
 * on it, worker/face/look.ts). Encoded again as sharp's default does: the colours read are those of
 * this copy, and tests and scripts read the same copy the job does.
 */
export function analysedPhoto(photo: Buffer, face: Pick<DetectedFace, "imageWidth" | "imageHeight">): Promise<Buffer> {
  return sharp(photo).resize(face.imageWidth, face.imageHeight).toBuffer();
}

/**
 * The largest face in the image, or null. The image is analysed at most 640 px on its long side,
 * and the face's landmarks read in it and in its mirror image (`readBothWays`). A close-up is
 * analysed smaller, inside a margin (`CLOSE_UP_MARGIN`), and its landmarks and box are given in
 * the pixels of the photo at `imageWidth` × `imageHeight`, the margin taken off.
 */
export async function detectFace(image: Buffer): Promise<DetectedFace | null> {
  const api = await faceApi();
  const { data, info } = await sharp(image)
    .rotate()
    .resize(640, 640, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let imageWidth = info.width;
  let imageHeight = info.height;
  let shift = 0;
  let seen: RawImage = { data, width: info.width, height: info.height };
  let face = await largestFace(api, seen);
  if (!face) {
    const mean = [0, 0, 0];
    for (let i = 0; i < data.length; i++) (mean[i % 3] as number) += data[i] as number;
    const [r, g, b] = mean.map((sum) => Math.round(sum / (data.length / 3)));
    imageWidth = Math.max(1, Math.round(info.width / (1 + 2 * CLOSE_UP_MARGIN)));
    imageHeight = Math.max(1, Math.round(info.height / (1 + 2 * CLOSE_UP_MARGIN)));
    shift = Math.round(Math.max(imageWidth, imageHeight) * CLOSE_UP_MARGIN);
    const framed = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .resize(imageWidth, imageHeight)
      .extend({ top: shift, bottom: shift, left: shift, right: shift, background: { r, g, b } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    seen = { data: framed.data, width: framed.info.width, height: framed.info.height };
    face = await largestFace(api, seen);
  }
  if (!face) return null;
  const landmarks = await readBothWays(api, seen, face.box);
  const { x, y, width, height } = face.box;
  return {
    score: face.score,
    box: { x: x - shift, y: y - shift, width, height },
    landmarks: landmarks.map((p) => ({ x: p.x - shift, y: p.y - shift })),
    imageWidth,
    imageHeight,
  };
}
