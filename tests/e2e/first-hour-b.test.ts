/**
 * Issue 47, part B, clicked in real Chromium: the membership page compares the tiers and offers
 * the payment method as a radio group; a gold member sees silver refused before any click; a
 * failed payment on a phone says why, with the order number whole; the cn site registers by phone
 * with the SMS code from the outbox; the cartoon creator keeps its picks through the Body chip.
 * Each new state is a screenshot checked by axe (no serious findings).
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningProduct, startProduct } from "../../scripts/serve.ts";
import {
  api,
  apiData,
  latestCode,
  openWithToken,
  registerByApi,
  textOf,
  unique,
  uniquePhone,
  userInfo,
} from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const intlUrl = inject("baseUrl");

let browser: Browser;
let cn: RunningProduct;
beforeAll(async () => {
  [browser, cn] = await Promise.all([launchBrowser(), startProduct("e2e-47b-cn", { SITE: "cn" })]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), cn?.stop()]);
});

/** A membership bought through the sandbox provider, as a payer would (card on intl). */
async function buyByCard(baseUrl: string, token: string, skuId: string) {
  const ticket = await api<{ payUrl: string }>(baseUrl, "/web-api/v1/order/create", {
    method: "PUT",
    token,
    body: { skuId, channel: "card" },
  });
  expect(ticket.code, ticket.message).toBe(200);
  const path = ticket.data.payUrl.split("?")[0] as string;
  const res = await fetch(`${baseUrl}${path}/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "number=4242424242424242",
    redirect: "manual",
  });
  expect(res.status).toBe(303);
}

describe("the membership page", () => {
  it("shows visitors the tiers compared and the payment method as a radio group (EN)", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${intlUrl}/member`);
    const table = page.getByTestId("tier-compare");
    await table.waitFor();
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(
      expect.arrayContaining(["Silver member", "Gold member", "Diamond member", "Cloud member"]),
    );
    const halfBody = page.getByTestId("compare-mode_halfBody");
    expect(await halfBody.getByRole("rowheader").innerText()).toBe("Half-body capture");
    const cells = await halfBody.locator("td").allInnerTexts();
    expect(cells.map((c) => c.includes("✓"))).toEqual([false, true, true, false]);
    const methods = page.getByRole("group", { name: "Payment method" });
    const card = methods.getByRole("radio", { name: /Card/ });
    expect(await card.isChecked()).toBe(true);
    expect(await methods.innerText()).toContain("The payment method on this site");
    await screenshot(page, "47b-member-compare-en");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("tells a gold member silver is included and offers Upgrade to diamond, before any click", async () => {
    const token = await registerByApi(intlUrl, `${unique("gold47")}@example.com`, "Member-pass-1");
    await buyByCard(intlUrl, token, "vip.gold.month");
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, intlUrl, token, "/member");
    const silver = page.getByTestId("tier-silver");
    await page.getByTestId("included-silver").waitFor();
    expect(await textOf(page.getByTestId("included-silver"))).toMatch(
      /^Included in your Gold member until \d{4}-\d{2}-\d{2}\. A lower tier cannot be bought over it\.$/,
    );
    expect(await silver.getByRole("button").count()).toBe(0);
    expect(await textOf(page.getByTestId("buy-diamond"))).toBe("Upgrade");
    expect(await textOf(page.getByTestId("buy-gold"))).toBe("Renew");
    expect(await textOf(page.getByTestId("included-cloud"))).toContain("buy cloud-rendering hours below");
    await page.getByTestId("tier-compare").waitFor();
    await screenshot(page, "47b-member-gold-en");
    await page.context().close();
  });

  it("on a phone, a declined WeChat payment says why, and the order number stays on one line (ZH_CN)", async () => {
    const token = await registerByApi(cn.baseUrl, `${unique("cn47")}@example.com`, "Member-pass-1");
    const page = await newPage(browser, { language: "ZH_CN", width: 375 });
    await openWithToken(page, cn.baseUrl, token, "/appMember");
    await page.getByTestId("tier-compare").waitFor();
    // the comparison scrolls inside itself: the page is no wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.getByRole("radio", { name: /微信支付/ }).check();
    await page.getByTestId("buy-silver").click();
    await page.getByTestId("checkout").waitFor();
    const orderNo = page.getByTestId("checkout-order-no");
    const lines = await orderNo.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    const [provider] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByTestId("checkout-open").click(),
    ]);
    await provider.waitForLoadState();
    await provider.getByTestId("sandbox-fail").click();
    await provider.getByTestId("sandbox-result").waitFor();
    await provider.close();
    await expect
      .poll(() => page.getByTestId("checkout").getAttribute("data-state"), { timeout: 20_000 })
      .toBe("failed");
    expect(await textOf(page.getByTestId("checkout-reason"))).toBe("银行或支付机构拒绝了这笔支付。");
    await screenshot(page, "47b-checkout-declined-phone-zh_cn");
    await page.context().close();
  });
});

describe("registration by phone on the cn site", () => {
  it("signs up with the SMS code from the outbox and is logged in (ZH_CN)", async () => {
    const phone = uniquePhone();
    const page = await newPage(browser, { language: "ZH_CN" });
    await page.goto(`${cn.baseUrl}/register`);
    const form = page.getByTestId("phone-register-form");
    await form.waitFor();
    expect(await page.getByRole("tab", { name: "手机号验证" }).getAttribute("aria-selected")).toBe("true");
    await screenshot(page, "47b-register-phone-zh_cn");
    await page.getByLabel("手机号").fill(phone);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    const code = await latestCode(cn.baseUrl, phone, since);
    await page.getByLabel("验证码").fill(code);
    await page.getByRole("checkbox").check();
    await form.getByRole("button", { name: "注册" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const token = await page.evaluate(() => localStorage.getItem("avalive.token"));
    expect((await userInfo(cn.baseUrl, token as string)).data.phone).toBe(phone);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("keeps email registration as the only way on the international site", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.goto(`${intlUrl}/register`);
    await page.getByTestId("register-form").waitFor();
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await page.getByTestId("phone-register-form").count()).toBe(0);
    await page.context().close();
  });
});

describe("the cartoon creator", () => {
  it("keeps hair, eye and outfit colours through the Body chip (EN)", async () => {
    const token = await registerByApi(intlUrl, `${unique("creator47")}@example.com`, "Member-pass-1");
    await apiData(intlUrl, "/web-api/v1/vip/trial", { token, body: {} });
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, intlUrl, token, "/creator");
    await page.getByTestId("creator-hair-pink").click();
    await page.getByTestId("creator-eye-violet").click();
    await page.getByTestId("creator-outfit-mint").click();
    await page.getByTestId("creator-hairstyle-long").click();
    await page.getByTestId("creator-sex-1").click();
    expect(await page.getByTestId("creator-sex-1").getAttribute("aria-pressed")).toBe("true");
    for (const id of ["creator-hair-pink", "creator-eye-violet", "creator-outfit-mint", "creator-hairstyle-long"])
      expect(await page.getByTestId(id).getAttribute("aria-pressed"), id).toBe("true");
    await page.locator('[data-testid="creator"][data-hair="long"]').waitFor();
    await page.getByTestId("creator-outfit-mint").scrollIntoViewIfNeeded();
    await screenshot(page, "47b-creator-after-body-chip-en");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
