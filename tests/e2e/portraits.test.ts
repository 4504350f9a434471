/**
 * Issue 47, item 4, in real Chromium: an own avatar whose portrait is missing shows "Rendering…"
 * while the page asks the server to render it, says so when that fails and offers a retry, and
 * shows the portrait once the retry succeeds (My avatars). The missing portrait and the failure are
 * made in the page's network (the list answered with no picture, the first render refused), the
 * retry goes to the real server. Screenshots of each state go to test-results.
 */
import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiLogin, launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
const CR = "/web-api/v1/douyin/customRole";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: token, "content-type": "application/json", language: "EN" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; message: string };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

describe("portrait states on My avatars", () => {
  it("rendering, failed with a retry, then the portrait", async () => {
    const token = await apiLogin(baseUrl, "diamond@demo.avalive.dev");
    const id = await api<string>(token, `${CR}/create`, { id: "sys-f-01", name: "Portrait states" });
    const page = await newPage(browser, { language: "EN" });
    await page.context().addInitScript((t) => localStorage.setItem("avalive.token", t), token);

    // the list answers this avatar without a picture, as when its portrait job was lost
    await page.route(`**${CR}/pageList`, async (route) => {
      const res = await route.fetch();
      const json = await res.json();
      for (const r of json.data?.records ?? []) if (r.id === id) r.img = null;
      await route.fulfill({ response: res, json });
    });
    // the first render is held, then refused; later ones go through
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    await page.route(`**${CR}/portrait/${id}`, async (route: Route) => {
      calls++;
      if (calls > 1) return route.continue();
      await held;
      await route.fulfill({
        json: { code: 1214, message: "The portrait could not be rendered, please retry", data: null },
      });
    });

    await page.goto(`${baseUrl}/myPerson`);
    const card = page.locator(`[data-testid="avatar-card"][data-id="${id}"]`);
    const status = card.getByTestId("portrait-status");
    await expect.poll(() => status.getAttribute("data-state"), { timeout: 30_000 }).toBe("rendering");
    expect(await status.textContent()).toContain("Rendering…");
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "portrait-rendering");

    release?.();
    await expect.poll(() => status.getAttribute("data-state"), { timeout: 30_000 }).toBe("failed");
    expect(await status.textContent()).toContain("Portrait not rendered");
    await screenshot(page, "portrait-failed");

    await card.getByTestId("portrait-retry").click();
    const img = card.locator(".avatar-card__thumb img");
    await img.waitFor({ timeout: 60_000 });
    expect(await img.getAttribute("src")).toMatch(/^\/media\/avatar-[0-9a-f]{24}\.webp$/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await card.getByTestId("portrait-status").count()).toBe(0);
    expect(calls).toBe(2);
    await screenshot(page, "portrait-ready");
    await page.close();
    await fetch(`${baseUrl}${CR}/${id}`, { method: "DELETE", headers: { authorization: token } });
  }, 180_000);
});
