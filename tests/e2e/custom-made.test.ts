/**
 * Tailored models end to end (issue 14): the diamond demo member sends a request from /customized
 * with a photo from tests/fixtures, the studio moves it with the documented operator command
 * (`npm run custom`, on the server's own database), and the delivered avatar shows in My avatars.
 * A gold member and a visitor see the benefit and the way to upgrade. Screens in EN and ZH_CN.
 */

import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { FIXTURES } from "../helpers/images.ts";
import { openWithToken, textOf } from "./account-helpers.ts";
import { apiLogin, launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

/** `npm run custom -- …` against the E2E server's database, as an operator would run it. */
function operator(...args: string[]) {
  const run = spawnSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/custom.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "app.db")}` },
    encoding: "utf8",
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}`.trim() };
}

/** Every image on the page has loaded (or failed): a screenshot shows what a person sees. */
const settledImages = (page: Page) =>
  page.waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 20_000 });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("tailored models", () => {
  it("a diamond member sends a request; the studio quotes, makes and delivers it; the avatar is in My avatars", async () => {
    const token = await apiLogin(baseUrl, "diamond@demo.avalive.dev");
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/customized");
    const form = page.getByTestId("custom-form");
    await form.waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "customized-diamond-en");

    // checked in the page first, with the server's messages
    await page.getByTestId("custom-submit").click();
    expect(await textOf(page.getByTestId("custom-error-photos"))).toBe("Please add at least one reference photo");
    expect(await textOf(page.getByTestId("custom-error-description"))).toBe("Please describe your request");

    await page.getByTestId("custom-photo-input").setInputFiles(path.join(FIXTURES, "truncated.jpg"));
    expect(await textOf(page.getByTestId("custom-error-photos"))).toBe(
      "The uploaded file is broken, please upload different photos",
    );
    await page.getByTestId("custom-photo-input").setInputFiles(path.join(FIXTURES, "astronaut.png"));
    await expect.poll(() => page.getByTestId("custom-photos").locator("img").count()).toBe(1);
    await expect.poll(() => page.getByTestId("custom-error-photos").count()).toBe(0);

    const description = `A cheerful science streamer who looks like me (${Date.now()})`;
    await page.getByTestId("custom-description").fill(description);
    await page.getByTestId("custom-style-realistic").check();
    await page.getByTestId("custom-range-standard").click();
    expect(await page.getByTestId("custom-budget").inputValue()).toBe("800");
    await page.getByTestId("custom-deadline").fill(inDays(5));
    await page.getByTestId("custom-submit").click();
    expect(await textOf(page.getByTestId("custom-error-deadline"))).toBe(
      "The deadline must be at least 14 days from today",
    );
    await page.getByTestId("custom-budget").scrollIntoViewIfNeeded();
    await screenshot(page, "customized-form-filled-en");
    await page.getByTestId("custom-deadline").fill(inDays(40));
    await page.getByTestId("custom-submit").click();
    await page
      .getByTestId("toast")
      .filter({ hasText: "Request sent. The studio will quote within 2 working days." })
      .waitFor();
    await page.waitForURL(/\/myCustomized$/);

    const card = page.getByTestId("custom-request").filter({ hasText: description });
    expect(await textOf(card.getByTestId("custom-request-status"))).toBe("Submitted");
    const requestNo = ((await card.locator(".custom-request__no").textContent()) ?? "").replace("Request ", "").trim();
    expect(requestNo).toMatch(/^CM\d{14}[A-Z2-9]{6}$/);
    expect(await card.getByTestId("custom-request-cancel").isVisible()).toBe(true);

    // the studio's side: an illegal move is refused and changes nothing; then quote, produce, deliver
    const early = operator("deliver", requestNo);
    expect(early).toEqual({ status: 1, out: "custom: This request is submitted; deliver needs it to be producing" });
    expect(operator("quote", requestNo, "95000")).toEqual({ status: 0, out: `quoted ${requestNo} at $950` });
    await page.reload();
    expect(await textOf(card.getByTestId("custom-request-status"))).toBe("Quoted");
    expect(await textOf(card.getByTestId("custom-request-quote"))).toBe("$950");
    await settledImages(page);
    await screenshot(page, "my-customized-quoted-en");

    expect(operator("produce", requestNo).status).toBe(0);
    const delivered = operator("deliver", requestNo);
    expect(delivered.status, delivered.out).toBe(0);
    const roleId = delivered.out.match(
      new RegExp(`^delivered ${requestNo}: avatar (\\S+) added to the user's avatars$`),
    )?.[1];
    expect(roleId, delivered.out).toBeTruthy();
    expect(operator("deliver", requestNo)).toEqual({
      status: 1,
      out: "custom: This request is delivered; deliver needs it to be producing",
    });

    await page.reload();
    expect(await textOf(card.getByTestId("custom-request-status"))).toBe("Delivered");
    const avatar = card.getByTestId("custom-request-avatar");
    expect(await avatar.innerText()).toContain("Tailored model · Realistic");
    expect(await card.getByTestId("custom-request-cancel").count()).toBe(0);
    await settledImages(page);
    await screenshot(page, "my-customized-delivered-en");

    await avatar.getByRole("link", { name: "See it in My avatars" }).click();
    await page.waitForURL(/\/myPerson$/);
    const tailored = page.locator(`[data-testid="avatar-card"][data-id="${roleId}"]`);
    expect(await textOf(tailored.getByTestId("avatar-name"))).toBe("Tailored model · Realistic");
    expect(await tailored.locator(".avatar-card__kind").innerText()).toBe("Tailored");
    await tailored.scrollIntoViewIfNeeded();
    await expect
      .poll(() => tailored.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, "my-avatars-tailored-en");
    expect(page.errors).toEqual([]);
  }, 240_000);

  it("shows the form and the requests in Simplified Chinese, a rejection with its reason", async () => {
    const token = await apiLogin(baseUrl, "diamond@demo.avalive.dev");
    // a second request, sent through the API and rejected by the studio
    const body = new FormData();
    for (const [k, v] of Object.entries({
      sex: "1",
      style: "anime",
      description: "动漫风格的游戏主播形象，蓝色短发",
      budget: "300000",
      deadline: inDays(60),
    }))
      body.append(k, v);
    const { readFileSync } = await import("node:fs");
    body.append("photos", new Blob([readFileSync(path.join(FIXTURES, "astronaut.png"))]), "me.png");
    const res = await fetch(`${baseUrl}/web-api/v1/customMade/create`, {
      method: "POST",
      headers: { authorization: token, language: "ZH_CN" },
      body,
    });
    const sent = (await res.json()) as { code: number; message: string; data: { requestNo: string } };
    expect(sent.code, sent.message).toBe(200);
    expect(sent.message).toBe("需求已提交，工作室将在 2 个工作日内报价。");
    expect(operator("reject", sent.data.requestNo, "参考照片只有正面，请补充侧面照片后重新提交。").status).toBe(0);

    const page = await newPage(browser, { language: "ZH_CN" });
    await openWithToken(page, baseUrl, token, "/customized");
    await page.getByTestId("custom-form").waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await textOf(page.getByTestId("custom-style-realistic").locator(".."))).toContain("写实");
    await screenshot(page, "customized-diamond-zh_cn");

    await page.goto(`${baseUrl}/workbench/myCustomized`);
    const rejected = page.getByTestId("custom-request").filter({ hasText: sent.data.requestNo });
    expect(await textOf(rejected.getByTestId("custom-request-status"))).toBe("已拒绝");
    expect(await textOf(rejected.getByTestId("custom-request-reason"))).toBe(
      "原因：参考照片只有正面，请补充侧面照片后重新提交。",
    );
    expect(await page.locator(".workbench__link.active").innerText()).toBe("定制模型");
    await settledImages(page);
    await screenshot(page, "my-customized-zh_cn");

    await page.getByTestId("custom-filter-rejected").click();
    // the previous page stays on screen until the filtered one arrives
    await expect
      .poll(async () => [
        ...new Set(await page.getByTestId("custom-request").evaluateAll((els) => els.map((e) => e.dataset.status))),
      ])
      .toEqual(["rejected"]);
    expect(page.errors).toEqual([]);
  }, 180_000);

  it("shows a gold member the benefit and the upgrade to diamond", async () => {
    const token = await apiLogin(baseUrl, "gold@demo.avalive.dev");
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/customized");
    const locked = page.getByTestId("custom-locked");
    expect(await textOf(locked.locator("h2"))).toBe("A diamond-member benefit");
    expect(await page.getByTestId("custom-form").count()).toBe(0);
    const upgrade = page.getByTestId("custom-upgrade");
    expect(await upgrade.getAttribute("href")).toBe("/member?tier=diamond");
    await screenshot(page, "customized-gold-en");
    await upgrade.click();
    await page.waitForURL(/\/member\?tier=diamond$/);
    expect(page.errors).toEqual([]);
  });

  for (const language of ["EN", "ZH_CN"] as const) {
    it(`explains the service to a visitor, who logs in first to upgrade (${language})`, async () => {
      const page = await newPage(browser, { language });
      await page.goto(`${baseUrl}/customized`);
      await page.getByTestId("custom-locked").waitFor();
      expect(await page.getByTestId("custom-states").locator("dt").count()).toBe(6);
      expect(await page.getByTestId("custom-upgrade").getAttribute("href")).toBe(
        `/login?redirect=${encodeURIComponent("/member?tier=diamond")}`,
      );
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `customized-visitor-${language.toLowerCase()}`);
      expect(page.errors).toEqual([]);
    });
  }
});
