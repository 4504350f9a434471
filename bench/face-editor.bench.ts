/**
 * The face editor in headless Chromium (software WebGL): how long a slider input takes to reach the
 * screen, and the frame rate while a slider is dragged. Baseline, measured in the same run on the
 * same page: its idle frame interval and idle frame rate. The server is started the way the E2E
 * setup does it (scripts/start.ts, a temporary data folder, its own port and queue prefix).
 *
 * A second baseline, also in the same run: a plain three.js page (no React, no morphs) drawing a
 * sphere of the bust's triangle count with the same lights and canvas size: what this renderer
 * can do at all, so the editor's frame rate can be read against it.
 *
 * Latency is measured from a real key press's event time (when the browser received it, so waiting
 * behind a busy main thread counts). "Applied": to the render-loop callback that writes the morph
 * influences; "drawn": to the end of that frame's rendering (a frame callback registered after the
 * render loop's, so it runs once the frame's draw calls are issued).
 */

import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { SOFTWARE_GL } from "../infra/chromium.ts";
import { ROOT } from "../scripts/lib.ts";
import { startProduct } from "../scripts/serve.ts";
import { apiLogin, launchBrowser } from "../tests/e2e/browser.ts";

const INPUTS = 50;
const DRAG_MS = 3000;

// In-page measurements, as source text: the bench runs under tsx, whose helpers do not exist in the page.
const IDLE = `new Promise((resolve) => {
  const stamps = [];
  const start = window.__avalive.frameCount();
  const t0 = performance.now();
  const tick = (t) => { stamps.push(t); if (t - t0 < 2000) requestAnimationFrame(tick); else resolve({
    intervals: stamps.slice(1).map((s, i) => s - stamps[i]),
    fps: (window.__avalive.frameCount() - start) / ((performance.now() - t0) / 1000),
  }); };
  requestAnimationFrame(tick);
})`;

/**
 * Pairs each real key press (its event timeStamp: when the browser received it, so time spent
 * waiting behind a busy main thread counts) with the frame that applied the slider change.
 */
const RECORD = `(() => {
  const keys = [];
  const pairs = [];
  let seen = 0;
  window.addEventListener("keydown", (e) => keys.push(e.timeStamp), true);
  // Each applied frame answers the keys pressed before it, from the oldest. A frame is marked seen
  // even when no key waits for it: paired later, with a newer key, it gave negative latencies.
  const poll = () => {
    const last = window.__avalive.lastSliderApplied();
    if (last && last.frame !== seen) {
      seen = last.frame;
      const answered = keys.filter((k) => k <= last.frameAt);
      if (answered.length) {
        pairs.push({ applied: last.frameAt - answered[0], shown: performance.now() - answered[0] });
      }
      keys.splice(0, keys.length, ...keys.filter((k) => k > last.frameAt));
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  window.__latency = pairs;
})()`;

const FRAMES = "window.__avalive.frameCount()";

/**
 * The plain three.js page, served from node_modules through request interception; with 4x MSAA
 * or without (the 3D views multisample only when a GPU draws, decision 045).
 */
const plainPage = (
  antialias: boolean,
) => `<body style="margin:0"><script type="importmap">{"imports":{"three":"/three.module.js"}}</script>
<script type="module">
import * as THREE from "three";
const renderer = new THREE.WebGLRenderer({ alpha: true, antialias: ${antialias} });
renderer.setSize(910, 756);
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(30, 910 / 756, 0.05, 20);
camera.position.z = 1.2;
scene.add(new THREE.HemisphereLight(0xf4f1ff, 0x3a3050, 0.9));
for (const [x, y, z] of [[0.6, 0.7, 1.1], [-0.9, 0.2, 0.7], [0.2, 0.9, -1.2]]) {
  const light = new THREE.DirectionalLight(0xffffff, 1.5);
  light.position.set(x, y, z);
  scene.add(light);
}
const geometry = new THREE.SphereGeometry(0.25, 197, 197);
scene.add(new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color: 0xd0a080, roughness: 0.55 })));
window.plain = { frames: 0, triangles: geometry.index.count / 3 };
renderer.setAnimationLoop(() => { window.plain.frames++; renderer.render(scene, camera); });
</script></body>`;

export async function plainSceneFps(browser: Awaited<ReturnType<typeof launchBrowser>>, { antialias = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.route("http://plain.bench/**", (route) => {
    const file = new URL(route.request().url()).pathname;
    if (file === "/") return route.fulfill({ contentType: "text/html", body: plainPage(antialias) });
    const js = path.join(ROOT, "node_modules", "three", "build", path.basename(file));
    return fs.existsSync(js)
      ? route.fulfill({ contentType: "text/javascript", body: fs.readFileSync(js) })
      : route.fulfill({ status: 404, body: "" });
  });
  await page.goto("http://plain.bench/");
  await page.waitForFunction("(window.plain?.frames ?? 0) > 10");
  const result = (await page.evaluate(
    `new Promise((r) => { const a = window.plain.frames; setTimeout(() => r({ fps: (window.plain.frames - a) / 3, triangles: window.plain.triangles }), 3000); })`,
  )) as { fps: number; triangles: number };
  await page.close();
  return result;
}

export const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
}

/** A real mouse drag across the head-width slider, back and forth, for DRAG_MS: the frames drawn a second. */
async function dragHeadWidth(page: Page): Promise<{ fps: number; inputs: number }> {
  await page.locator('[data-group="head"]').click();
  const box = await page.locator('input[data-slider="head.width"]').boundingBox();
  if (!box) throw new Error("no head-width slider");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  const startFrames = (await page.evaluate(FRAMES)) as number;
  const t0 = Date.now();
  let moves = 0;
  while (Date.now() - t0 < DRAG_MS) {
    await page.mouse.move(box.x + box.width * (0.5 + 0.45 * Math.sin(moves++ / 8)), y);
  }
  const fps = (((await page.evaluate(FRAMES)) as number) - startFrames) / ((Date.now() - t0) / 1000);
  await page.mouse.up();
  return { fps, inputs: moves };
}

