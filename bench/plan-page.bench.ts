/**
 * The /plan page in headless Chromium (software WebGL): time from navigation to the first frame that
 * draws the avatar, and frames per second while the preview runs.
 *
 * Baseline, measured in the same run on the same page: a bare plan (the avatar alone, no scene,
 * pets or effects). Compared with it: the full plan the issue names, the avatar in a scene with two
 * pets and a particle effect (and an outfit on). A plain three.js page (the face editor bench's)
 * says what this renderer can do at all. Each load is a fresh browser context (no warm caches but
 * the HTTP cache the server allows), three loads each, medians reported.
 */

import { SOFTWARE_GL } from "../infra/chromium.ts";
import { startProduct } from "../scripts/serve.ts";
import { apiLogin, launchBrowser } from "../tests/e2e/browser.ts";
import { median, plainSceneFps } from "./face-editor.bench.ts";

const LOADS = 3;
const FPS_MS = 4000;

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

async function call(baseUrl: string, token: string, path: string, body?: object) {
  const res = await fetch(`${baseUrl}/web-api/v1/base/${path}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: token, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; message: string; data: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

async function measure(browser: Browser, baseUrl: string, token: string, planId: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  await context.addInitScript((t) => localStorage.setItem("avalive.token", t), token);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/plan?planId=${planId}`);
  await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
  const firstFrame = (await page.evaluate("window.__avalive.firstFrameAt")) as number;
  await page.waitForTimeout(1000);
  const fps = (await page.evaluate(`new Promise((resolve) => {
    const start = window.__avalive.frameCount();
    const t0 = performance.now();
    setTimeout(() => resolve((window.__avalive.frameCount() - start) / ((performance.now() - t0) / 1000)), ${FPS_MS});
  })`)) as number;
  await context.close();
  return { firstFrame, fps };
}

async function series(browser: Browser, baseUrl: string, token: string, planId: string) {
  const runs = [];
  for (let i = 0; i < LOADS; i++) runs.push(await measure(browser, baseUrl, token, planId));
  return { firstFrame: median(runs.map((r) => r.firstFrame)), fps: median(runs.map((r) => r.fps)) };
}

export async function benchPlanPage() {
  const server = await startProduct("bench-plan");
  const browser = await launchBrowser();
  try {
    const { baseUrl } = server;
    const token = await apiLogin(baseUrl, "diamond@demo.avalive.dev");
    const bare = (await call(baseUrl, token, "planInfo/addPlanInfo", { roleId: "sys-f-01", roleType: "1" })) as string;
    const full = (await call(baseUrl, token, "planInfo/addPlanInfo", { roleId: "sys-f-01", roleType: "1" })) as string;
    await call(baseUrl, token, "planDigitalmanAttribute/addPlanDigitalmanAttribute", {
      planId: full,
      attributeId: "outfit.hoodie-lilac",
    });
    await call(baseUrl, token, "planSceneAttribute/addSceneAssembling", {
      planId: full,
      sceneId: "scene.garden",
      effectIds: ["effect.petals"],
    });
    await call(baseUrl, token, "planPetsAttribute/addPetsAssembling", { planId: full, petIds: ["pet.cat", "pet.bot"] });

    const plain = await plainSceneFps(browser);
    const base = await series(browser, baseUrl, token, bare);
    const loaded = await series(browser, baseUrl, token, full);

    const ms = (label: string, value: number) =>
      `  ${label.padEnd(58)}${value.toFixed(0).padStart(7)} ms   ${(value / base.firstFrame).toFixed(2)}x`;
    const fps = (label: string, value: number) =>
      `  ${label.padEnd(58)}${value.toFixed(1).padStart(7)} fps  ${(value / base.fps).toFixed(2)}x`;
    console.log(`\nPlan page (headless Chromium, ${SOFTWARE_GL}; median of ${LOADS} fresh loads each)`);
    console.log(ms("baseline  bare plan: navigation -> first avatar frame", base.firstFrame));
    console.log(ms("full plan (scene, 2 pets, effect): -> first frame", loaded.firstFrame));
    console.log(fps("baseline  bare plan frames per second", base.fps));
    console.log(fps("full plan (scene, 2 pets, effect) frames per second", loaded.fps));
    console.log(fps(`plain three.js page, ${Math.round(plain.triangles / 1000)}k triangles`, plain.fps));
    return { base, loaded, plainFps: plain.fps };
  } finally {
    await browser.close();
    await server.stop();
  }
}
