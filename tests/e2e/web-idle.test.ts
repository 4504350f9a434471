/**
 * The idle rule (spec section 4) app-wide: after a long time without operation, 'No operation
 * over a long time' counts down in seconds before the automatic exit; any input cancels it. The
 * period (30 min, 60 s countdown) is shortened here through localStorage, which may only shorten.
 */

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiLogin, launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A logged-in page whose idle period is `idle` seconds with a `countdown` s countdown. */
async function idlePage(path: string, idle: number, countdown: number): Promise<Page> {
  const page = await newPage(browser, { language: "EN" });
  const token = await apiLogin(baseUrl, "gold@demo.avalive.dev");
  await page.addInitScript(
    ([t, i, c]) => {
      localStorage.setItem("avalive.token", t as string);
      localStorage.setItem("avalive.idleSeconds", String(i));
      localStorage.setItem("avalive.idleCountdown", String(c));
    },
    [token, idle, countdown],
  );
  await page.goto(`${baseUrl}${path}`);
  return page;
}

describe("the idle rule", () => {
  it("on a workbench page: notice, countdown, an input cancels it, then it logs out", async () => {
    const page = await idlePage("/workbench/myPerson", 3, 6);
    const notice = page.getByTestId("idle-notice");
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.getByRole("heading").textContent()).toBe("No operation over a long time");
    await expect.poll(() => notice.textContent()).toMatch(/logged out in [1-6] seconds?/);
    await screenshot(page, "idle-notice-en");
    // a pointer anywhere cancels the countdown
    await page.mouse.click(5, 5);
    await expect.poll(() => notice.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/workbench/myPerson");
    // left alone again, it counts down and ends the session
    await notice.waitFor({ timeout: 20_000 });
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
    const page = await idlePage(`/plan?planId=${planId}&roleId=sys-f-01&roleType=2`, 4, 30);
    const notice = page.getByTestId("idle-notice");
    await notice.waitFor({ timeout: 30_000 });
    await page.keyboard.press("Shift");
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/plan");
    expect(await page.evaluate(() => localStorage.getItem("avalive.token"))).not.toBeNull();
    await page.context().close();
  });
});
