/**
 * The cartoon style as a streamer sees it (docs/decisions/039-art-direction.md), at 1440 x 900:
 * the creator with four different choices (each must change the picture, and the view rests
 * between them: no frames drawn while idle), then a cartoon made through the API shown in its
 * plan's preview and in the face editor. Screenshots: test-results/screenshots/toon-*.png.
 */

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildLook, exportGlb } from "../../shared/avatar/index.ts";
import {
  apiLogin,
  framesDrawn,
  launchBrowser,
  newPage,
  screenshot,
  untilBustShown,
  untilViewRests,
} from "./browser.ts";

const baseUrl = inject("baseUrl");
const USER = "cloud@demo.avalive.dev";
const CUSTOM = "/web-api/v1/douyin/customRole";

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: token, "content-type": "application/json", language: "EN" },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await res.json()) as { code: number; data: T; message: string };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

async function page1440(token: string): Promise<Page & { errors: string[] }> {
  const page = await newPage(browser, { language: "EN", width: 1440 });
  await page.context().addInitScript((t) => localStorage.setItem("avalive.token", t), token);
  return page;
}

const CHOICES = [
  { sex: 2, face: "heart", eyes: "big", skin: 1, hair: "chestnut", eye: "hazel", outfit: "violet" },
  { sex: 2, face: "round", eyes: "round", skin: 0, hair: "pink", eye: "blue", outfit: "mint" },
  { sex: 1, face: "square", eyes: "almond", skin: 3, hair: "black", eye: "brown", outfit: "ink" },
  { sex: 2, face: "oval", eyes: "almond", skin: 5, hair: "silver", eye: "violet", outfit: "coral" },
] as const;

describe("the cartoon style", () => {
  it("changes visibly with every choice in the creator and rests between them", { timeout: 240_000 }, async () => {
    const token = await apiLogin(baseUrl, USER);
    const page = await page1440(token);
    await page.goto(`${baseUrl}/creator`);
    await page.getByTestId("creator").waitFor();
    await untilBustShown(page, 90_000);
    const canvas = page.getByTestId("avatar-stage").locator("canvas");
    const pictures: Buffer[] = [];
    for (const [i, c] of CHOICES.entries()) {
      await page.getByTestId(`creator-sex-${c.sex}`).click();
      await page.getByTestId(`creator-face-${c.face}`).click();
      await page.getByTestId(`creator-eyes-${c.eyes}`).click();
      await page.getByTestId(`creator-skin-${c.skin}`).click();
      await page.getByTestId(`creator-hair-${c.hair}`).click();
      await page.getByTestId(`creator-eye-${c.eye}`).click();
      await page.getByTestId(`creator-outfit-${c.outfit}`).click();
      // a new sex builds a new bust: wait for it to be drawn, then for the view to rest
      await page.waitForFunction(() => (window.__avalive?.frameCount() ?? 0) > 0, null, { timeout: 90_000 });
      await page.waitForTimeout(300);
      const rested = await untilViewRests(page);
      await page.waitForTimeout(1200);
      expect(await framesDrawn(page), "frames drawn while idle").toBe(rested);
      pictures.push(await canvas.screenshot());
      await screenshot(page, `toon-creator-${i + 1}`);
    }
    // hair styles: each builds the bust with its own anime cut (decision 039); the last choice wore "long"
    for (const style of ["bob", "ponytail"]) {
      await page.getByTestId(`creator-hairstyle-${style}`).click();
      await page.locator(`[data-testid="creator"][data-hair="${style}"]`).waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => (window.__avalive?.frameCount() ?? 0) > 0, null, { timeout: 60_000 });
      await page.waitForTimeout(300);
      await untilViewRests(page);
      pictures.push(await canvas.screenshot());
      await screenshot(page, `toon-creator-hair-${style}`);
    }
    // glasses, then a beard and a moustache (decision 046): each rebuilds the bust with it
    for (const [what, style] of [
      ["glasses", "round"],
      ["beard", "goatee"],
      ["beard", "moustache"],
    ] as const) {
      await page.getByTestId(`creator-${what}-${style}`).click();
      await page.locator(`[data-testid="creator"][data-${what}="${style}"]`).waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => (window.__avalive?.frameCount() ?? 0) > 0, null, { timeout: 60_000 });
      await page.waitForTimeout(300);
      await untilViewRests(page);
      pictures.push(await canvas.screenshot());
      await screenshot(page, `toon-creator-${what}-${style}`);
    }
    // every choice, hair style, frame and beard looks different from every other
    for (let a = 0; a < pictures.length; a++)
      for (let b = a + 1; b < pictures.length; b++)
        expect((pictures[a] as Buffer).equals(pictures[b] as Buffer), `choices ${a + 1} and ${b + 1}`).toBe(false);
    expect(page.errors).toEqual([]);
  });

  it("draws a cartoon as toon in its plan preview and in the face editor", { timeout: 240_000 }, async () => {
    const token = await apiLogin(baseUrl, USER);
    // the creator's export, made here: a cartoon described in its GLB's asset.extras.avatar
    const spec = {
      sex: 2 as const,
      faceParams: { "head.size": 0.3, "eye.size": 0.9, "nose.scale": -0.55, "face.cheeks": 0.45 },
      appearance: { skinTone: 0.17, hairColor: "#f28ab8", eyeColor: "#3d7bd9", hairStyle: "ponytail" as const },
      outfit: "#6d4aff",
      name: "Toon preview",
    };
    const mesh = buildLook(spec.sex, spec.appearance, spec.outfit, "toon");
    const glb = exportGlb(mesh, { includeMorphs: false, weights: spec.faceParams, extras: { avatar: spec } });
    const form = new FormData();
    form.append("file", new Blob([glb as Uint8Array<ArrayBuffer>], { type: "model/gltf-binary" }), "cartoon.glb");
    const res = await fetch(`${baseUrl}${CUSTOM}/cartoonUpload`, {
      method: "POST",
      headers: { authorization: token, language: "EN" },
      body: form,
    });
    const uploaded = ((await res.json()) as { data: { url: string } }).data;
    await api(token, `${CUSTOM}/createCartoon`, { url: uploaded.url });
    const made = await api<{ planId: string; roleId: string; sex: number }>(token, `${CUSTOM}/toonify`, {
      url: uploaded.url,
      textureSize: 1024,
      pose: "A",
    });

    const page = await page1440(token);
    await page.goto(`${baseUrl}/plan?planId=${made.planId}&roleId=${made.roleId}&roleType=${made.sex}`);
    await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 90_000 });
    await untilViewRests(page);
    await screenshot(page, "toon-plan-preview");

    await page.goto(`${baseUrl}/face?roleId=${made.roleId}&twoMenu=2`);
    await page.getByTestId("face-editor").waitFor();
    await untilBustShown(page, 90_000);
    await screenshot(page, "toon-face-editor");
    expect(page.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
