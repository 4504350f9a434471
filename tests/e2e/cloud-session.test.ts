/**
 * A cloud session end to end (issue 18, docs/decisions/037): a cloud member goes live in mode
 * `cloud` in the studio; the server's render worker (headless Chromium) renders the used plan at
 * 1280×720 and its frames reach the studio's canvas through the cloud socket; the first minute is
 * charged to the cloud-hour ledger; ending it frees the render slot and records the session.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { createDb, type Db } from "../../infra/db.ts";
import { apiData, memberWithPlan, openWithToken, userInfo } from "./account-helpers.ts";
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

describe("cloud session", () => {
  // two headless Chromiums (the test's and the server's render worker) share the machine's cores
  it("streams the used plan rendered on the server to a cloud member's studio, metered", async () => {
    const { token, planId } = await memberWithPlan(baseUrl, "Cloud night", { use: true });
    const { userId } = (await userInfo(baseUrl, token)).data;
    // a cloud membership and 30 minutes, as an order would have left them (orders are tested elsewhere)
    await db.user.update({
      where: { id: userId },
      data: { vipType: "cloud", vipExpiresAt: new Date(Date.now() + 30 * 86_400_000) },
    });
    await db.cloudHourEntry.create({ data: { userId, minutes: 30, reason: "adjustment" } });
    await apiData(baseUrl, "/web-api/v1/base/interactAttribute/addBatchPlanInteract", {
      token,
      body: {
        planId,
        items: [{ interactId: "interact.gift-rose", actionKind: "effect", actionId: "effect.hearts" }],
      },
    });

    const page = await newPage(browser, { language: "EN" });
    // a failed try must not keep its stream (and the site's render slot) for the retry
    onTestFinished(() => page.context().close());
    await openWithToken(page, baseUrl, token, "/live/studio");
    await page.locator('[data-testid="live-socket"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.getByTestId("live-mode-cloud").check();
    await page.getByTestId("live-start").click();
    await page.getByTestId("live-on-air").waitFor();

    // the studio's own 3D scene gives way to the server's stream
    const view = page.getByTestId("cloud-view");
    await view.waitFor();
    expect(await page.getByTestId("plan-preview").count()).toBe(0);
    await page.locator('[data-testid="cloud-view"][data-state="streaming"]').waitFor({ timeout: 90_000 });
    const framesAt = async () => Number(await view.getAttribute("data-frames"));
    await expect.poll(framesAt, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const first = await framesAt();
    await page.waitForTimeout(3000);
    const fps = ((await framesAt()) - first) / 3;
    console.info(`cloud session in the studio: ${fps.toFixed(1)} frames/s at 1280x720`);
    expect(fps).toBeGreaterThan(0.5);

    // the canvas holds a rendered 1280×720 picture (the plan's scene and avatar), not a blank one
    const dataUrl = await page
      .locator(".studio__cloud-frame")
      .evaluate((c) => (c as HTMLCanvasElement).toDataURL("image/png"));
    const png = Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    const stats = await sharp(png).stats();
    expect(Math.max(...stats.channels.map((ch) => ch.stdev))).toBeGreaterThan(8);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await sharp(png).toFile(path.join(SCREENSHOTS, "cloud-session-frame.png"));
    await screenshot(page, "cloud-session-studio");

    // a viewer's gift reaches the render page as it reaches an OBS source: the push finds the
    // studio's socket, the cloud stream's and the render page's own (authenticated by its render key)
    await expect
      .poll(
        async () =>
          (
            await apiData<{ matched: number; delivered: number }>(baseUrl, "/web-api/v1/live/interact/trigger", {
              token,
              body: { event: "gift", interactId: "interact.gift-rose" },
            })
          ).delivered,
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(3);

    // minute 0 was charged when it went live
    const usage = await db.cloudHourEntry.findMany({ where: { userId, reason: "usage" } });
    expect(usage.map((e) => [e.minute, e.minutes])).toEqual([[0, -1]]);

    await page.getByTestId("live-end").click();
    await page.getByTestId("live-off-air").waitFor();
    const history = await apiData<{ records: { mode: string; live: boolean; endReason: string }[] }>(
      baseUrl,
      "/web-api/v1/live/history/getListPage",
      { token },
    );
    expect(history.records[0]).toMatchObject({ mode: "cloud", live: false, endReason: "exit" });
  }, 240_000);
});
