/**
 * The face-capture model choice (docs/decisions/036), measured in headless Chromium (software WebGL):
 * @vladmandic/face-api (tiny face detector + 68 landmarks) against @vladmandic/human (BlazeFace +
 * face mesh + iris, and MoveNet for the half-body mode), each on tfjs's webgl and wasm backends.
 * Per model and backend: load time, and the median time of one detection on a 640x480 frame made
 * from the fixture photo; quality as how far the inner lips part on the closed and the opened
 * mouth (a share of the face's height). The baseline, measured in the same run, is face-api on
 * wasm (what the photo fit already uses). The files come straight from node_modules through the
 * browser's request routing: no server, no network.
 */

import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { SOFTWARE_GL } from "../infra/chromium.ts";
import { ROOT } from "../scripts/lib.ts";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { FACE_PHOTO, openMouthPhoto } from "../tests/helpers/fake-camera.ts";

const ORIGIN = "http://models.bench";
const RUNS = 12;

const FILES: Record<string, string> = {
  "/face-api/": path.join(ROOT, "node_modules/@vladmandic/face-api/"),
  "/human/": path.join(ROOT, "node_modules/@vladmandic/human/"),
  "/wasm/": path.join(ROOT, "node_modules/@tensorflow/tfjs-backend-wasm/dist/"),
};

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".bin": "application/octet-stream",
  ".png": "image/png",
  ".html": "text/html",
};

export interface ModelRun {
  model: "face-api" | "human" | "human+pose";
  backend: "webgl" | "wasm";
  loadMs: number;
  detectMs: number;
  /** Inner-lip gap over face height: closed photo, opened photo. */
  closed: number | null;
  open: number | null;
}

export async function servedPage(images: Record<string, Buffer>): Promise<{ page: Page; close(): Promise<void> }> {
  const browser = await launchBrowser();
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/") return route.fulfill({ contentType: "text/html", body: "<!doctype html><body></body>" });
    const image = images[url.pathname];
    if (image) return route.fulfill({ contentType: "image/png", body: image });
    for (const [prefix, dir] of Object.entries(FILES)) {
      if (!url.pathname.startsWith(prefix)) continue;
      const file = path.join(dir, url.pathname.slice(prefix.length));
      if (!file.startsWith(dir) || !fs.existsSync(file)) break;
      return route.fulfill({
        contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
        body: fs.readFileSync(file),
      });
    }
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`${ORIGIN}/`);
  return { page, close: () => browser.close() };
}

