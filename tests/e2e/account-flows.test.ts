/**
 * Accounts end to end in real Chromium, against the real server (intl site): register by email
 * with the code from the dev outbox, log out, log in, reset the password, log in again; phone
 * code login (web and short-video variants); third-party login through the sandbox provider
 * including /bindEmail; the workbench account panel; cancellation, after which login fails.
 */

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { latestCode, openWithToken, registerByApi, textOf, unique, uniquePhone, userInfo } from "./account-helpers.ts";
import { expectAccessible, launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const token = (page: Page) => page.evaluate(() => localStorage.getItem("avalive.token"));
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();
/** Screenshots show the page, not the toasts of the steps before. */
const noToasts = (page: Page) => expect.poll(() => page.getByTestId("toast").count(), { timeout: 8000 }).toBe(0);

async function emailLogin(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function logoutFromMenu(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await page.getByTestId("login-link").waitFor();
  expect(await token(page)).toBeNull();
}

describe("email account", () => {
  // A new address for each attempt: a retried attempt would find the first one registered.
  let email = "";
  beforeEach(() => {
    email = `${unique("reg")}@example.com`;
  });
  const password = "First-pass-1";
  const newPassword = "Second-pass-2";

  it("registers with the emailed code, logs out, logs in, resets the password and logs in with the new one", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByTestId("form-note"))).toBe(`Code sent to ${email}`);
    // The 60 s resend cooldown runs on the button.
    expect(await textOf(page.getByTestId("send-code"))).toMatch(/^Resend in (60|59|58) s$/);
    expect(await page.getByTestId("send-code").isDisabled()).toBe(true);
    const code = await latestCode(baseUrl, email, since);
    await page.getByLabel("Verification code").fill(code);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("checkbox").check();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "register");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Registration successful");
    expect(await token(page)).toMatch(/^ey/);
    // The header's menu shows the email of an account without a phone.
    expect(await textOf(page.getByTestId("user-menu"))).toContain(email);

    await logoutFromMenu(page);

    // The same email cannot register twice: said inline, and as a toast, since section 8 exempts
    // only registerLogin itself from toasts, not the code send.
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByTestId("form-error"))).toBe("This email has already been registered");
    expect(await textOf(page.getByTestId("toast"))).toContain("This email has already been registered");

    await emailLogin(page, email, password);
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Login successful");
    await logoutFromMenu(page);

    await page.goto(`${baseUrl}/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL((url) => url.pathname === "/forget");
    await page.getByLabel("Email", { exact: true }).fill(email);
    const resetSince = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await page.getByTestId("form-note").waitFor();
    await expectAccessible(page, "forget");
    const resetCode = await latestCode(baseUrl, email, resetSince);
    await page.getByLabel("Verification code").fill(resetCode);
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Reset password", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await toast(page, "Reset successful");

    await emailLogin(page, email, password);
    expect(await textOf(page.getByTestId("login-error"))).toBe("Email or password is incorrect");
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe("phone code login", () => {
  it("logs in with an SMS code from the phone tab, the header showing the masked phone", async () => {
    const phone = uniquePhone();
    const page = await newPage(browser, { language: "EN" });
    const analytics: string[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/web-api/p1/analytics/event")) analytics.push(req.postData() ?? "");
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole("tab", { name: "Phone code" }).click();
    // Checked before any call.
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByText("Please enter a valid mobile phone number"))).toBeTruthy();
    await page.getByLabel("Mobile phone").fill(phone);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByTestId("form-note"))).toBe(`Code sent to ${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const code = await latestCode(baseUrl, phone, since);
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    expect(await textOf(page.getByTestId("terms-error"))).toBe("Please confirm the Terms of Service & Privacy Policy");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await textOf(page.getByTestId("user-menu").locator(".user-menu__label"))).toBe(
      `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    );
    const info = await userInfo(baseUrl, (await token(page)) as string);
    expect(info.data.phone).toBe(phone);
    expect(info.data.sourcesNo).not.toBe("5");
    // Once user info loads, its userId goes to the first-party analytics endpoint, once a session.
    await expect.poll(() => analytics.length).toBe(1);
    expect(JSON.parse(analytics[0] ?? "{}")).toMatchObject({ event: "userInfo", userId: info.data.userId });
    await page.reload();
    await page.getByTestId("user-menu").waitFor();
    await page.waitForLoadState("networkidle");
    expect(analytics).toHaveLength(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("logs a short-video creator in at /douyinLogin with source 5, onto the variant's avatar list", async () => {
    const phone = uniquePhone();
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/douyinLogin`);
    await page.getByLabel("Mobile phone").fill(phone);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await page.getByTestId("form-note").waitFor();
    await page.getByLabel("Verification code").fill(await latestCode(baseUrl, phone, since));
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/douyin/douyinPerson");
    const info = await userInfo(baseUrl, (await token(page)) as string);
    expect(info.data.sourcesNo).toBe("5");
    await page.context().close();
  });
});

