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

/** The largest face in the image, or null. The image is analysed at most 640 px on its long side. */
export async function detectFace(image: Buffer): Promise<DetectedFace | null> {
  const api = await faceApi();
  const { data, info } = await sharp(image)
    .rotate()
    .resize(640, 640, { fit: "inside", withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tensor = api.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
  try {
    const faces = await api
      .detectAllFaces(tensor, new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }))
      .withFaceLandmarks();
    const largest = faces.sort(
      (a, b) => b.detection.box.width * b.detection.box.height - a.detection.box.width * a.detection.box.height,
    )[0];
    if (!largest) return null;
    const { x, y, width, height } = largest.detection.box;
    return {
      score: largest.detection.score,
      box: { x, y, width, height },
      landmarks: largest.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
      imageWidth: info.width,
      imageHeight: info.height,
    };
  } finally {
    tensor.dispose();
  }
}
