/**
 * The account pages' faces: the login page on the international site (the E2E server's) and on
 * the domestic one (the site answer rewritten in the browser), in EN and ZH_CN, with screenshots;
 * inline checks before any call; the bind step's expired ticket; the pages a logged-out visitor sees.
 */

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { textOf } from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Makes the page believe it runs on the domestic site: GET /web-api/p1/base/config answers site "cn". */
async function asDomestic(page: Page) {
  await page.route("**/web-api/p1/base/config", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data = { ...body.data, site: "cn", currency: "¥", payMethods: ["alipay", "wechat"], defaultLanguage: "ZH_CN" };
    await route.fulfill({ response, json: body });
  });
}

async function openLogin(page: Page, site: "cn" | "intl") {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId(`login-${site}`).waitFor();
  await page.evaluate(() => document.fonts.ready);
}

const selectedTab = (page: Page) => textOf(page.locator('[role="tab"][aria-selected="true"]'));
const providers = (page: Page) =>
  page.locator('[data-testid^="third-party-"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));

describe("login page, international site", () => {
  it("opens on email, offers phone code as a tab, and WeChat and QQ (EN)", async () => {
    const page = await newPage(browser, { language: "EN" });
    await openLogin(page, "intl");
    expect(await selectedTab(page)).toBe("Email");
    await expect
      .poll(() => page.getByRole("tab").allTextContents(), { timeout: 15_000 })
      .toEqual(["Email", "Phone code"]);
    expect(await providers(page)).toEqual(["third-party-wechat", "third-party-qq"]);
    await screenshot(page, "login-intl-en");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("speaks Simplified Chinese, and checks the form before any call (ZH_CN)", async () => {
    const page = await newPage(browser, { language: "ZH_CN" });
    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/web-api/p1/uc/") || req.url().includes("/account/login")) calls.push(req.url());
    });
    await openLogin(page, "intl");
    expect(await selectedTab(page)).toBe("邮箱登录");
    await screenshot(page, "login-intl-zh_cn");
    await page.getByRole("button", { name: "登录", exact: true }).last().click();
    expect(await textOf(page.getByText("邮箱错误，请输入正确的邮箱"))).toBeTruthy();
    expect(await textOf(page.getByText("密码长度为8到20位"))).toBeTruthy();
    expect(await textOf(page.getByTestId("terms-error"))).toBe("请确认服务条款与隐私政策");
    // An error already on screen follows a change of language.
    await page.getByLabel("语言").selectOption("EN");
    // (it stays in Chinese, never a bare key, until the English texts have arrived)
    await expect
      .poll(() => textOf(page.getByTestId("terms-error")))
      .toBe("Please confirm the Terms of Service & Privacy Policy");
    expect(calls).toEqual([]);
    await page.context().close();
  });
});

describe("login page, domestic site", () => {
  it("opens on phone code login, email second, WeChat below (ZH_CN)", async () => {
    const page = await newPage(browser);
    await asDomestic(page);
    await openLogin(page, "cn");
    // The domestic site's default language applies to a visitor who has not picked one.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    await expect
      .poll(() => page.getByRole("tab").allTextContents(), { timeout: 15_000 })
      .toEqual(["验证码登录", "邮箱登录"]);
    expect(await selectedTab(page)).toBe("验证码登录");
    expect(await providers(page)).toEqual(["third-party-wechat"]);
    await screenshot(page, "login-cn-zh_cn");
    await page.getByLabel("手机号").fill("12345678901");
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByText("请输入有效的手机号码"))).toBeTruthy();
    await page.getByRole("button", { name: "登录", exact: true }).last().click();
    expect(await textOf(page.getByTestId("terms-error"))).toBe("请确认服务条款与隐私政策");
    expect(await textOf(page.getByText("请输入验证码"))).toBeTruthy();
    await screenshot(page, "login-cn-zh_cn-errors");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("in English too, and the tabs switch with the keyboard", async () => {
    const page = await newPage(browser, { language: "EN" });
    await asDomestic(page);
    await openLogin(page, "cn");
    expect(await selectedTab(page)).toBe("Phone code");
    await screenshot(page, "login-cn-en");
    await page.getByRole("tab", { name: "Phone code" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab(page)).toBe("Email");
    await page.getByLabel("Email", { exact: true }).waitFor();
    await page.context().close();
  });

  it("offers binding a phone instead of an email on /bindEmail", async () => {
    const page = await newPage(browser, { language: "ZH_CN" });
    await asDomestic(page);
    await page.goto(`${baseUrl}/bindEmail?ticket=not-a-real-ticket`);
    await page.getByTestId("bind-email").waitFor();
    await expect
      .poll(() => page.getByRole("tab").allTextContents(), { timeout: 15_000 })
      .toEqual(["邮箱验证", "手机号验证"]);
    await page.getByRole("tab", { name: "手机号验证" }).click();
    expect(await textOf(page.locator(".login__subtitle"))).toBe("验证手机号以完成第三方账号登录。");
    await page.getByTestId("bind-phone-form").waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "bindEmail-cn-zh_cn");
    await page.context().close();
  });
});

describe("bind step", () => {
  it("sends an unknown or expired ticket back to the login page with the service's message", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/bindEmail?ticket=expired-or-forged`);
    await page.getByLabel("Email", { exact: true }).fill("someone@example.com");
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByTestId("bind-expired"))).toContain("This login has expired, please log in again");
    await page.getByRole("link", { name: "Back to log in" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("without any ticket, says the sign-in expired", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/bindEmail`);
    expect(await textOf(page.getByTestId("bind-expired"))).toContain("This sign-in has expired");
    await page.context().close();
  });
});

describe("pages for a logged-out visitor", () => {
  it("explains cancellation, and asks to log in before verification", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/cancelIntroduce`);
    expect(await textOf(page.getByRole("heading", { level: 1 }))).toBe("Cancel your account");
    expect(await textOf(page.getByRole("list"))).toContain("Your avatars, drafts and every image you uploaded");
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "cancelIntroduce");
    await page.getByRole("checkbox").check();
    await page.getByTestId("cancel-continue").click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/verification");
    await page.goto(`${baseUrl}/verification`);
    expect(await textOf(page.getByTestId("verification"))).toContain("Log in to the account you want to cancel first");
    await page.goto(`${baseUrl}/controllerCheck`);
    expect(await textOf(page.getByRole("heading", { level: 1 }))).toBe("Connect your remote controller");
    await screenshot(page, "controllerCheck");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
