/**
 * The idle rule (spec section 4) app-wide: after a long time without operation, 'No operation
 * over a long time' counts down in seconds before the automatic exit; any input cancels it. The
 * real period (30 min, then a 60 s countdown) runs on the browser's fake clock (Playwright's
 * `page.clock`), paused once the page is up: the test jumps over the half hour and runs the
 * countdown's minute second by second, in moments and exactly.
 */

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiLogin, launchBrowser, newPage, pauseClock, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HALF_HOUR = 30 * 60_000;

/** A logged-in page with the real idle period, on a fake clock that only the test moves. */
async function idlePage(path: string, ready: string): Promise<Page> {
  const page = await newPage(browser, { language: "EN" });
  const token = await apiLogin(baseUrl, "gold@demo.avalive.dev");
  await page.addInitScript((t) => localStorage.setItem("avalive.token", t), token);
  await page.clock.install();
  await page.goto(`${baseUrl}${path}`);
  // the idle timer is armed once the page is up
  await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
  await pauseClock(page);
  return page;
}

describe("the idle rule", () => {
  it("on a workbench page: notice, countdown, an input cancels it, then it logs out", async () => {
    const page = await idlePage("/workbench/myPerson", "start-design");
    const notice = page.getByTestId("idle-notice");
    // a minute short of the half hour: nothing yet
    await page.clock.fastForward(HALF_HOUR - 60_000);
    expect(await notice.count()).toBe(0);
    await page.clock.fastForward(60_000);
    await notice.waitFor({ timeout: 5000 });
    expect(await notice.getByRole("heading").textContent()).toBe("No operation over a long time");
    await expect.poll(() => notice.textContent()).toMatch(/logged out in 60 seconds/);
    await page.clock.runFor(15_000);
    await expect.poll(() => notice.textContent()).toMatch(/logged out in 45 seconds/);
    // axe (in screenshot) runs on the page's timers: let them flow meanwhile
    await page.clock.resume();
    await screenshot(page, "idle-notice-en");
    await pauseClock(page);
    // a pointer anywhere cancels the countdown
    await page.mouse.click(5, 5);
    await expect.poll(() => notice.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/workbench/myPerson");
    // left alone again for the half hour, it counts the minute down and ends the session
    await page.clock.fastForward(HALF_HOUR);
    await notice.waitFor({ timeout: 5000 });
    await page.clock.runFor(60_000);
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem("avalive.token"))).toBeNull();
    await page.context().close();
  });

  it("on the plan editor (/plan): the same, cancelled by a key", async () => {
    const token = await apiLogin(baseUrl, "gold@demo.avalive.dev");
    const res = await fetch(`${baseUrl}/web-api/v1/base/planInfo/addPlanInfo`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ roleId: "sys-f-01", roleType: "1" }),
    });
    const planId = ((await res.json()) as { data: string }).data;
    expect(planId).toBeTruthy();
    const page = await idlePage(`/plan?planId=${planId}&roleId=sys-f-01&roleType=2`, "plan-preview");
    const notice = page.getByTestId("idle-notice");
    await page.clock.fastForward(HALF_HOUR);
    await notice.waitFor({ timeout: 5000 });
    await page.keyboard.press("Shift");
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/plan");
    expect(await page.evaluate(() => localStorage.getItem("avalive.token"))).not.toBeNull();
    await page.context().close();
  });

  it("covers the cartoon creator: alone it counts down itself; in Start design's frame, work there keeps the page awake", async () => {
    const alone = await idlePage("/creator", "creator");
    await alone.clock.fastForward(HALF_HOUR);
    await alone.getByTestId("idle-notice").waitFor({ timeout: 5000 });
    await alone.context().close();

    const page = await idlePage("/workbench/myPerson", "start-design");
    await page.clock.resume();
    await page.getByTestId("start-design").first().click();
    await page.getByTestId("tab-cartoon").click();
    await page.getByTestId("cartoon-open").click();
    const creator = page.frameLocator('[data-testid="iframe-dialog"] iframe');
    await creator.getByTestId("creator").waitFor({ timeout: 30_000 });
    await pauseClock(page);
    const notice = page.getByTestId("idle-notice");
    // 29 minutes in, the user works in the creator: a click inside the frame, none on the page
    await page.clock.fastForward(HALF_HOUR - 60_000);
    await creator.getByTestId("creator").click({ position: { x: 5, y: 5 } });
    // half an hour after the page's last own input, but two minutes after the frame's: no notice
    await page.clock.fastForward(120_000);
    expect(await notice.count()).toBe(0);
    // then left alone, the page's watcher counts down as anywhere else
    await page.clock.fastForward(HALF_HOUR);
    await notice.waitFor({ timeout: 5000 });
    await page.context().close();
  });
});
