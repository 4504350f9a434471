/**
 * "My uploads" in real Chromium: log in, upload a photo, see its thumbnail (made by the server's
 * thumbnail job), delete it through the confirm dialog, and log out from the header menu.
 */

import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, loginAs, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
const ASTRONAUT = path.resolve(import.meta.dirname, "../fixtures/images/astronaut.png");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("my uploads", () => {
  it("uploads an image, shows its thumbnail, deletes it after confirming", async () => {
    const page = await newPage(browser, { language: "EN" });
    await loginAs(page, baseUrl, "diamond@demo.avalive.dev");
    await page.goto(`${baseUrl}/upload`);
    await page.getByTestId("uploads-empty").waitFor();
    expect(await page.title()).toBe("My uploads · Avalive");

    await page.getByTestId("upload-input").setInputFiles(ASTRONAUT);
    const thumb = page.getByTestId("file-thumb").first();
    await thumb.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="file-thumb"]');
      return img?.complete && img.naturalWidth > 0;
    });
    const src = await thumb.getAttribute("src");
    expect(src).toMatch(/^\/media\//);
    const res = await fetch(`${baseUrl}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
    // The thumbnail is the small version, not the original.
    expect(
      await page.evaluate(() => document.querySelector<HTMLImageElement>('[data-testid="file-thumb"]')?.naturalWidth),
    ).toBeLessThanOrEqual(256);
    expect(await page.getByTestId("file-card").first().textContent()).toContain("astronaut.png");
    expect(await page.getByTestId("file-card").first().textContent()).toContain("512 × 512 px");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="toast"]').length === 0);
    await screenshot(page, "upload");

    // Cancel keeps the image.
    await page.getByRole("button", { name: "Delete astronaut.png" }).click();
    await page.getByTestId("confirm-dialog").waitFor();
    await page.waitForTimeout(250); // let the dialog's fade-in finish before the screenshot
    await screenshot(page, "upload-confirm-delete");
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByTestId("file-card").count()).toBe(1);

    // Confirm deletes it.
    await page.getByRole("button", { name: "Delete astronaut.png" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("uploads-empty").waitFor();
    expect(await page.getByTestId("file-card").count()).toBe(0);
    expect((await fetch(`${baseUrl}${src}`)).status).toBe(404);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("refuses a file that is not an image before uploading it", async () => {
    const page = await newPage(browser, { language: "EN" });
    await loginAs(page, baseUrl, "diamond@demo.avalive.dev");
    await page.goto(`${baseUrl}/upload`);
    await page.getByTestId("uploads-empty").waitFor();
    const uploads: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/file/upload")) uploads.push(req.url());
    });
    await page
      .getByTestId("upload-input")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByText("The file format is not supported, please upload different photos").waitFor();
    expect(uploads).toEqual([]);
    await page.context().close();
  });

  it("logs out from the header menu", async () => {
    const page = await newPage(browser, { language: "EN" });
    await loginAs(page, baseUrl, "diamond@demo.avalive.dev");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByTestId("login-link").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("avalive.token"))).toBeNull();
    await page.goto(`${baseUrl}/upload`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.context().close();
  });
});