export async function benchFaceEditor() {
  const server = await startProduct("bench-face");
  const browser = await launchBrowser();
  try {
    const plain = await plainSceneFps(browser);
    const multisampled = await plainSceneFps(browser, { antialias: true });
    const token = await apiLogin(server.baseUrl, "gold@demo.avalive.dev");
    const created = await fetch(`${server.baseUrl}/web-api/v1/douyin/customRole/create`, {
      method: "POST",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify({ id: "sys-f-01" }),
    }).then((r) => r.json() as Promise<{ data: string }>);

    // The measuring scripts are evaluated as text, which the app's CSP forbids: the bench bypasses it.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await context.addInitScript((t) => localStorage.setItem("avalive.token", t), token);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/face?roleId=${created.data}&twoMenu=nose`);
    // The view draws on demand (decision 031): a frame when the face loads, then none at rest.
    await page.waitForFunction("(window.__avalive?.frameCount() ?? 0) > 0", null, { timeout: 60_000 });
    await page.locator('input[data-slider="nose.scale"]').waitFor();
    await page.waitForTimeout(500);

    const idle = (await page.evaluate(IDLE)) as { intervals: number[]; fps: number };

    // Slider input: real key presses on the focused slider, at random moments.
    await page.evaluate(RECORD);
    const nose = page.locator('input[data-slider="nose.scale"]');
    await nose.focus();
    for (let i = 0; i < INPUTS; i++) {
      await page.keyboard.press(i % 2 ? "ArrowLeft" : "ArrowRight");
      await page.waitForTimeout(40 + Math.random() * 120);
    }
    await page.waitForTimeout(1000);
    const pairs = (await page.evaluate("window.__latency")) as { applied: number; shown: number }[];
    const latency = { applied: pairs.map((p) => p.applied), shown: pairs.map((p) => p.shown) };

    const drag = await dragHeadWidth(page);
    await context.close();

    // The same drag on the same face wearing glasses and a full beard (decision 046: two more parts,
    // the beard 8.5k vertices with every morph the skin under it has).
    const dressedRole = await fetch(`${server.baseUrl}/web-api/v1/douyin/customRole/create`, {
      method: "POST",
      headers: { authorization: token, "content-type": "application/json" },
      body: JSON.stringify({ id: "sys-f-01", appearance: { glasses: "square", beard: "full" } }),
    }).then((r) => r.json() as Promise<{ data: string }>);
    const dressedContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    await dressedContext.addInitScript((t) => localStorage.setItem("avalive.token", t), token);
    const dressedPage = await dressedContext.newPage();
    await dressedPage.goto(`${server.baseUrl}/face?roleId=${dressedRole.data}&twoMenu=nose`);
    await dressedPage.waitForSelector('[data-testid="face-editor"][data-beard="full"]', { timeout: 60_000 });
    await dressedPage.waitForFunction("(window.__avalive?.frameCount() ?? 0) > 0", null, { timeout: 60_000 });
    await dressedPage.waitForTimeout(500);
    const dressedDrag = await dragHeadWidth(dressedPage);
    await dressedContext.close();

    const frame = median(idle.intervals);
    const row = (label: string, ms: number) =>
      `  ${label.padEnd(44)}${ms.toFixed(1).padStart(7)} ms   ${(ms / frame).toFixed(2)}x`;
    console.log(
      `\nFace editor (headless Chromium, ${SOFTWARE_GL}; ${pairs.length} key presses on a slider, ${DRAG_MS / 1000}s mouse drag)`,
    );
    console.log(row("baseline  animation-frame interval (median)", frame));
    console.log(row("input -> applied in frame, median", median(latency.applied)));
    console.log(row("input -> applied in frame, p95", quantile(latency.applied, 0.95)));
    console.log(row("input -> frame drawn, median", median(latency.shown)));
    console.log(row("input -> frame drawn, p95", quantile(latency.shown, 0.95)));
    console.log(
      `  ${"at rest   frames drawn per second".padEnd(44)}${idle.fps.toFixed(1).padStart(7)} fps  (on demand: 0)`,
    );
    console.log(
      `  ${`baseline  plain three.js, ${Math.round(plain.triangles / 1000)}k triangles`.padEnd(44)}${plain.fps.toFixed(1).padStart(7)} fps  1.00x`,
    );
    console.log(
      `  ${"          the same, 4x MSAA (decision 045)".padEnd(44)}${multisampled.fps.toFixed(1).padStart(7)} fps  ${(multisampled.fps / plain.fps).toFixed(2)}x`,
    );
    console.log(
      `  ${`dragging  frames per second (${drag.inputs} moves)`.padEnd(44)}${drag.fps.toFixed(1).padStart(7)} fps  ${(drag.fps / plain.fps).toFixed(2)}x`,
    );
    console.log(
      `  ${"          the same in glasses and a full beard".padEnd(44)}${dressedDrag.fps.toFixed(1).padStart(7)} fps  ${(dressedDrag.fps / plain.fps).toFixed(2)}x`,
    );
    return {
      frameMs: frame,
      appliedMedian: median(latency.applied),
      appliedP95: quantile(latency.applied, 0.95),
      shownMedian: median(latency.shown),
      shownP95: quantile(latency.shown, 0.95),
      idleFps: idle.fps,
      plainFps: plain.fps,
      msaaFps: multisampled.fps,
      dragFps: drag.fps,
      dressedDragFps: dressedDrag.fps,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
