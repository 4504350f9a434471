/**
 * The web shell in real Chromium: the landing page in EN and ZH_CN (screenshots), the language
 * switcher surviving a reload, the site environment in the footer, and the login form's checks.
 */

import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, SCREENSHOTS, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: "visible" });
  return ((await locator.first().textContent()) ?? "").trim();
}

async function openHome(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId("site-env").waitFor();
  // Wait for fonts so the screenshot shows the real glyphs.
  await page.evaluate(() => document.fonts.ready);
}

const h1 = (page: Page) => textOf(page.getByRole("heading", { level: 1 }));
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("home page", () => {
  it("is a landing page in English, with the site environment in the footer", async () => {
    const page = await newPage(browser, { language: "EN" });
    await openHome(page);
    expect(await h1(page)).toBe("Go live as the avatar you design");
    expect(await htmlLang(page)).toBe("en");
    for (const tier of ["silver", "gold", "diamond", "cloud"]) await page.getByTestId(`tier-${tier}`).waitFor();
    expect(await textOf(page.getByTestId("tier-cloud"))).toContain("Cloud rendering at 720p");
    const site = page.getByTestId("site-env");
    expect(await site.getAttribute("data-site")).toBe("intl");
    expect(await site.getAttribute("data-currency")).toBe("$");
    expect(await textOf(site)).toContain("International site");
    expect(await textOf(site)).toContain("Prices in $");
    await screenshot(page, "home-en");
    await page.screenshot({ path: path.join(SCREENSHOTS, "home-en-full.png"), fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("is a landing page in Simplified Chinese", async () => {
    const page = await newPage(browser, { language: "ZH_CN" });
    await openHome(page);
    expect(await h1(page)).toBe("用你亲手设计的形象开播");
    expect(await htmlLang(page)).toBe("zh-CN");
    expect(await page.title()).toBe("Avalive · 3D 数字人虚拟直播");
    expect(await textOf(page.getByTestId("site-env"))).toContain("国际站");
    expect(await textOf(page.getByRole("navigation", { name: "主导航" }))).toContain("虚拟直播");
    await screenshot(page, "home-zh_cn");
    await page.screenshot({ path: path.join(SCREENSHOTS, "home-zh_cn-full.png"), fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("loads no three.js", async () => {
    const page = await newPage(browser, { language: "EN" });
    const scripts: string[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script") scripts.push(res.url());
    });
    await openHome(page);
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map((url) => fetch(url).then((r) => r.text())));
    for (const body of bodies) expect(body).not.toMatch(/WebGLRenderer|THREE\.|three\.module/);
    await page.context().close();
  });
});

describe("for crawlers", () => {
  it("serves a real robots.txt, not the app's HTML", async () => {
    const res = await fetch(`${baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /web-api/");
    expect(text).not.toContain("<html");
  });

  it("gives the login page a description, in the page's language", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/login`);
    const description = page.locator('meta[name="description"]');
    await expect.poll(() => description.getAttribute("content"), { timeout: 15_000 }).toMatch(/^Log in to Avalive/);
    await page.context().close();
  });
});

describe("language", () => {
  it("follows the switcher, and the choice survives a reload", async () => {
    const page = await newPage(browser, { language: "EN" });
    await openHome(page);
    await page.getByLabel("Language").selectOption("ZH_TN");
    await expect.poll(() => htmlLang(page)).toBe("zh-TW");
    expect(await h1(page)).toBe("用你親手設計的形象開播");
    await expect.poll(() => page.title()).toBe("Avalive · 3D 數位人虛擬直播");
    await page.reload();
    await page.getByTestId("site-env").waitFor();
    expect(await htmlLang(page)).toBe("zh-TW");
    expect(await h1(page)).toBe("用你親手設計的形象開播");
    expect(await page.getByLabel("語言").inputValue()).toBe("ZH_TN");
    expect(await page.evaluate(() => localStorage.getItem("avalive.language"))).toBe("ZH_TN");

    await page.getByLabel("語言").selectOption("EN");
    await page.reload();
    await page.getByTestId("site-env").waitFor();
    expect(await h1(page)).toBe("Go live as the avatar you design");
    await page.context().close();
  });

  it("defaults to the site's language when the visitor has not picked one", async () => {
    const page = await newPage(browser);
    await openHome(page);
    // The test server runs the international site: EN by default.
    expect(await htmlLang(page)).toBe("en");
    expect(await page.evaluate(() => localStorage.getItem("avalive.language"))).toBeNull();
    await page.context().close();
  });
});

describe("login page", () => {
  it("checks the form inline before any call", async () => {
    const page = await newPage(browser, { language: "EN" });
    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/emailLogin")) calls.push(req.url());
    });
    await page.goto(`${baseUrl}/login`);
    // The page is a lazy chunk: wait for the form itself, not only the document, before the picture.
    await page.getByRole("button", { name: "Log in", exact: true }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "login");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    expect(await textOf(page.getByText("Email error, please enter correct email"))).toBeTruthy();
    expect(await textOf(page.getByText("Password must be 8 to 20 characters"))).toBeTruthy();
    expect(await textOf(page.getByTestId("terms-error"))).toBe("Please confirm the Terms of Service & Privacy Policy");
    await page.getByLabel("Email").fill("free@demo.avalive.dev");
    await page.getByLabel("Password", { exact: true }).fill("Avalive2026!");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    expect(await textOf(page.getByTestId("terms-error"))).toBe("Please confirm the Terms of Service & Privacy Policy");
    await screenshot(page, "login-errors");
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it("shows a wrong password inline, without a toast, then logs in and returns to the guarded page", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/upload`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByLabel("Email").fill("free@demo.avalive.dev");
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    expect(await textOf(page.getByTestId("login-error"))).toBe("Email or password is incorrect");
    expect(await page.getByTestId("toast").count()).toBe(0);

    await page.getByLabel("Password", { exact: true }).fill("Avalive2026!");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/upload");
    expect(await page.evaluate(() => localStorage.getItem("avalive.token"))).toMatch(/^ey/);
    // The header shows the user's menu instead of the login link.
    await page.getByTestId("user-menu").waitFor();
    expect(await page.getByTestId("login-link").count()).toBe(0);
    await page.context().close();
  });
});

describe("between pages", () => {
  it("starts a new page at its top, and Back returns to where the page was left", async () => {
    const page = await newPage(browser, { language: "EN" });
    await openHome(page);
    // Scrolled down to the footer's link (so clicking it scrolls nothing more).
    const help = page.locator("footer").getByRole("link", { name: "Help centre" });
    await help.scrollIntoViewIfNeeded();
    // where the page was at the click itself: a late layout shift (fonts, the hero) or the click's
    // own scroll into view can move it after a read taken before
    await page.evaluate(() => {
      document.addEventListener("click", () => Object.assign(window, { __leftAt: window.scrollY }), {
        capture: true,
        once: true,
      });
    });
    await help.click();
    await page.waitForURL(`${baseUrl}/help`);
    const left = await page.evaluate(() => (window as unknown as { __leftAt: number }).__leftAt);
    expect(left).toBeGreaterThan(100);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByTestId("site-env").waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("shows the error page when a page's code fails to load, and the next page clears it", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.route(/\/assets\/HelpPage-[^/]+\.js$/, (route) => route.abort());
    await openHome(page);
    await page.locator("footer").getByRole("link", { name: "Help centre" }).click();
    const alert = page.getByRole("alert");
    await alert.getByRole("button", { name: "Reload" }).waitFor();
    expect(await textOf(alert.getByRole("heading", { level: 1 }))).not.toBe("");
    expect(await page.title()).toContain("Avalive");
    await page.goBack();
    expect(await h1(page)).toBe("Go live as the avatar you design");
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.context().close();
  });
});

describe("screenshots", () => {
  it("were written", () => {
    for (const name of ["home-en", "home-zh_cn", "login"]) {
      expect(fs.statSync(path.join(SCREENSHOTS, `${name}.png`)).size).toBeGreaterThan(10_000);
    }
  });
});
