/**
 * The OBS source when the studio's session ends (docs/decisions/038): it shows the avatar from the
 * start, fades to nothing and stops playing interactions when the session ends, and comes back
 * when the streamer goes live again.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiData, memberWithPlan } from "./account-helpers.ts";
import { launchBrowser, newPage, SCREENSHOTS } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: import("playwright-core").Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const played = (page: Page) => page.evaluate(() => (window.__avalive?.played ?? []).length);

/** The alpha of the source's centre pixel, from a screenshot without the page's background. */
async function centreAlpha(page: Page, name: string) {
  const png = await page.screenshot({ path: path.join(SCREENSHOTS, name), omitBackground: true });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(Math.round(info.height / 2) * info.width + Math.round(info.width / 2)) * info.channels + 3];
}

describe("the OBS source and the session's end", () => {
  it("fades out and stops reacting when the session ends; going live brings it back", async () => {
    const { token, planId } = await memberWithPlan(baseUrl, "Off air", { use: true });
    await apiData(baseUrl, "/web-api/v1/base/interactAttribute/addBatchPlanInteract", {
      token,
      body: {
        planId,
        items: [{ interactId: "interact.gift-rose", actionKind: "expression", actionId: "expression.smile" }],
      },
    });
    const { key } = await apiData<{ key: string }>(baseUrl, "/web-api/v1/live/streamKey/rotate", { token, body: {} });
    const first = await apiData<{ id: string }>(baseUrl, "/web-api/v1/live/session/start", {
      token,
      body: { mode: "plan" },
    });
    const gift = () =>
      fetch(`${baseUrl}/web-api/p1/live/webhook/trigger`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-stream-key": key },
        body: JSON.stringify({ event: "gift", interactId: "interact.gift-rose" }),
      }).then((r) => r.json());

    const obs = await newPage(browser, { language: "EN" });
    await obs.setViewportSize({ width: 1280, height: 720 });
    await obs.goto(`${baseUrl}/live/obs?key=${encodeURIComponent(key)}&size=720`);
    const source = obs.getByTestId("obs-source");
    await obs.locator('[data-testid="obs-source"][data-state="ready"]').waitFor();
    await obs.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await source.getAttribute("data-air")).toBe("on");
    // the socket is up once a gift plays
    await expect
      .poll(
        async () => {
          await gift();
          return played(obs);
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    expect(await centreAlpha(obs, "live-obs-on-air.png")).toBe(255);

    await apiData(baseUrl, "/web-api/v1/live/session/end", { token, body: { id: first.id, reason: "exit" } });
    await obs.locator('[data-testid="obs-source"][data-air="off"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => source.evaluate((el) => getComputedStyle(el).opacity), { timeout: 10_000 }).toBe("0");
    expect(await centreAlpha(obs, "live-obs-off-air.png")).toBe(0);
    const before = await played(obs);
    expect(await gift()).toMatchObject({ code: 200, data: { matched: 1 } });
    await obs.waitForTimeout(1500);
    expect(await played(obs)).toBe(before);

    await apiData(baseUrl, "/web-api/v1/live/session/start", { token, body: { mode: "plan" } });
    await obs.locator('[data-testid="obs-source"][data-air="on"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => source.evaluate((el) => getComputedStyle(el).opacity), { timeout: 10_000 }).toBe("1");
    expect(await centreAlpha(obs, "live-obs-back-on-air.png")).toBe(255);
    await gift();
    await expect.poll(() => played(obs), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(obs.errors).toEqual([]);
    await obs.context().close();
  }, 180_000);
});