describe("third-party login", () => {
  const subject = unique("wx");
  const email = `${unique("wx")}@example.com`;

  async function throughSandbox(page: Page, decision: "Allow" | "Deny") {
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId("third-party-wechat").click();
    await page.waitForURL((url) => url.pathname === "/oauth-sandbox/authorize");
    const state = new URL(page.url()).searchParams.get("state");
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(await page.evaluate(() => sessionStorage.getItem("avalive.oauth.state"))).toContain(state);
    await page.getByLabel("Nickname").fill("Sandy");
    await page.getByLabel("Account id").fill(subject);
    await expectAccessible(page, "oauth-sandbox");
    await page.getByRole("button", { name: decision }).click();
  }

  it("says so when the user denies, with a way to retry", async () => {
    const page = await newPage(browser, { language: "EN" });
    await throughSandbox(page, "Deny");
    await page.waitForURL((url) => url.pathname === "/wxCheck");
    expect(await textOf(page.getByTestId("callback-denied"))).toContain("Authorisation declined");
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(await token(page)).toBeNull();
    await page.context().close();
  });

  it("refuses a callback this tab did not start, before any call", async () => {
    const page = await newPage(browser, { language: "EN" });
    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/thirdPart/login")) calls.push(req.url());
    });
    await page.goto(`${baseUrl}/wxCheck?code=forged&state=forged&provider=wechat`);
    expect(await textOf(page.getByTestId("callback-badState"))).toContain("not started in this browser tab");
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it("binds an email on the first login, and logs straight in the second time", async () => {
    const page = await newPage(browser, { language: "EN" });
    await throughSandbox(page, "Allow");
    await page.waitForURL((url) => url.pathname === "/bindEmail");
    const ticket = new URL(page.url()).searchParams.get("ticket");
    expect(ticket).toBeTruthy();
    expect(await page.evaluate(() => sessionStorage.getItem("avalive.oauth.ticket"))).toContain(ticket);
    expect(await textOf(page.locator(".login__subtitle"))).toContain("Hi Sandy");
    // The ticket survives a reload without its query.
    await page.goto(`${baseUrl}/bindEmail`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await page.getByTestId("form-note").waitFor();
    await page.getByLabel("Verification code").fill("000000");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Verify and log in" }).click();
    expect(await textOf(page.getByTestId("form-error"))).toBe("Verification code error");
    expect(await page.getByTestId("toast").count()).toBe(0);
    await page.getByLabel("Verification code").fill(await latestCode(baseUrl, email, since));
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "bindEmail");
    await page.getByRole("button", { name: "Verify and log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Binding successful");
    const info = await userInfo(baseUrl, (await token(page)) as string);
    expect(info.data.email).toBe(email);
    expect(info.data.boundChannels).toEqual([1001]);
    expect(await page.evaluate(() => sessionStorage.getItem("avalive.oauth.ticket"))).toBeNull();
    await logoutFromMenu(page);

    await throughSandbox(page, "Allow");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await token(page)).toMatch(/^ey/);
    expect((await userInfo(baseUrl, (await token(page)) as string)).data.userId).toBe(info.data.userId);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("connects the remote controller at /controllerCheck (channel 1004)", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/controllerCheck`);
    await page.getByTestId("third-party-qq").click();
    await page.waitForURL((url) => url.pathname === "/oauth-sandbox/authorize");
    expect(new URL(page.url()).searchParams.get("redirect_uri")).toBe("/controllerCheck");
    await page.getByLabel("Account id").fill(subject);
    await page.getByRole("button", { name: "Allow" }).click();
    // A QQ identity is new even with the same account id as the WeChat one: providers never merge.
    await page.waitForURL((url) => url.pathname === "/bindEmail");
    const qqEmail = `${unique("qq")}@example.com`;
    await page.getByLabel("Email", { exact: true }).fill(qqEmail);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await page.getByTestId("form-note").waitFor();
    await page.getByLabel("Verification code").fill(await latestCode(baseUrl, qqEmail, since));
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Verify and log in" }).click();
    await page.waitForURL((url) => url.pathname === "/controllerCheck");
    expect(await textOf(page.getByTestId("controller-connected"))).toContain("Controller connected");
    const info = await userInfo(baseUrl, (await token(page)) as string);
    expect(info.data.email).toBe(qqEmail);
    expect(info.data.boundChannels).toEqual([1004]);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "controllerCheck-connected");
    await page.context().close();
  });
});

describe("account panel and cancellation", () => {
  it("binds and unbinds a phone, refuses to unbind the last way in, then cancels the account", async () => {
    const email = `${unique("cancel")}@example.com`;
    const password = "Cancel-me-1";
    const phone = uniquePhone();
    const apiToken = await registerByApi(baseUrl, email, password);
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, apiToken, "/workbench");
    await page
      .getByRole("navigation", { name: "Workbench sections" })
      .getByRole("link", { name: "Account & security" })
      .click();
    await page.waitForURL((url) => url.pathname === "/workbench/account");
    expect(await textOf(page.getByTestId("panel-email"))).toContain(email);
    expect(await textOf(page.getByTestId("panel-phone"))).toContain("Not bound");

    await page.getByTestId("panel-phone").getByRole("button", { name: "Bind", exact: true }).click();
    await page.getByLabel("Phone to bind").fill(phone);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await page.getByTestId("form-note").waitFor();
    await page.getByLabel("Verification code").fill(await latestCode(baseUrl, phone, since));
    await page.getByTestId("panel-bind-phone").getByRole("button", { name: "Bind", exact: true }).click();
    await toast(page, "Binding successful");
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await expect.poll(() => textOf(page.getByTestId("panel-phone"))).toContain(masked);
    expect(await textOf(page.getByTestId("user-menu").locator(".user-menu__label"))).toBe(masked);
    await noToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "account-panel");

    await page.getByTestId("panel-phone").getByRole("button", { name: "Unbind", exact: true }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Unbind", exact: true }).click();
    await toast(page, "Unbinding successful");
    await expect.poll(() => textOf(page.getByTestId("panel-phone"))).toContain("Not bound");

    // The email (with its password) is now the only way in: the server refuses, the toast says why.
    await page.getByTestId("panel-email").getByRole("button", { name: "Unbind", exact: true }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Unbind", exact: true }).click();
    await toast(page, "Bind an email or a phone number first, so that you can still log in");
    expect(await textOf(page.getByTestId("panel-email"))).toContain(email);

    await page.getByRole("link", { name: "Cancel account" }).click();
    await page.waitForURL((url) => url.pathname === "/cancelIntroduce");
    await page.getByTestId("cancel-continue").click();
    expect(await textOf(page.getByText("Please confirm that you understand"))).toBeTruthy();
    await page.getByRole("checkbox").check();
    await page.getByTestId("cancel-continue").click();
    await page.waitForURL((url) => url.pathname === "/verification");
    const cancelSince = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    const [local, domain] = email.split("@");
    expect(await textOf(page.getByTestId("form-note"))).toMatch(/^Code sent by email to .+@/);
    expect(await textOf(page.getByTestId("form-note"))).not.toContain(local);
    expect(domain).toBeTruthy();
    await page.getByLabel("Verification code").fill(await latestCode(baseUrl, email, cancelSince));
    await noToasts(page);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "verification");
    await page.getByRole("button", { name: "Cancel my account" }).click();
    await page.getByTestId("confirm-dialog").waitFor();
    await screenshot(page, "verification-confirm");
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancel account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Account cancelled");
    await page.getByTestId("login-link").waitFor();
    expect(await token(page)).toBeNull();

    // The old token is revoked and the account can no longer log in.
    expect((await userInfo(baseUrl, apiToken)).code).toBe(600);
    await emailLogin(page, email, password);
    expect(await textOf(page.getByTestId("login-error"))).toBe("Email or password is incorrect");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
