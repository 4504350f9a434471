/**
 * Cartoon avatars in real Chromium: the Cartoon face tab opens the creator page in the iframe
 * dialog; the frame protocol runs (frame.ready, the host's subscribe, avatar.exported); features
 * are picked inside the frame; Export writes a GLB to the server; the host calls createCartoon and
 * toonify and lands on /plan. Then, through the API: the cartoon role exists, the plan exists (a
 * retried toonify answers the same plan), and the exported GLB passes the Khronos validator.
 */

import validator from "gltf-validator";
import type { Browser, Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiLogin, launchBrowser, newPage, screenshot, untilBustShown } from "./browser.ts";

const baseUrl = inject("baseUrl");
const USER = "cloud@demo.avalive.dev";
const CUSTOM = "/web-api/v1/douyin/customRole";

declare global {
  interface Window {
    __frameMessages?: unknown[];
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: token, "content-type": "application/json", language: "EN" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T; message: string };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

async function creatorFrame(page: import("playwright-core").Page): Promise<Frame> {
  const handle = await page.locator('[data-testid="iframe-dialog"] iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error("no creator frame");
  return frame;
}

describe("cartoon face", () => {
  it("creates a cartoon in the creator frame, toonifies it and opens its plan", { timeout: 180_000 }, async () => {
    const token = await apiLogin(baseUrl, USER);
    const page = await newPage(browser, { language: "EN" });
    await page.context().addInitScript((t) => {
      localStorage.setItem("avalive.token", t);
      // Every frame records the messages it receives: the host gets the creator's events,
      // the creator gets the host's subscribe message.
      window.__frameMessages = [];
      window.addEventListener("message", (event) => window.__frameMessages?.push(event.data));
    }, token);
    const calls: string[] = [];
    page.on("request", (req) => {
      const m = /customRole\/(cartoonUpload|createCartoon|toonify)/.exec(req.url());
      if (m?.[1]) calls.push(m[1]);
    });

    await page.goto(`${baseUrl}/myPerson`);
    await page.getByTestId("start-design").first().click();
    await page.getByTestId("start-design-dialog").waitFor();
    await page.getByTestId("tab-cartoon").click();
    await page.getByTestId("cartoon-tab").waitFor();
    await screenshot(page, "cloning-cartoon-tab");
    await page.getByTestId("cartoon-open").click();
    const dialog = page.getByTestId("iframe-dialog");
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(1000);
    expect(await dialog.locator("iframe").getAttribute("src")).toBe("/creator?frameApi");

    const creator = page.frameLocator('[data-testid="iframe-dialog"] iframe');
    await creator.getByTestId("creator").waitFor({ timeout: 30_000 });
    expect(await creator.getByTestId("creator").getAttribute("data-framed")).toBe("true");
    const frame = await creatorFrame(page);

    // The handshake: ready from the frame, subscribe from the host.
    await frame.waitForFunction(() =>
      (window.__frameMessages ?? []).some(
        (m) => typeof m === "object" && m !== null && (m as { type?: string }).type === "subscribe",
      ),
    );
    const hostGot = await page.evaluate(() => window.__frameMessages ?? []);
    expect(hostGot).toContainEqual({ eventName: "v1.frame.ready", source: "avalive-creator", data: {} });
    const frameGot = await frame.evaluate(() => window.__frameMessages ?? []);
    expect(frameGot).toContainEqual({ target: "avalive-creator", type: "subscribe", eventName: "v1.**" });

    // Pick features inside the frame.
    await creator.getByTestId("creator-sex-2").click();
    await creator.getByTestId("creator-face-round").click();
    await creator.getByTestId("creator-eyes-almond").click();
    await creator.getByTestId("creator-skin-2").click();
    await creator.getByTestId("creator-hair-pink").click();
    await creator.getByTestId("creator-eye-blue").click();
    await creator.getByTestId("creator-outfit-mint").click();
    await creator.getByTestId("creator-name").fill("Bubbles");
    expect(await creator.getByTestId("creator-face-round").getAttribute("aria-pressed")).toBe("true");
    expect(await creator.getByTestId("creator-hair-pink").getAttribute("aria-pressed")).toBe("true");

    // The 3D preview has drawn.
    await untilBustShown(frame);
    await screenshot(page, "cloning-cartoon-creator");

    // Export: upload, then the host takes it over (createCartoon, toonify) and opens the plan.
    const exportButton = creator.getByTestId("creator-export");
    expect(await exportButton.isEnabled()).toBe(true);
    await exportButton.click();
    await page.waitForURL((url) => url.pathname === "/plan", { timeout: 120_000 });
    expect(calls).toEqual(["cartoonUpload", "createCartoon", "toonify"]);
    expect(await page.getByTestId("start-design-dialog").count()).toBe(0);
    expect(await page.getByTestId("iframe-dialog").count()).toBe(0);
    const url = new URL(page.url());
    const planId = url.searchParams.get("planId");
    const roleId = url.searchParams.get("roleId");
    expect(planId).toBeTruthy();
    expect(roleId).toBeTruthy();
    expect(url.searchParams.get("roleType")).toBe("2");

    const exported = (await page.evaluate(() => window.__frameMessages ?? [])).find(
      (m) => (m as { eventName?: string }).eventName === "v1.avatar.exported",
    ) as { source: string; data: { url: string; userId: string; avatarId: string } };
    expect(exported.source).toBe("avalive-creator");
    expect(exported.data.url).toMatch(/^\/media\/.+\.glb$/);
    expect(exported.data.avatarId).toBeTruthy();
    expect(exported.data.userId).toBeTruthy();

    // The role is a cartoon, named as picked.
    const list = await api<{ records: { id: string; kind: string; name: string; sex: number }[] }>(
      token,
      `${CUSTOM}/pageList`,
      { page: 1, limit: 100 },
    );
    expect(list.records.find((r) => r.id === roleId)).toMatchObject({ kind: "cartoon", name: "Bubbles", sex: 2 });

    // The plan exists: toonify again is a retry, answering the same plan and role.
    const again = await api<{ planId: string; roleId: string }>(token, `${CUSTOM}/toonify`, {
      url: exported.data.url,
      textureSize: 1024,
      pose: "A",
    });
    expect(again).toMatchObject({ planId, roleId });

    // The exported GLB is valid glTF and describes what was picked.
    const glb = new Uint8Array(await (await fetch(`${baseUrl}${exported.data.url}`)).arrayBuffer());
    const report = await validator.validateBytes(glb);
    expect(report.issues.numErrors, JSON.stringify(report.issues.messages.slice(0, 5))).toBe(0);
    const jsonLength = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const gltf = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as {
      asset: { extras: { avatar: { sex: number; name: string; outfit: string; appearance: { hairColor: string } } } };
    };
    expect(gltf.asset.extras.avatar).toMatchObject({
      sex: 2,
      name: "Bubbles",
      outfit: "#3ccf9a",
      appearance: { hairColor: "#f28ab8" },
    });
    expect(page.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);

    // Opened on its own, the creator is a page of its own (its export would toonify right there).
    await page.goto(`${baseUrl}/creator`);
    await page.getByTestId("creator").waitFor();
    expect(await page.getByTestId("creator").getAttribute("data-framed")).toBe("false");
    await untilBustShown(page);
    await screenshot(page, "cloning-creator-standalone");
  });
});
