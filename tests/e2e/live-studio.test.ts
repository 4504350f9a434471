/**
 * The live studio (issue 18, docs/decisions/035): a gift fired from the simulated viewer panel and
 * one sent through the webhook with the stream key both play their interaction on the 3D scene;
 * a line typed in the Say box is spoken in the plan's voice and opens the avatar's jaw while it
 * plays (docs/decisions/040), and the OBS source says it on air too, as it says a comment's reply;
 * the OBS browser source draws the avatar on a transparent background; the session appears in
 * the live-stream records. In the motion mode (decision 042) a capture app's frames, sent with the
 * stream key, drive the studio's avatar.
 */
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createDb, type Db } from "../../infra/db.ts";
import { mouthStates } from "../helpers/fake-camera.ts";
import { apiData, liveBriefly, memberWithPlan, openWithToken, userInfo } from "./account-helpers.ts";
import { launchBrowser, newPage, SCREENSHOTS, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

let browser: Browser;
let db: Db;
beforeAll(async () => {
  browser = await launchBrowser();
  db = createDb(`file:${path.join(dataDir, "app.db")}`);
});
afterAll(async () => {
  await browser?.close();
  await db?.$disconnect();
});

const played = (page: import("playwright-core").Page) =>
  page.evaluate(() => (window.__avalive?.played ?? []).map((p) => p.kind));

describe("live studio", () => {
  it("plays a gift from the viewer panel and from the webhook, feeds OBS, and records the session", async () => {
    const { token, planId } = await memberWithPlan(baseUrl, "Gift night", { use: true });
    await apiData(baseUrl, "/web-api/v1/base/interactAttribute/addBatchPlanInteract", {
      token,
      body: {
        planId,
        items: [
          { interactId: "interact.gift-rose", actionKind: "expression", actionId: "expression.smile" },
          { interactId: "interact.gift-rose", actionKind: "effect", actionId: "effect.hearts" },
          // a comment with a reply: the studio and the OBS source say it (decision 040)
          {
            interactId: "interact.comment-hello",
            actionKind: "expression",
            actionId: "expression.smile",
            reply: "Hi {viewer}, welcome in!",
          },
        ],
      },
    });
    // the plan's voice: the studio's Say box speaks with it (decision 040)
    await apiData(baseUrl, "/web-api/v1/base/planInfo/updatePlanInfo", {
      token,
      body: { planId, voiceId: "voice.warm-female" },
    });

    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/live/studio");
    await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="live-socket"][data-state="ready"]').waitFor();

    await page.getByTestId("live-start").click();
    await page.getByTestId("live-on-air").waitFor();

    // the simulated viewer panel: through the server and back through the socket
    await page.getByTestId("viewer-fire-interact.gift-rose").click();
    await page.locator('[data-testid="live-feed-item"][data-source="rehearsal"]').waitFor();
    await expect.poll(() => played(page)).toEqual(expect.arrayContaining(["expression", "effect"]));
    const before = (await played(page)).length;

    // a stream key, made in the studio and shown once; then a chat bot's gift through the webhook
    await page.getByTestId("stream-key-rotate").click();
    const key = (await page.getByTestId("stream-key-value").innerText()).trim();
    expect(key).toMatch(/^avk_/);
    const hook = await fetch(`${baseUrl}/web-api/p1/live/webhook/trigger`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stream-key": key },
      body: JSON.stringify({ event: "gift", interactId: "interact.gift-rose", viewer: "Ana" }),
    });
    expect(await hook.json()).toMatchObject({ code: 200, data: { matched: 1 } });
    await page.locator('[data-testid="live-feed-item"][data-source="webhook"]').waitFor();
    await expect.poll(async () => (await played(page)).length).toBeGreaterThanOrEqual(before + 2);
    await screenshot(page, "live-studio-gift");

    // a line said in the plan's voice: the jaw opens while it plays (no expression plays now, and
    // the idle life only blinks), and shuts after
    const sayStarted = performance.now();
    const lap: number[] = [];
    const mark = () => lap.push(Math.round(performance.now() - sayStarted));
    const line = "Hello everyone, thank you so much for the roses! Welcome to the stream.";
    await page.getByTestId("speak-text").fill(line);
    // Enter submits the Say box (a click would first wait for the element to hold still over two
    // animation frames, seconds when software rendering starves the page)
    await page.getByTestId("speak-text").press("Enter");
    mark();
    await page.locator('[data-testid="speak-box"][data-state="speaking"]').waitFor();
    mark();
    await page.locator('[data-testid="speak-box"][data-state="idle"]').waitFor();
    mark();
    // every frame drawn while it spoke (the page's timers starve under software rendering: frames do not)
    const speaking = await page.evaluate(() => (window.__avalive?.voice.drawn ?? []).map((d) => d.jawOpen));
    await expect.poll(() => page.evaluate(() => window.__avalive?.morphs.jawOpen ?? 0)).toBeLessThan(0.05);
    mark();
    console.log(
      `speak: jawOpen per frame drawn while speaking ${speaking.map((j) => j.toFixed(2)).join(" ")}; ` +
        `ms from typing: submitted ${lap[0]}, speaking ${lap[1]}, done ${lap[2]}, mouth shut ${lap[3]}`,
    );
    // software rendering on a busy machine draws a few frames a second: 4 s of speech is a handful
    expect(speaking.length).toBeGreaterThanOrEqual(3);
    // it rises with the voice (from 0 at rest; at about a frame a second a frame may land between
    // syllables, so the bar is low: seen 0.28 to 0.72 at the loudest frame)
    expect(Math.max(...speaking)).toBeGreaterThan(0.1);

    // the OBS browser source, in a browser that plays sound without a click, as OBS's does
    const obsBrowser = await launchBrowser(["--autoplay-policy=no-user-gesture-required"]);
    const obs = await newPage(obsBrowser, { language: "EN" });
    await obs.setViewportSize({ width: 1280, height: 720 });
    await obs.goto(`${baseUrl}/live/obs?key=${encodeURIComponent(key)}&size=720`);
    await obs.locator('[data-testid="obs-source"][data-state="ready"]').waitFor();
    await obs.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const obsVoice = obs.getByTestId("obs-source");

    // the source's voice, each state as it changes (a line is said in a few seconds: polling the
    // attribute could miss it). Its lips follow the voice as the studio's do (the same code, checked
    // above); with two software-drawn scenes on a busy machine the frames drawn while it speaks are
    // too few to assert on, so they are printed
    await obs.evaluate(() => {
      const el = document.querySelector('[data-testid="obs-source"]') as HTMLElement;
      const w = window as unknown as { __voiceStates: string[] };
      w.__voiceStates = [];
      new MutationObserver(() => w.__voiceStates.push(el.dataset.voice ?? "")).observe(el, {
        attributes: true,
        attributeFilter: ["data-voice"],
      });
    });
    const obsStates = () => obs.evaluate(() => (window as unknown as { __voiceStates: string[] }).__voiceStates);
    const obsSaidOne = async () => {
      await expect.poll(obsStates, { timeout: 30_000 }).toContain("speaking");
      await expect.poll(() => obsVoice.getAttribute("data-voice"), { timeout: 30_000 }).toBe("idle");
      await obs.evaluate(() => {
        (window as unknown as { __voiceStates: string[] }).__voiceStates = [];
      });
    };

    // a viewer's comment whose interaction has a reply: the OBS source says it on air
    const comment = await fetch(`${baseUrl}/web-api/p1/live/webhook/trigger`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stream-key": key },
      body: JSON.stringify({ event: "comment", text: "hello there", viewer: "Ana" }),
    });
    expect(await comment.json()).toMatchObject({ code: 200, data: { matched: 1 } });
    await obsSaidOne();
    // and a line typed in the studio: the socket relays it, the source fetches it with its key
    await page.locator('[data-testid="speak-box"][data-state="idle"]').waitFor({ timeout: 30_000 });
    await page.getByTestId("speak-text").fill("Thanks for watching!");
    await page.getByTestId("speak-text").press("Enter");
    await obsSaidOne();
    const obsJaw = await obs.evaluate(() => (window.__avalive?.voice.drawn ?? []).map((d) => d.jawOpen));
    console.log(`speak on the OBS source: jawOpen per frame drawn ${obsJaw.map((j) => j.toFixed(2)).join(" ")}`);

    // the OBS browser source: the avatar alone, on nothing
    const box = await obs.getByTestId("obs-source").boundingBox();
    expect(box).toMatchObject({ width: 1280, height: 720 });
    const file = path.join(SCREENSHOTS, "live-obs-source-transparent.png");
    const png = await obs.screenshot({ path: file, omitBackground: true });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect([alpha(5, 5), alpha(info.width - 5, 5), alpha(5, info.height - 5)]).toEqual([0, 0, 0]);
    expect(alpha(Math.round(info.width / 2), Math.round(info.height / 2))).toBe(255);
    expect(obs.errors).toEqual([]);
    await obsBrowser.close();

    // end the session: it is in the records
    await page.getByTestId("live-end").click();
    await page.getByTestId("live-off-air").waitFor();
    await page.goto(`${baseUrl}/workbench/cloudRecord`);
    const row = page.getByTestId("live-record").first();
    await row.waitFor();
    expect(await row.getAttribute("data-live")).toBe("false");
    expect(await row.innerText()).toContain("Gift night");
    expect(await row.getByTestId("live-record-duration").innerText()).toMatch(/^\d\d:\d\d$/);
    await screenshot(page, "live-records");
    expect(page.errors).toEqual([]);
    await page.context().close();
    // the 3D scene draws in software here: two of them (studio, OBS source) take most of this
  }, 180_000);

  it("motion capture (diamond): a capture app's frames drive the studio's avatar; the session is recorded as motion", async () => {
    const { token } = await memberWithPlan(baseUrl, "Mocap night", { use: true });
    const { userId } = (await userInfo(baseUrl, token)).data;
    // a diamond membership, as an order would have left it (orders are tested elsewhere)
    await db.user.update({
      where: { id: userId },
      data: { vipType: "diamond", vipExpiresAt: new Date(Date.now() + 30 * 86_400_000) },
    });
    const { key } = await apiData<{ key: string }>(baseUrl, "/web-api/v1/live/streamKey/rotate", { token, body: {} });
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/live/studio");
    await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="live-socket"][data-state="ready"]').waitFor({ timeout: 30_000 });
    await page.getByTestId("live-mode-motion").check();
    const status = page.getByTestId("motion-status");
    await expect.poll(() => status.getAttribute("data-state")).toBe("waiting");
    expect(await page.getByTestId("motion-address").innerText()).toMatch(/^ws:\/\/.+\/web-api\/ws\/live$/);

    // the capture app: the stream key with the role "capture", then ARKit frames, the mouth
    // opening and closing every second for 8 s, 10 frames a second, the left arm raised (as the
    // VMC bridge reads a capture suit's arm bones)
    const app = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/web-api/ws/live`);
    const said: { type: string; code?: number }[] = [];
    app.on("message", (data) => said.push(JSON.parse(String(data))));
    await new Promise((resolve) => app.once("open", resolve));
    app.send(JSON.stringify({ type: "auth", streamKey: key, role: "capture" }));
    await expect.poll(() => said.some((m) => m.type === "ready")).toBe(true);
    const since = await page.evaluate(() => performance.now());
    const started = Date.now();
    for (let i = 0; Date.now() - started < 8000; i++) {
      const open = Math.floor((Date.now() - started) / 1000) % 2 === 0;
      app.send(
        JSON.stringify({
          type: "face",
          t: i,
          blendshapes: { jawOpen: open ? 0.95 : 0, eyeBlinkLeft: 0 },
          head: { pitch: 0, yaw: 0.2, roll: 0 },
          arms: { left: { upper: [0.9, -0.25, 0.35], fore: [0.1, 0.98, 0.15] } },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect.poll(() => status.getAttribute("data-state")).toBe("receiving");
    await screenshot(page, "live-motion-capture");
    app.close();
    const drawn = await page.evaluate((t0) => (window.__avalive?.capture.drawn ?? []).filter((d) => d.at > t0), since);
    const jaw = drawn.map((d) => d.jawOpen);
    // the captured left arm was posed: its wrist drawn beside the head, not resting at the waist
    // (about -0.52 m in the mesh's frame at rest; the shoulder is at -0.21)
    const hands = drawn.map((d) => d.leftHandY ?? Number.NaN);
    console.log(`motion capture: the left wrist's height drawn ${hands.map((y) => y.toFixed(2)).join(" ")}`);
    expect(hands.every((y) => y > -0.15)).toBe(true);
    console.log(`motion capture: jawOpen per frame drawn ${jaw.map((j) => j.toFixed(2)).join(" ")}`);
    const { open, closed, switches } = mouthStates(jaw);
    expect(jaw.length).toBeGreaterThanOrEqual(4);
    expect(open).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);
    expect(switches).toBeGreaterThanOrEqual(1);
    expect(said.filter((m) => m.type === "error")).toEqual([]);
    expect(Number(await status.getAttribute("data-frames"))).toBeGreaterThan(20);

    // going live in the motion mode records it
    expect(await liveBriefly(page, baseUrl, token)).toBe("motion");
    // the capture stopped: the status says so within a second or two
    await expect.poll(() => status.getAttribute("data-state"), { timeout: 5_000 }).toBe("waiting");
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
