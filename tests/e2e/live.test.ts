/**
 * /live (issue 13): a visitor sees how to get there and no three.js; a user with a plan in use sees
 * that plan's real 3D scene, loaded with the page.
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openWithToken, registerByApi, textOf, unique } from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: token, "content-type": "application/json", language: "EN" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  expect(json.code, json.message).toBe(200);
  return json.data;
}

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
    const token = await registerByApi(baseUrl, `${unique("live")}@example.com`, "Live-pass-123");
    await api("/web-api/v1/vip/trial", token, {});
    const planId = await api<string>("/web-api/v1/base/planInfo/addPlanInfo", token, {
      roleId: "sys-f-01",
      roleType: "1",
      name: "Evening show",
    });
    await api("/web-api/v1/base/planInfo/usePlan", token, { planId });

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
