/**
 * /download (issue 13): download the local-rendering PC client through the page's own link and
 * check its SHA-256 against the one the page shows; the iOS app's QR code encodes its store page.
 * Then the downloaded package is run as a streamer would: unzipped, started with Node against
 * this server, logged in on its page, and its scene draws the plan in use. Screenshots in EN,
 * ZH_CN and ZH_TN.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Browser } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningClient, startClient, unzipPackage } from "../helpers/client.ts";
import { memberWithPlan, textOf } from "./account-helpers.ts";
import { launchBrowser, newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
let downloaded: Buffer | null = null;
let downloadedCloud: Buffer | null = null;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("/download", () => {
  it("downloads the local-rendering client, whose SHA-256 is the one on the page", async () => {
    const page = await newPage(browser, { language: "EN" });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`${baseUrl}/`);
    // the header leads there
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Download" }).click();
    await page.waitForURL(`${baseUrl}/download`);

    const card = page.getByTestId("download-pc-local");
    await card.getByTestId("download-link").waitFor();
    expect(await textOf(card.getByRole("heading", { level: 3 }))).toBe("Live-stream client for PC · local rendering");
    const shown = (await textOf(card.getByTestId("download-sha256"))).trim();
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    const bytes = Number(await card.getByTestId("download-size").getAttribute("data-bytes"));
    expect(await textOf(card.getByTestId("download-version"))).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await card.getByTestId("download-requirements").locator("li").count()).toBeGreaterThan(2);
    expect(await textOf(card.getByTestId("download-notes"))).toContain("OBS");

    const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("download-link").click()]);
    expect(download.suggestedFilename()).toMatch(/^avalive-live-local-\d+\.\d+\.\d+\.zip$/);
    const file = await download.path();
    downloaded = fs.readFileSync(file);
    expect(downloaded.length).toBe(bytes);
    expect(createHash("sha256").update(downloaded).digest("hex")).toBe(shown);

    // copy to the clipboard
    await card.getByRole("button", { name: /Copy the SHA-256/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

    // the cloud client's link is as honest
    const cloud = page.getByTestId("download-pc-cloud");
    const cloudSha = (await textOf(cloud.getByTestId("download-sha256"))).trim();
    const href = (await cloud.getByTestId("download-link").getAttribute("href")) as string;
    const cloudBytes = Buffer.from(await (await fetch(`${baseUrl}${href}`)).arrayBuffer());
    expect(createHash("sha256").update(cloudBytes).digest("hex")).toBe(cloudSha);
    downloadedCloud = cloudBytes;

    // the iOS app: a QR code of its store page, and the link
    const ios = page.getByTestId("download-ios");
    const store = (await ios.getByTestId("download-store-link").getAttribute("href")) as string;
    expect(store).toMatch(/^https:\/\/apps\.apple\.com\//);
    const qr = ios.getByTestId("download-ios-qr");
    await qr.waitFor();
    // read the drawn code module by module: it is the store page's QR code
    const model = QRCode.create(store);
    const size = model.modules.size;
    const drawn = await qr.evaluate(async (img: HTMLImageElement, n: number) => {
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
      ctx.drawImage(img, 0, 0);
      const scale = img.naturalWidth / (n + 2); // a margin of one module
      const dark: boolean[] = [];
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const [red] = ctx.getImageData(Math.floor((col + 1.5) * scale), Math.floor((row + 1.5) * scale), 1, 1).data;
          dark.push((red ?? 255) < 128);
        }
      }
      return dark;
    }, size);
    expect(drawn).toEqual(Array.from(model.modules.data, Boolean));

    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, "download-en");
    await page.getByTestId("download-ios").scrollIntoViewIfNeeded();
    await screenshot(page, "download-en-ios");
    // no 3D on this page
    expect(scripts.some((u) => /three|PlanPreview/i.test(u))).toBe(false);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ["ZH_CN", "PC 直播客户端 · 本地渲染版", "系统要求"],
    ["ZH_TN", "PC 直播客戶端 · 本機渲染版", "系統需求"],
  ] as const)("speaks %s", async (language, name, requirements) => {
    const page = await newPage(browser, { language });
    await page.goto(`${baseUrl}/download`);
    const card = page.getByTestId("download-pc-local");
    await card.getByTestId("download-link").waitFor();
    expect(await textOf(card.getByRole("heading", { level: 3 }))).toBe(name);
    expect(await textOf(card.getByRole("heading", { level: 4 }).first())).toBe(requirements);
    await page.getByTestId("download-ios-qr").waitFor();
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `download-${language.toLowerCase()}`);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

/** A user with a trial membership and a plan in use. */
const streamer = (planName: string) => memberWithPlan(baseUrl, planName, { use: true });

