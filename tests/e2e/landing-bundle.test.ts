/**
 * The landing page stays light: none of the JavaScript it loads holds three.js. Checked twice:
 * statically on the build output (the entry's static import graph), and in Chromium (every
 * script the page actually fetched). And all it fetches stays within a size budget, gzipped
 * (docs/decisions/030-landing-page-weight.md).
 */

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { enPages } from "../../web/lib/i18n/en-pages.ts";
import { launchBrowser, newPage } from "./browser.ts";

const DIST = path.join(ROOT, "web", "dist");
// Strings only three.js's core carries; checked against three itself below so the test can fail.
const THREE_MARKERS = ["WebGLRenderer", "WebGLShadowMap"];
const holdsThree = (code: string) => THREE_MARKERS.some((marker) => code.includes(marker));

/**
 * Every script the landing page fetches until the network is idle, gzipped (level 9), in bytes.
 * Issue 15's budget. Measured 119.4 KB on 2026-11-27 (144.4 KB the day before; TanStack Query out
 * of the shell, one language's messages with the pages' texts, the hero art as a file, the
 * logged-in parts of the frame and the pages' titles loaded when needed took 25 KB off): React 19
 * with react-dom and React Router's declarative part are 79 KB of it, i18next 17 KB, the shell
 * 14 KB. Raise it only with a reason written in the decision record (docs/decisions/030).
 */
const LANDING_BUDGET_GZ = 120 * 1024;

/** The files an HTML entry loads up front, following static imports (not dynamic import()). */
function staticGraph(): string[] {
  const html = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(DIST, file), "utf8");
    for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  return [...seen];
}

describe("the landing page's JavaScript", () => {
  it("the marker really identifies three.js", () => {
    const three = fs.readFileSync(path.join(ROOT, "node_modules", "three", "build", "three.module.js"), "utf8");
    const core = fs.readFileSync(path.join(ROOT, "node_modules", "three", "build", "three.core.js"), "utf8");
    expect(holdsThree(three + core)).toBe(true);
  });

  it("holds no three.js in the entry's static import graph", () => {
    const files = staticGraph();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(holdsThree(fs.readFileSync(path.join(DIST, file), "utf8")), file).toBe(false);
  });

  describe("in Chromium", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser.close());

    it("fetches no script holding three.js", async () => {
      const page = await newPage(browser, { language: "EN" });
      const scripts: { url: string; body: string }[] = [];
      page.on("response", async (response) => {
        if (response.url().endsWith(".js")) scripts.push({ url: response.url(), body: await response.text() });
      });
      await page.goto(`${inject("baseUrl")}/`, { waitUntil: "networkidle" });
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(holdsThree(script.body), script.url).toBe(false);
      await page.context().close();
    });

    it(`loads at most ${LANDING_BUDGET_GZ / 1024} KB of gzipped JavaScript, one language's texts among it`, async () => {
      const page = await newPage(browser, { language: "ZH_CN" });
      const scripts: { url: string; gz: number }[] = [];
      const pending: Promise<void>[] = [];
      page.on("response", (response) => {
        if (!response.url().endsWith(".js")) return;
        pending.push(
          response.body().then((body) => {
            scripts.push({ url: new URL(response.url()).pathname, gz: zlib.gzipSync(body, { level: 9 }).length });
          }),
        );
      });
      await page.goto(`${inject("baseUrl")}/`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1 }).waitFor();
      await Promise.all(pending);
      const names = scripts.map((s) => path.basename(s.url));
      // The Chinese page fetches its own catalogue and neither of the others.
      expect(names.some((name) => name.startsWith("zh_cn-"))).toBe(true);
      expect(names.filter((name) => /^(en|zh_tn)-/.test(name))).toEqual([]);
      // Nor the other pages' texts, nor the shared messages (they come with them): the shell's
      // texts are enough here, and none is missing.
      expect(names.filter((name) => name.includes("-pages-") || name.startsWith("messages-"))).toEqual([]);
      // Nor the pages' data library, nor the parts of the frame only a logged-in user sees.
      expect(names.filter((name) => /^(query|QueryProvider|UserMenu|IdleWatch)-/.test(name))).toEqual([]);
      const pageKey = new RegExp(`\\b(${Object.keys(enPages).join("|")})\\.[a-zA-Z]`);
      expect(await page.locator("body").innerText()).not.toMatch(pageKey);
      const total = scripts.reduce((sum, s) => sum + s.gz, 0);
      const table = scripts
        .sort((a, b) => b.gz - a.gz)
        .map((s) => `${path.basename(s.url)} ${(s.gz / 1024).toFixed(1)} KB`)
        .join("\n");
      expect(total, `landing page JavaScript, gzipped:\n${table}`).toBeLessThanOrEqual(LANDING_BUDGET_GZ);
      await page.context().close();
    });
  });
});