/** Runs in the page: loads one model on one backend, times detections, measures the lips. */
const IN_PAGE = `async ({ model, backend, runs }) => {
  const load = (src) => new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = reject;
    img.src = src;
  });
  const closedImg = await load("/closed.png");
  const openImg = await load("/open.png");
  const canvas = document.createElement("canvas");
  canvas.width = 640;
  canvas.height = 480;
  const t0 = performance.now();
  let detect;
  let lips;
  if (model === "face-api") {
    const faceapi = await import("/face-api/dist/face-api.esm.js");
    if (backend === "wasm") faceapi.tf.setWasmPaths("/wasm/");
    await faceapi.tf.setBackend(backend);
    await faceapi.tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromUri("/face-api/model");
    await faceapi.nets.faceLandmark68TinyNet.loadFromUri("/face-api/model");
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.3 });
    detect = (input) => faceapi.detectSingleFace(input, options).withFaceLandmarks(true);
    lips = (r) => {
      if (!r) return null;
      const p = r.landmarks.positions;
      return Math.hypot(p[66].x - p[62].x, p[66].y - p[62].y) / Math.hypot(p[8].x - p[27].x, p[8].y - p[27].y);
    };
  } else {
    const { Human } = await import("/human/dist/human.esm.js");
    const human = new Human({
      backend, modelBasePath: "/human/models/", wasmPath: "/wasm/", debug: false, async: true,
      cacheSensitivity: 0, filter: { enabled: false }, gesture: { enabled: false },
      face: { enabled: true, detector: { rotation: false, maxDetected: 1 }, mesh: { enabled: true },
        iris: { enabled: true }, description: { enabled: false }, emotion: { enabled: false },
        antispoof: { enabled: false }, liveness: { enabled: false } },
      body: { enabled: model === "human+pose", modelPath: "movenet-lightning.json", maxDetected: 1 },
      hand: { enabled: false }, object: { enabled: false }, segmentation: { enabled: false },
    });
    await human.load();
    detect = async (input) => { const r = await human.detect(input); return r.face[0] ?? null; };
    lips = (f) => {
      if (!f || !f.mesh || f.mesh.length < 300) return null;
      const m = f.mesh;
      return Math.hypot(m[14][0] - m[13][0], m[14][1] - m[13][1]) / Math.hypot(m[152][0] - m[10][0], m[152][1] - m[10][1]);
    };
  }
  const loadMs = performance.now() - t0;
  const ctx = canvas.getContext("2d");
  const frame = (img) => { ctx.drawImage(img, 112, 40, 224, 168, 0, 0, 640, 480); return canvas; };
  // warm-up (shader compilation, first allocations), then alternate the two faces
  await detect(frame(closedImg));
  await detect(frame(openImg));
  const times = [];
  let closed = null;
  let open = null;
  for (let i = 0; i < runs; i++) {
    const img = i % 2 === 0 ? closedImg : openImg;
    const input = frame(img);
    const s = performance.now();
    const r = await detect(input);
    times.push(performance.now() - s);
    const gap = lips(r);
    if (i % 2 === 0) closed = gap; else open = gap;
  }
  times.sort((a, b) => a - b);
  return { loadMs, detectMs: times[Math.floor(times.length / 2)], closed, open };
}`;

export async function measureModels(
  combos: { model: ModelRun["model"]; backend: ModelRun["backend"] }[],
): Promise<ModelRun[]> {
  const closed = await sharp(FACE_PHOTO).png().toBuffer();
  const open = await openMouthPhoto();
  const out: ModelRun[] = [];
  for (const combo of combos) {
    // a fresh browser each: backends and models keep global state
    const { page, close } = await servedPage({ "/closed.png": closed, "/open.png": open });
    try {
      const result = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ ...combo, runs: RUNS })})`)) as Omit<
        ModelRun,
        "model" | "backend"
      >;
      out.push({ ...combo, ...result });
    } finally {
      await close();
    }
  }
  return out;
}

export async function benchFaceModels() {
  const runs = await measureModels([
    { model: "face-api", backend: "wasm" },
    { model: "face-api", backend: "webgl" },
    { model: "human", backend: "wasm" },
    { model: "human", backend: "webgl" },
    { model: "human+pose", backend: "wasm" },
    { model: "human+pose", backend: "webgl" },
  ]);
  const base = runs[0] as ModelRun;
  console.log(`\nFace-capture models in Chromium (${SOFTWARE_GL}), 640x480 frame, median of`, RUNS, "detections");
  console.log(
    `  ${"model / backend".padEnd(22)}${"load".padStart(9)}${"detect".padStart(10)}${"fps".padStart(7)}${"vs base".padStart(9)}   lips closed / open`,
  );
  for (const r of runs) {
    const lip = (v: number | null) => (v === null ? "  none" : v.toFixed(3).padStart(6));
    console.log(
      `  ${`${r.model} / ${r.backend}`.padEnd(22)}${r.loadMs.toFixed(0).padStart(7)} ms${r.detectMs.toFixed(0).padStart(7)} ms` +
        `${(1000 / r.detectMs).toFixed(1).padStart(7)}${(base.detectMs / r.detectMs).toFixed(2).padStart(8)}x   ${lip(r.closed)} / ${lip(r.open)}`,
    );
  }
  console.log("  (baseline: face-api / wasm, what the photo fit uses; 'vs base' > 1 is faster)");
  return runs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchFaceModels();
  process.exit(0);
}
