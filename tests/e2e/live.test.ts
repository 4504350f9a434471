/**
 * /live (issue 13): a visitor sees how to get there and no three.js; a user with a plan in use sees
 * that plan's real 3D scene, loaded with the page.
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { memberWithPlan, openWithToken, textOf } from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("/live", () => {
  it("shows a visitor the way in, without three.js", async () => {
    const page = await newPage(browser, { language: "ZH_CN" });
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`${baseUrl}/live`);
    await page.getByTestId("live-empty").waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "live-visitor-zh_cn");
    expect(scripts.some((u) => /three|PlanPreview/i.test(u))).toBe(false);
  });

  it("plays the scene of the plan in use", async () => {
    const { token, planId } = await memberWithPlan(baseUrl, "Evening show", { use: true });

    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/live");
    const stage = page.getByTestId("live-stage");
    await stage.waitFor();
    expect(await textOf(page.getByTestId("live-plan-name"))).toBe("Evening show");
    await stage.locator("canvas").waitFor({ timeout: 30_000 });
    expect(await stage.getByRole("link", { name: "Edit this plan" }).getAttribute("href")).toContain(
      `planId=${planId}`,
    );
    await screenshot(page, "live-plan-en");
    expect(page.errors).toEqual([]);
  });
});
