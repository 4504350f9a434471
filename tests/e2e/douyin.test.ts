/**
 * The short-video variant (user source '5') in real Chromium: /douyinLogin with its checks and its
 * landing pages, the variant's frame around the avatar list, the face editor, a new avatar, an
 * avatar's detail with its drafts (and another user's id), its help, and code 600 sending a
 * source-5 user back to /douyinLogin, before and after userInfo has loaded.
 * Screenshots: douyin-*.png in test-results/screenshots.
 */

import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiData, latestCode, textOf, uniquePhone, userInfo } from "./account-helpers.ts";
import { apiLogin, launchBrowser, newPage, screenshot, untilBustShown } from "./browser.ts";

const baseUrl = inject("baseUrl");
const P1 = "/web-api/p1";
const V1 = "/web-api/v1";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A call that must succeed: its data. */
const ok = <T>(path: string, init: { token?: string; body?: unknown } = {}) => apiData<T>(baseUrl, path, init);

/** A short-video account made the way /douyinLogin makes it (phone code, source 5); answers its token. */
async function shortVideoUser(options: { member?: boolean } = {}): Promise<{ phone: string; token: string }> {
  const phone = uniquePhone();
  const since = Date.now() - 1000;
  await ok(`${P1}/base/sms/sendSms?phone=${phone}&type=login`);
  const { token } = await ok<{ token: string }>(`${P1}/sources/5/account/login`, {
    body: { phone, code: await latestCode(baseUrl, phone, since) },
  });
  // the one-time free trial: 3 days of silver, enough to design avatars and drafts
  if (options.member) await ok(`${V1}/vip/trial`, { token, body: {} });
  return { phone, token };
}

/** A page holding `token` the way a returning visitor's storage would; set once, so a logout sticks. */
async function pageWithToken(token: string, path: string) {
  const page = await newPage(browser, { language: "EN" });
  await page.context().addInitScript((t) => {
    if (sessionStorage.getItem("e2e.seeded")) return;
    sessionStorage.setItem("e2e.seeded", "1");
    localStorage.setItem("avalive.token", t);
  }, token);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("avalive.token"));
const fieldError = (page: Page, label: string) =>
  page.locator(".field", { has: page.getByLabel(label, { exact: true }) }).locator(".field-error");

/** The variant's frame is drawn, with `tab` the lit one. */
async function inFrame(page: Page, tab: "list" | "new" | "help") {
  await page.getByTestId("short-video-frame").waitFor();
  await expect.poll(() => page.getByTestId(`sv-tab-${tab}`).getAttribute("class")).toContain("is-active");
}

