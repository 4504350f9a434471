/**
 * The accessibility check itself (tests/e2e/axe.ts): it must name what is wrong on a page that
 * breaks the rules, and pass a page that keeps them, so a green suite means something.
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { launchBrowser, newPage } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>axe check</title></head><body><main>${body}</main></body></html>`;

describe("the axe check", () => {
  it("reports low contrast and a link set apart by colour alone, with the node and the numbers", async () => {
    const tab = await newPage(browser);
    await tab.setContent(
      page(`<p style="color:#999">Pale text</p>
        <p style="color:#5d5a78">Read the <a href="/terms" style="color:#6d4aff;text-decoration:none">terms</a> first.</p>`),
    );
    const violations = await axeViolations(tab);
    expect(violations.some((v) => v.startsWith("color-contrast (serious)") && v.includes("#999999"))).toBe(true);
    expect(violations.some((v) => v.startsWith("link-in-text-block (serious)") && v.includes("no styling"))).toBe(true);
    await tab.context().close();
  });

  it("passes a page that keeps the rules", async () => {
    const tab = await newPage(browser);
    await tab.setContent(page(`<p>Read the <a href="/terms">terms</a> first.</p>`));
    expect(await axeViolations(tab)).toEqual([]);
    await tab.context().close();
  });
});
