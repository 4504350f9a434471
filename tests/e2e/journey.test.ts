/**
 * A new streamer's first hour (issue 47), clicked as a visitor would, in English and in Simplified
 * Chinese: from the home page to the membership page, register for the trial, take it, Start
 * design, a system avatar, save the plan, use it, Go live, make a stream key, choose what OBS
 * shows, open the OBS source and see the avatar on it. Only the first address is typed; every
 * other page is reached by a click. Axe runs on each new state (screenshot()), with 0 serious findings.
 */
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { latestCode, unique } from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The form fields by their name (the same in every language). */
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

const LANGUAGES = [
  { language: "EN", tag: "en" },
  { language: "ZH_CN", tag: "zh-cn" },
] as const;

describe("a visitor's first hour, by clicks alone", () => {
  for (const { language, tag } of LANGUAGES) {
    it(`${tag}: home → register → trial → Start design → plan → Go live → OBS source showing the avatar`, async () => {
      const page = await newPage(browser, { language });
      const typed: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) typed.push(frame.url());
      });
      // the one address typed
      await page.goto(`${baseUrl}/`);

      // the home page's memberships lead to the membership page, where a visitor hears of the trial
      await page.getByTestId("tier-silver").getByRole("link").click();
      await page.getByTestId("member-trial-register").waitFor();
      expect(await page.getByTestId("member-trial-includes").locator("li").count()).toBeGreaterThan(1);
      await screenshot(page, `journey-${tag}-01-member-visitor`);
      await page.getByTestId("member-trial-register").click();

      // register with the emailed code (the development outbox), then back on the membership page
      await page.waitForURL((url) => url.pathname === "/register");
      const email = `${unique("journey")}@example.com`;
      const password = "Journey-pass-123";
      await field(page, "email").fill(email);
      const since = Date.now() - 1000;
      await page.getByTestId("send-code").click();
      await field(page, "code").fill(await latestCode(baseUrl, email, since));
      await field(page, "password").fill(password);
      await field(page, "confirm").fill(password);
      await page.getByRole("checkbox").check();
      await page.getByTestId("register-form").locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === "/member" && url.searchParams.get("from") === "trial");

      // take the trial: Start design is offered right there
      await page.getByTestId("member-trial-start").click();
      await page.getByTestId("member-ready").waitFor();
      await screenshot(page, `journey-${tag}-02-member-ready`);
      await page.getByTestId("member-ready").getByTestId("start-design").click();

      // a system avatar, a draft of a plan on it
      await page.getByTestId("start-design-dialog").waitFor();
      const card = page.locator('[data-testid="role-card"][data-locked="false"]').first();
      await card.hover();
      await card.locator(".role-card__actions .btn--primary").click();
      await page.waitForURL((url) => url.pathname === "/plan" && url.searchParams.has("planId"));
      await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 90_000 });

      // save it, use it, and Go live beside Use this plan
      await page.getByTestId("plan-name").fill(tag === "en" ? "First show" : "第一场直播");
      await page.getByTestId("plan-save").click();
      await expect.poll(() => page.getByTestId("toast").count()).toBeGreaterThan(0);
      await page.getByTestId("plan-use").click();
      await page.getByTestId("plan-in-use").waitFor();
      await page.getByTestId("plan-go-live").waitFor();
      await screenshot(page, `journey-${tag}-03-plan-go-live`);
      await page.getByTestId("plan-go-live").click();

      // the studio: live in the first mode the trial opens
      await page.waitForURL((url) => url.pathname === "/live/studio");
      await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 90_000 });
      expect(await page.getByTestId("live-plan-name").innerText()).toBe(tag === "en" ? "First show" : "第一场直播");
      await page.getByTestId("live-start").click();
      await page.getByTestId("live-on-air").waitFor();

      // a stream key, and what OBS shows: the avatar alone, or with the plan's scene, each explained
      await page.getByTestId("stream-key-rotate").click();
      await page.getByTestId("stream-key-fresh").waitFor();
      const choice = page.getByTestId("obs-background");
      expect(await choice.getByRole("radio").count()).toBe(2);
      expect(await page.getByTestId("obs-background-transparent").isChecked()).toBe(true);
      await page.getByTestId("obs-background-scene").check();
      expect(await page.getByTestId("obs-url-720").getAttribute("href")).toContain("scene=1");
      await page.getByTestId("obs-background-transparent").check();
      expect(await page.getByTestId("obs-url-720").getAttribute("href")).not.toContain("scene=1");
      await page.getByTestId("stream-key-panel").scrollIntoViewIfNeeded();
      await screenshot(page, `journey-${tag}-04-studio-obs-choice`);

      // the OBS source opens from its link, and draws the avatar
      const [obs] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("obs-url-720").click()]);
      await obs.locator('[data-testid="obs-source"][data-state="ready"]').waitFor({ timeout: 60_000 });
      await obs.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 90_000 });
      await expect
        .poll(() => obs.evaluate(() => window.__avalive?.firstFrameAt ?? null), { timeout: 60_000 })
        .not.toBeNull();
      expect(await obs.getByTestId("obs-source").getAttribute("data-air")).toBe("on");
      // the avatar is drawn: the source's middle is not empty (transparent) any more
      const shot = await obs.screenshot({ omitBackground: true });
      expect(await opaqueShare(shot)).toBeGreaterThan(0.02);
      await screenshot(obs, `journey-${tag}-05-obs-source`);

      // nothing typed after the first address: every page came from a click (or a redirect of one)
      expect(typed[0]).toBe(`${baseUrl}/`);
      expect(page.errors).toEqual([]);
      await page.getByTestId("live-end").click();
      await page.getByTestId("live-off-air").waitFor();
      await page.context().close();
    }, 600_000);
  }
});

/** The share of the screenshot's pixels that are not transparent. */
async function opaqueShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let opaque = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 200) opaque++;
  return opaque / (info.width * info.height);
}