describe("/douyinLogin", () => {
  it("checks the form, logs in with source 5 and returns to the page the guard came from", async () => {
    const phone = uniquePhone();
    const page = await newPage(browser, { language: "EN" });
    // A visitor opening a page of the variant is sent to its own login, remembering the page.
    await page.goto(`${baseUrl}/newPerson`);
    await page.waitForURL((url) => url.pathname === "/douyinLogin");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/newPerson");
    await page.getByTestId("douyin-login").waitFor();
    await screenshot(page, "douyin-login");

    // Nothing filled in: every check of spec section 5 speaks, and no call is made.
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    expect(await textOf(fieldError(page, "Mobile phone"))).toBe("Please enter a valid mobile phone number");
    expect(await textOf(fieldError(page, "Verification code"))).toBe("Please enter the verification code");
    expect(await textOf(page.getByTestId("terms-error"))).toBe("Please confirm the Terms of Service & Privacy Policy");
    // 11 digits starting 1 with a second digit 3 to 9: 12… is not a mobile number
    await page.getByLabel("Mobile phone", { exact: true }).fill("12912345678");
    await page.getByTestId("send-code").click();
    expect(await textOf(fieldError(page, "Mobile phone"))).toBe("Please enter a valid mobile phone number");

    await page.getByLabel("Mobile phone", { exact: true }).fill(phone);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    expect(await textOf(page.getByTestId("form-note"))).toBe(`Code sent to ${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const code = await latestCode(baseUrl, phone, since);
    await page.getByRole("checkbox").check();
    // A wrong code: the service's message, inline; still logged out.
    await page.getByLabel("Verification code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    expect(await textOf(page.getByTestId("login-error"))).toBe("Verification code error");
    expect(await storedToken(page)).toBeNull();

    await page.getByLabel("Verification code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/newPerson");
    const info = await userInfo(baseUrl, (await storedToken(page)) as string);
    expect(info.data).toMatchObject({ phone, sourcesNo: "5" });
    expect(await page.evaluate(() => localStorage.getItem("avalive.source"))).toBe("5");

    // Not a member yet: /newPerson says what the Start design gate says, and Unlock leads to membership.
    await inFrame(page, "new");
    expect(await textOf(page.getByTestId("new-person-gate").getByRole("heading"))).toBe("Prompts");
    await screenshot(page, "douyin-new-person-gate");
    await page.getByTestId("new-person-gate").getByRole("button", { name: "Unlock" }).click();
    await page.waitForURL((url) => url.pathname === "/member");
    expect(new URL(page.url()).searchParams.get("from")).toBe("design");

    // A logged-in user opening /douyinLogin goes to the variant's avatar list.
    await page.goto(`${baseUrl}/douyinLogin`);
    await page.waitForURL((url) => url.pathname === "/douyin/douyinPerson");
    await inFrame(page, "list");
    await page.getByTestId("my-person-empty").waitFor();
    // the user menu leads back to the studio from anywhere on the site
    await page.getByTestId("user-menu").click();
    await expect
      .poll(() => page.getByRole("menuitem", { name: "Short-video studio" }).getAttribute("href"))
      .toBe("/douyin");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe("the variant's avatar pages", () => {
  let me = { phone: "", token: "" };
  let roleId = "";

  it("starts a new avatar on /newPerson, edits its face on /douyinFace and lists it in the frame", async () => {
    // (latestCode polls, which only a test may do: the user is made here, not in a beforeAll)
    me = await shortVideoUser({ member: true });
    const page = await pageWithToken(me.token, "/douyin");
    await page.waitForURL((url) => url.pathname === "/douyin/douyinPerson");
    await inFrame(page, "list");
    await page.getByTestId("my-person-empty").waitFor();
    // In the frame, 'Start design' is the variant's page, not the dialog.
    await page.getByTestId("start-design").click();
    await page.waitForURL((url) => url.pathname === "/newPerson");
    await inFrame(page, "new");
    expect(await page.getByTestId("start-design-dialog").count()).toBe(0);
    await page.getByTestId("role-card").first().waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="role-card"] img')].every((i) => i.complete),
    );
    await screenshot(page, "douyin-new-person");
    expect(await page.getByRole("tab").allTextContents()).toEqual([
      "System avatars",
      "Photo face cloning",
      "Cartoon face",
    ]);

    await page
      .locator('[data-testid="role-card"][data-locked="false"]')
      .first()
      .getByRole("button", { name: "DIY face" })
      .click();
    await page.waitForURL((url) => url.pathname === "/douyinFace");
    roleId = new URL(page.url()).searchParams.get("roleId") ?? "";
    expect(roleId).not.toBe("");
    await inFrame(page, "list");
    await page.getByTestId("face-editor").waitFor();
    await untilBustShown(page, 45_000);
    await screenshot(page, "douyin-face");
    // The editor's way back is the variant's list, where the new avatar is.
    await page.getByTestId("face-editor").getByRole("button", { name: "← My avatars" }).click();
    await page.waitForURL((url) => url.pathname === "/douyin/douyinPerson");
    const card = page.locator(`[data-testid="avatar-card"][data-id="${roleId}"]`);
    await card.waitFor();
    await screenshot(page, "douyin-person");
    // Each card's edit opens the variant's editor, its details the detail page.
    expect(await card.getByTestId("avatar-details").getAttribute("href")).toBe(`/myPersonDetail?roleId=${roleId}`);
    await card.getByRole("button", { name: "Edit", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/douyinFace");
    expect(new URL(page.url()).searchParams.get("roleId")).toBe(roleId);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("shows one avatar with the drafts built on it, and another user's avatar as not found", async () => {
    expect(roleId).not.toBe("");
    // Two drafts on the avatar (the plan editor itself has its own suite), one on a system avatar.
    const drafts = [];
    for (const _ of [1, 2])
      drafts.push(
        await ok<string>(`${V1}/base/planInfo/addPlanInfo`, { token: me.token, body: { roleId, roleType: "2" } }),
      );
    await ok<string>(`${V1}/base/planInfo/addPlanInfo`, {
      token: me.token,
      body: { roleId: "sys-f-01", roleType: "1" },
    });

    const page = await pageWithToken(me.token, "/douyin/douyinPerson");
    await page.locator(`[data-testid="avatar-card"][data-id="${roleId}"]`).getByTestId("avatar-details").click();
    await page.waitForURL((url) => url.pathname === "/myPersonDetail");
    await inFrame(page, "list");
    await page.getByTestId("person-detail").waitFor();
    expect(await textOf(page.getByTestId("person-plan-count"))).toBe("2 drafts");
    expect((await page.getByTestId("plan-card").evaluateAll((els) => els.map((e) => e.dataset.id))).sort()).toEqual(
      [...drafts].sort(),
    );
    // 'Use' works from here as in My drafts.
    const first = page.locator(`[data-testid="plan-card"][data-id="${drafts[0]}"]`);
    await first.getByTestId("plan-use").click();
    await expect.poll(() => first.getAttribute("data-used")).toBe("true");
    await screenshot(page, "douyin-person-detail");
    expect(await page.getByTestId("person-edit-face").getAttribute("href")).toBe(`/douyinFace?roleId=${roleId}`);

    // Export: the VRM 1.0 downloads under the avatar's name (its content has its own integration suite).
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("person-export-vrm").click()]);
    expect(file.suggestedFilename()).toMatch(/\.vrm$/);
    const bytes = fs.readFileSync(await file.path());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("glTF");
    expect(bytes.includes(Buffer.from('"VRMC_vrm"'))).toBe(true);
    await page.getByText(`Exported ${file.suggestedFilename()}`).waitFor();

    // Another short-video user's avatar: not found, and none of its drafts shown.
    const other = await shortVideoUser({ member: true });
    const theirs = await ok<string>(`${V1}/douyin/customRole/create`, { token: other.token, body: { id: "sys-f-01" } });
    await ok<string>(`${V1}/base/planInfo/addPlanInfo`, {
      token: other.token,
      body: { roleId: theirs, roleType: "2" },
    });
    await page.goto(`${baseUrl}/myPersonDetail?roleId=${theirs}`);
    expect(await textOf(page.getByTestId("person-missing").getByRole("heading"))).toBe("Avatar not found");
    expect(await page.getByTestId("person-missing").textContent()).toContain("belongs to another account");
    expect(await page.getByTestId("plan-card").count()).toBe(0);
    expect(await page.getByTestId("person-detail").count()).toBe(0);
    await screenshot(page, "douyin-person-missing");
    await page.getByTestId("person-missing").getByRole("link", { name: "My avatars" }).click();
    await page.waitForURL((url) => url.pathname === "/douyin/douyinPerson");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe("/douyinHelp", () => {
  it("is the help centre in the variant's frame, open to visitors, whose other tabs lead to /douyinLogin", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${baseUrl}/douyinHelp`);
    await inFrame(page, "help");
    await page.getByTestId("help-doc").waitFor();
    // its catalogue links stay on /douyinHelp
    const href = await page.getByTestId("help-catalog").getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/douyinHelp\?id=/);
    await screenshot(page, "douyin-help");
    await page.getByTestId("sv-tab-list").click();
    await page.waitForURL((url) => url.pathname === "/douyinLogin");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/douyin/douyinPerson");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe("code 600", () => {
  /** Revokes a token on the server: its next v1 call answers 600. */
  const revoke = (token: string) => ok(`${V1}/base/account/logout`, { token, body: {} });

  it("sends a source-5 user to /douyinLogin, with userInfo loaded and before it loads", async () => {
    const user = await shortVideoUser({ member: true });
    const roleId = await ok<string>(`${V1}/douyin/customRole/create`, { token: user.token, body: { id: "sys-f-01" } });
    const page = await pageWithToken(user.token, "/douyin/douyinPerson");
    await page.locator(`[data-testid="avatar-card"][data-id="${roleId}"]`).waitFor();
    await page.getByTestId("user-menu").waitFor();

    // With userInfo loaded: the next call answers 600.
    await revoke(user.token);
    await page.getByTestId("avatar-details").click();
    await page.waitForURL((url) => url.pathname === "/douyinLogin");
    expect(await storedToken(page)).toBeNull();
    await page.getByTestId("douyin-login").waitFor();

    // A reload with a stale token on a page of the site: the first call (userInfo) answers 600,
    // before anything says whose token it was; the source remembered from the last load does.
    const second = await shortVideoUser();
    await revoke(second.token);
    await page.evaluate((t) => localStorage.setItem("avalive.token", t), second.token);
    await page.goto(`${baseUrl}/myplan`);
    await page.waitForURL((url) => url.pathname === "/douyinLogin");
    expect(await storedToken(page)).toBeNull();

    // Logging in again lands on the variant's avatar list.
    const since = Date.now() - 1000;
    await page.getByLabel("Mobile phone", { exact: true }).fill(user.phone);
    await page.getByTestId("send-code").click();
    await page.getByLabel("Verification code", { exact: true }).fill(await latestCode(baseUrl, user.phone, since));
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/douyin/douyinPerson");
    await page.locator(`[data-testid="avatar-card"][data-id="${roleId}"]`).waitFor();
    await page.context().close();
  });

  it("still sends a user of the site's own login to /login", async () => {
    const token = await apiLogin(baseUrl, "gold@demo.avalive.dev");
    const page = await pageWithToken(token, "/myPerson");
    await page.getByTestId("my-person").waitFor();
    await page.getByTestId("user-menu").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("avalive.source"))).toBeNull();
    await revoke(token);
    await page.goto(`${baseUrl}/myplan`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });
});
