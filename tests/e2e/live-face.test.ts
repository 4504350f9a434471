/**
 * Face capture in the live studio (docs/decisions/036), in Chromium with a fake camera: a y4m made
 * from the fixture photo, alternating a closed and an opened mouth every two seconds. The avatar's
 * mouth-open morph (jawOpen, as the preview last drew it: window.__avalive.morphs) follows the
 * video, in the studio and on the OBS browser source opened with the stream key (the face frames
 * relayed by the server, decision 036 "Face relay"); a refused and a missing camera say so in words; the session is recorded with its mode.
 * Its own browser: the fake camera is a launch flag.
 */
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type FakeCamera, launchWithCamera, mouthStates, writeFakeCamera } from "../helpers/fake-camera.ts";
import { apiData, liveBriefly, memberWithPlan, openWithToken } from "./account-helpers.ts";
import { apiLogin, newPage, SCREENSHOTS, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
let camera: FakeCamera;
beforeAll(async () => {
  camera = await writeFakeCamera(path.join(os.tmpdir(), `avalive-face-${process.pid}.y4m`), { fps: 10, hold: 20 });
  browser = await launchWithCamera(camera.file);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function studioInMode(page: Page, token: string, mode: "face" | "halfBody") {
  await openWithToken(page, baseUrl, token, "/live/studio");
  await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByTestId(`live-mode-${mode}`).check();
}

describe("live face capture", () => {
  it("drives the avatar's mouth from the camera, in the studio and in the OBS source; records the session's mode", async () => {
    const { token } = await memberWithPlan(baseUrl, "Face night", { use: true });
    const page = await newPage(browser, { language: "EN" });
    // the OBS browser source, opened with the stream key in a page of its own (decision 036, "Face relay")
    const { key } = await apiData<{ key: string }>(baseUrl, "/web-api/v1/live/streamKey/rotate", { token, body: {} });
    const obsStarted = Date.now();
    const obs = await newPage(browser, { language: "EN" });
    await obs.setViewportSize({ width: 1280, height: 720 });
    const obsReady = obs
      .goto(`${baseUrl}/live/obs?key=${encodeURIComponent(key)}&size=720`)
      .then(() => obs.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 }));
    await studioInMode(page, token, "face");
    await obsReady;
    const obsSetupMs = Date.now() - obsStarted;
    expect(await page.getByTestId("capture-status").getAttribute("data-state")).toBe("off");
    await page.getByTestId("capture-start").click();
    await page.locator('[data-testid="capture-status"][data-state="tracking"]').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId("capture-status").innerText()).toBe("Tracking your face");
    // the self-view plays the camera
    expect(await page.getByTestId("capture-video").evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);

    // the avatar's jawOpen as drawn with each tracking result, over three loops of the video
    // (2 s closed, 2 s open); on this loaded 2-core machine the page gets through about one a second
    const loop = ((camera.hold * 2) / camera.fps) * 1000;
    const since = await page.evaluate(() => performance.now());
    const obsSince = await obs.evaluate(() => performance.now());
    await page.waitForTimeout(loop * 3);
    const drawnSince = (t0: number) =>
      (window.__avalive?.capture.drawn ?? []).filter((d) => d.at > t0).map((d) => d.jawOpen);
    const samples = await page.evaluate(drawnSince, since);
    const obsSamples = await obs.evaluate(drawnSince, obsSince);
    const obsFrames = Number(await obs.getByTestId("obs-source").getAttribute("data-face-frames"));
    const obsErrors = [...obs.errors];
    await obs.screenshot({ path: path.join(SCREENSHOTS, "live-face-obs.png") });
    // closed at once: a second software-drawn scene slows every later step of this loaded machine
    await obs.context().close();
    // two frames of the studio following the camera (each screenshot of the software-drawn page
    // takes seconds: a longer sequence cost about 15 s for nothing a test reads)
    for (let i = 0; i < 2; i++) {
      await page.screenshot({ path: path.join(SCREENSHOTS, `live-face-seq-${i}.png`) });
      if (i === 0) await page.waitForTimeout(loop / 2);
    }
    // both mouths show, each for a good share of the time, and the avatar switches between them:
    // in the studio, and on the OBS source, which receives the frames through the server
    const follows = (values: number[], where: string) => {
      const { open: high, closed: low, switches } = mouthStates(values);
      console.log(`${where} jawOpen samples: ${values.map((v) => v.toFixed(2)).join(" ")}`);
      expect(values.length, where).toBeGreaterThanOrEqual(6);
      expect(high, where).toBeGreaterThan(values.length / 6);
      expect(low, where).toBeGreaterThan(values.length / 6);
      expect(switches, where).toBeGreaterThanOrEqual(2);
    };
    follows(samples, "studio");
    follows(obsSamples, "OBS source");
    expect(obsFrames).toBeGreaterThan(5);
    expect(obsErrors).toEqual([]);
    console.log(`OBS source opened and drawn in ${obsSetupMs} ms`);
    await screenshot(page, "live-face-tracking");
    const stats = await page.evaluate(() => window.__avalive?.capture);
    expect(stats?.faces).toBeGreaterThan(5);
    // the wasm build loaded (our CSP and our server allow it): webgl in software would crawl
    expect(stats?.backend).toBe("wasm");

    // going live in face mode records the mode
    expect(await liveBriefly(page, baseUrl, token)).toBe("face");

    // stopping the camera gives the avatar its own life back
    await page.getByTestId("capture-stop").click();
    await page.locator('[data-testid="capture-status"][data-state="off"]').waitFor();
    expect(await page.getByTestId("capture-video").evaluate((v: HTMLVideoElement) => v.srcObject)).toBeNull();
    expect(page.errors).toEqual([]);
  }, 300_000);

  it("half-body (gold): the avatar's body tilts with the shoulders", async () => {
    // head and shoulders in the picture this time
    const bust = await writeFakeCamera(path.join(os.tmpdir(), `avalive-bust-${process.pid}.y4m`), { crop: "bust" });
    const own = await launchWithCamera(bust.file);
    try {
      const token = await apiLogin(baseUrl, "gold@demo.avalive.dev");
      const planId = await apiData<string>(baseUrl, "/web-api/v1/base/planInfo/addPlanInfo", {
        token,
        body: { roleId: "sys-f-01", roleType: "1", name: "Shoulders" },
      });
      await apiData(baseUrl, "/web-api/v1/base/planInfo/usePlan", { token, body: { planId } });
      const page = await newPage(own, { language: "EN" });
      await studioInMode(page, token, "halfBody");
      await page.getByTestId("capture-start").click();
      await page.locator('[data-testid="capture-status"][data-state="tracking"]').waitFor({ timeout: 120_000 });
      await expect
        .poll(
          () => page.evaluate(() => (window.__avalive?.capture.drawn ?? []).filter((d) => d.bodyTilt !== null).length),
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(2);
      // the photo's shoulders slope (her right one, the picture's left, is higher): a measurable tilt
      const tilts = await page.evaluate(() =>
        (window.__avalive?.capture.drawn ?? []).flatMap((d) => (d.bodyTilt === null ? [] : [d.bodyTilt])),
      );
      expect(Math.abs(tilts.at(-1) ?? 0)).toBeGreaterThan(0.01);
      await screenshot(page, "live-halfbody-tracking");
      expect(page.errors).toEqual([]);
    } finally {
      await own.close();
    }
  }, 240_000);

  it("says in words when the camera is refused or missing", async () => {
    const { token } = await memberWithPlan(baseUrl, "No camera", { use: true });
    for (const [name, state, language, text] of [
      ["NotAllowedError", "denied", "EN", "Camera access was refused."],
      ["NotFoundError", "noCamera", "ZH_CN", "未找到摄像头"],
    ] as const) {
      const page = await newPage(browser, { language });
      // the browser's answer to getUserMedia, as a user's refusal or a machine without a camera gives it
      await page.addInitScript((errorName) => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("refused", errorName));
      }, name);
      await studioInMode(page, token, "face");
      await page.getByTestId("capture-start").click();
      const status = page.locator(`[data-testid="capture-status"][data-state="${state}"]`);
      await status.waitFor();
      expect(await status.getAttribute("role")).toBe("alert");
      expect(await status.innerText()).toContain(text);
      await screenshot(page, `live-face-${state}`);
      await page.context().close();
    }
  }, 120_000);
});
