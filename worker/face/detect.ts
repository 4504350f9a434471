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
interface Detection {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  landmarks: { positions: Point[] };
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
  detectAllFaces(input: unknown, options: unknown): { withFaceLandmarks(): Promise<Detection[]> };
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

async function largestFace(api: Api, data: Buffer, width: number, height: number): Promise<Detection | undefined> {
  const tensor = api.tf.tensor3d(new Uint8Array(data), [height, width, 3], "int32");
  try {
    const faces = await api
      .detectAllFaces(tensor, new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }))
      .withFaceLandmarks();
    return faces.sort(
      (a, b) => b.detection.box.width * b.detection.box.height - a.detection.box.width * a.detection.box.height,
    )[0];
  } finally {
    tensor.dispose();
  }
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
 * The largest face in the image, or null. The image is analysed at most 640 px on its long side;
 * a close-up is analysed smaller, inside a margin (`CLOSE_UP_MARGIN`), and its landmarks and box are
 * given in the pixels of the photo at `imageWidth` × `imageHeight`, the margin taken off.
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
  let face = await largestFace(api, data, imageWidth, imageHeight);
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
    face = await largestFace(api, framed.data, framed.info.width, framed.info.height);
  }
  if (!face) return null;
  const { x, y, width, height } = face.detection.box;
  return {
    score: face.detection.score,
    box: { x: x - shift, y: y - shift, width, height },
    landmarks: face.landmarks.positions.map((p) => ({ x: p.x - shift, y: p.y - shift })),
    imageWidth,
    imageHeight,
  };
}
