/** Real Chromium (Debian's) through playwright-core, for the E2E suites. */

import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Frame, type Page } from "playwright-core";
import { expect, onTestFailed } from "vitest";
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from "../../infra/chromium.ts";
import { ROOT } from "../../scripts/lib.ts";
import { axeViolations } from "./axe.ts";

export const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");

export const CHROMIUM_ARGS = HEADLESS_CHROMIUM_ARGS;

/** Debian's Chromium, headless; `extraArgs` for what a test imitates (OBS's browser plays sound without a click). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * A page in a fresh context. `language` preselects the app's language the way a returning
 * visitor's stored choice would. Console errors and failed requests are collected so tests
 * can assert the page ran cleanly.
 */
export async function newPage(
  browser: Browser,
  options: { language?: "EN" | "ZH_CN" | "ZH_TN"; width?: number; motion?: "reduce" | "no-preference" } = {},
) {
  // Reduced motion unless a test asks otherwise: the 3D views then draw only when something
  // changes (docs/decisions/031), instead of keeping a core busy with software rendering while
  // the test clicks through forms. plan.test.ts checks both settings.
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: 900 },
    reducedMotion: options.motion ?? "reduce",
  });
  if (options.language) {
    await context.addInitScript((language) => {
      if (!localStorage.getItem("avalive.language")) localStorage.setItem("avalive.language", language);
    }, options.language);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  diagnoseOnFailure(page, errors);
  return Object.assign(page, { errors });
}

let failures = 0;
/** When the test using this page fails, keep a screenshot and say where the page was: CI logs are all we get. */
function diagnoseOnFailure(page: Page, errors: string[]) {
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const file = await capture(page, `failed-${++failures}`).catch(() => "(no screenshot)");
      console.error(
        `page at ${page.url()} when the test failed; screenshot ${file}; page errors: ${JSON.stringify(errors)}`,
      );
      const text = await page
        .locator("body")
        .innerText({ timeout: 1000 })
        .catch(() => "");
      console.error(`page text: ${text.slice(0, 1500)}`);
    });
  } catch {
    // Outside a test (a beforeAll hook): nothing to attach to.
  }
}

/**
 * A screenshot of a key screen, which is also where the suite checks accessibility: the screen
 * must have no serious or critical axe violations (issue 11), in whatever language it shows.
 */
export async function screenshot(page: Page, name: string) {
  const file = await capture(page, name);
  await expectAccessible(page, name);
  return file;
}

/** No serious or critical axe violations on the page as it is now; `name` says which screen failed. */
export async function expectAccessible(page: Page, name: string) {
  const violations = await axeViolations(page);
  expect(violations, `axe on ${name} (${page.url()})`).toEqual([]);
}

async function capture(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Stops the page's fake clock (`page.clock.install()` before it loaded) where it stands: from here
 * on its time, timers and frames move only when the test says (`fastForward`, `runFor`), however
 * slowly a loaded machine runs the page.
 */
export async function pauseClock(page: Page) {
  // a moment ahead of the page's time: the page's clock keeps running during the round trips
  for (let ahead = 1000; ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    const paused = await page.clock.pauseAt(now + ahead).then(
      () => true,
      (error: Error) => {
        if (ahead > 60_000 || !/to the past/.test(error.message)) throw error;
        return false;
      },
    );
    if (paused) return;
  }
}

/** Log in through the API and hand the token to the page the way the app stores it. */
export async function apiLogin(baseUrl: string, email: string, password = "Avalive2026!"): Promise<string> {
  const res = await fetch(`${baseUrl}/web-api/p1/uc/account/email/emailLogin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } | null; message: string };
  if (body.code !== 200 || !body.data) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}

/** Log in through the real login page. */
export async function loginAs(page: Page, baseUrl: string, email: string, password = "Avalive2026!") {
  await page.goto(`${baseUrl}/login`);
  await page
    .getByLabel(/email|邮箱|郵箱/i)
    .first()
    .fill(email);
  await page
    .getByLabel(/password|密码|密碼/i)
    .first()
    .fill(password);
  await page.getByRole("checkbox").first().check();
  await page
    .getByRole("button", { name: /log in|login|登录|登入/i })
    .first()
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/**
 * Until a 3D view (the editor's or the creator's stage, a plan preview) has drawn and come to rest.
 * A view draws on demand (docs/decisions/031): a face that loads is one frame, so wait for the
 * first frame and the rest after it, never for a number of frames.
 */
export async function untilBustShown(page: Page | Frame, timeout = 60_000): Promise<number> {
  await page.waitForFunction(() => (window.__avalive?.frameCount() ?? 0) > 0 && window.__avalive?.view, null, {
    timeout,
  });
  return untilViewRests(page);
}

/** How many frames the app's 3D views have drawn (web/three/probe.ts). */
export const framesDrawn = (page: Page | Frame) => page.evaluate(() => window.__avalive?.frameCount() ?? 0);

/**
 * Until the 3D view stops drawing. Views draw on demand (docs/decisions/031), so at rest, under the
 * reduced motion the E2E pages ask for, the frame count stands still. Returns that count.
 */
export async function untilViewRests(page: Page | Frame): Promise<number> {
  let last = await framesDrawn(page);
  for (;;) {
    await page.waitForTimeout(400);
    const now = await framesDrawn(page);
    if (now === last) return now;
    last = now;
  }
}