describe("the downloaded client", () => {
  let client: RunningClient | undefined;
  afterAll(async () => {
    await client?.stop();
  });

  it("starts, logs in on its page and draws the plan in use", { timeout: 120_000 }, async () => {
    expect(downloaded, "the download test ran first").not.toBeNull();
    const { email, password, planId } = await streamer("Client stream");

    await client?.stop(); // a retry starts afresh
    client = await startClient(unzipPackage(downloaded as Buffer), baseUrl);
    const page = await newPage(browser, { width: 1280 });
    await page.goto(`${client.url}/`);
    const form = page.getByTestId("client-login");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Log in" }).click();
    await page.getByTestId("client-plan-name").waitFor();
    expect(await textOf(page.getByTestId("client-plan-name"))).toBe("Client stream");
    expect(await textOf(page.getByTestId("client-account"))).toContain(email);
    expect(await textOf(page.getByTestId("client-scene-url"))).toBe(`${client.url}/scene/`);
    await screenshot(page, "client-local-en");
    expect(page.errors).toEqual([]);
    // its preview draws the scene too: one scene at a time on a software renderer
    await page.context().close();

    // the scene OBS shows: the plan's avatar drawn on this PC
    const scene = await newPage(browser, { width: 1280 });
    await scene.setViewportSize({ width: 1280, height: 720 });
    await scene.goto(`${client.url}/scene/`);
    await scene.locator(".scene[data-status='ready']").waitFor({ timeout: 60_000 });
    expect(await scene.locator(".scene").getAttribute("data-plan")).toBe(planId);
    await scene.locator(".plan-preview[data-ready='true']").waitFor({ timeout: 60_000 });
    await screenshot(scene, "client-local-scene");
    expect(scene.errors).toEqual([]);
    await scene.context().close();
  });

  it("cloud rendering: the scene comes from the server, the hours are on the page", { timeout: 120_000 }, async () => {
    expect(downloadedCloud, "the download test ran first").not.toBeNull();
    const { email, password, planId } = await streamer("Cloud stream");
    await client?.stop();
    client = await startClient(unzipPackage(downloadedCloud as Buffer), baseUrl);
    const page = await newPage(browser, { language: "ZH_CN", width: 1280 });
    await page.goto(`${client.url}/`);
    // the client's own language pick
    await page.getByRole("button", { name: "简体中文" }).click();
    const form = page.getByTestId("client-login");
    await form.getByLabel("邮箱").fill(email);
    await form.getByLabel("密码").fill(password);
    await form.getByRole("button", { name: "登录" }).click();
    await page.getByTestId("client-plan-name").waitFor();
    expect(await textOf(page.getByTestId("client-hours"))).toContain("云渲染时长");
    await screenshot(page, "client-cloud-zh_cn");
    expect(page.errors).toEqual([]);
    await page.context().close();

    const scene = await newPage(browser, { width: 1280 });
    await scene.setViewportSize({ width: 1280, height: 720 });
    const fromServer: string[] = [];
    scene.on("response", (r) => r.url().includes("/scene/assets/") && fromServer.push(r.url()));
    await scene.goto(`${client.url}/scene/`);
    await scene.locator(".scene[data-status='ready']").waitFor({ timeout: 60_000 });
    expect(await scene.locator(".scene").getAttribute("data-plan")).toBe(planId);
    await scene.locator(".plan-preview[data-ready='true']").waitFor({ timeout: 60_000 });
    expect(fromServer.length).toBeGreaterThan(0);
    await screenshot(scene, "client-cloud-scene");
    expect(scene.errors).toEqual([]);
    await scene.context().close();
  });
});
