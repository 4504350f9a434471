/**
 * Live face capture in headless Chromium (software WebGL) with a fake camera (the fixture photo's
 * y4m, mouth closed and open): in the studio, with the used plan's avatar drawn, how many camera
 * frames a second the tracker gets through, how many results a second reach a drawn frame, and
 * the face-to-frame latency (the camera frame's capture time to the avatar frame that shows it).
 *
 * Baselines measured in the same run: the bare model (the same @vladmandic/human face mesh and
 * irises on wasm, one still frame at a time, no camera, no avatar: what the tracker could do at
 * best here), and the studio's avatar drawing without the tracker.
 */

import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { SOFTWARE_GL } from "../infra/chromium.ts";
import { startProduct } from "../scripts/serve.ts";
import { apiLogin, launchBrowser } from "../tests/e2e/browser.ts";
import { launchWithCamera, writeFakeCamera } from "../tests/helpers/fake-camera.ts";
import { median } from "./face-editor.bench.ts";
import { measureModels } from "./face-models.bench.ts";

const WINDOW_MS = 10_000;

async function call(baseUrl: string, token: string, p: string, body: object) {
  const res = await fetch(`${baseUrl}/web-api/v1/base/${p}`, {
    method: "POST",
    headers: { authorization: token, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: unknown };
  if (json.code !== 200) throw new Error(`${p}: ${json.message}`);
  return json.data;
}

async function openStudio(browser: Browser, baseUrl: string, token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: "no-preference" });
  await context.addInitScript((t) => localStorage.setItem("avalive.token", t), token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/live/studio`);
  await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 90_000 });
  return page;
}

/** Over WINDOW_MS: frames drawn, camera frames tracked, results drawn, latencies and model times. */
async function window_(page: Page) {
  return (await page.evaluate(`new Promise((resolve) => {
    const a = window.__avalive;
    const c0 = { ...a.capture };
    const f0 = a.frameCount();
    const t0 = performance.now();
    setTimeout(() => {
      const s = (performance.now() - t0) / 1000;
      const c = a.capture;
      resolve({
        fps: (a.frameCount() - f0) / s,
        tracked: (c.tracked - c0.tracked) / s,
        applied: (c.applied - c0.applied) / s,
        latencies: c.latencies.slice(-Math.max(1, c.applied - c0.applied)),
        inferMs: c.inferMs.slice(-Math.max(1, c.tracked - c0.tracked)),
      });
    }, ${WINDOW_MS});
  })`)) as { fps: number; tracked: number; applied: number; latencies: number[]; inferMs: number[] };
}

export async function benchLiveTracking() {
  const server = await startProduct("bench-live");
  const camera = await writeFakeCamera(path.join(os.tmpdir(), `avalive-bench-face-${process.pid}.y4m`));
  const plain = await launchBrowser();
  const cam = await launchWithCamera(camera.file);
  try {
    const { baseUrl } = server;
    const token = await apiLogin(baseUrl, "silver@demo.avalive.dev");
    const planId = (await call(baseUrl, token, "planInfo/addPlanInfo", {
      roleId: "sys-f-01",
      roleType: "1",
    })) as string;
    await call(baseUrl, token, "planInfo/usePlan", { planId });

    // baseline 1: the bare model, one frame after another
    const [bare] = await measureModels([{ model: "human", backend: "wasm" }]);
    if (!bare) throw new Error("no model measurement");
    // baseline 2: the studio's avatar alone (alive, no camera)
    const still = await openStudio(plain, baseUrl, token);
    await still.waitForTimeout(1000);
    const drawOnly = await window_(still);
    await still.context().close();

    // the studio with face capture on the fake camera
    const page = await openStudio(cam, baseUrl, token);
    await page.getByTestId("live-mode-face").check();
    const t0 = Date.now();
    await page.getByTestId("capture-start").click();
    await page.locator('[data-testid="capture-status"][data-state="tracking"]').waitFor({ timeout: 120_000 });
    const startMs = Date.now() - t0;
    await page.waitForTimeout(2000);
    const live = await window_(page);
    await page.context().close();

    const bareFps = 1000 / bare.detectMs;
    const line = (label: string, value: string, ratio?: number) =>
      `  ${label.padEnd(62)}${value.padStart(12)}${ratio === undefined ? "" : `   ${ratio.toFixed(2)}x`}`;
    console.log(`\nLive face capture (headless Chromium, ${SOFTWARE_GL}, fake camera 640x480 at 10 fps)`);
    console.log(line("baseline  bare model (face mesh + irises, wasm), per frame", `${bare.detectMs.toFixed(0)} ms`));
    console.log(line("baseline  bare model, frames per second", `${bareFps.toFixed(1)} fps`, 1));
    console.log(
      line("studio: camera frames tracked per second", `${live.tracked.toFixed(1)} fps`, live.tracked / bareFps),
    );
    console.log(
      line(
        "studio: tracking results drawn on the avatar per second",
        `${live.applied.toFixed(1)} fps`,
        live.applied / bareFps,
      ),
    );
    console.log(
      line(
        "studio: model time per frame, median (beside the drawing)",
        `${median(live.inferMs).toFixed(0)} ms`,
        median(live.inferMs) / bare.detectMs,
      ),
    );
    console.log(line("studio: face-to-frame latency, median", `${median(live.latencies).toFixed(0)} ms`));
    console.log(line("baseline  studio avatar frames per second, no capture", `${drawOnly.fps.toFixed(1)} fps`, 1));
    console.log(
      line("studio avatar frames per second, with capture", `${live.fps.toFixed(1)} fps`, live.fps / drawOnly.fps),
    );
    console.log(line("start camera -> tracking (models load, warm-up)", `${startMs} ms`));
    return { bare, drawOnly, live, startMs };
  } finally {
    await plain.close();
    await cam.close();
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchLiveTracking();
  process.exit(0);
}
