/**
 * Face capture holds the head level (issue 47), in Chromium with fake cameras made from the fixture
 * photo: a level face gives a level head (pitch within ±5°) with open eyes (over 80 %), measured
 * both as the tracker reads the face and as the avatar draws it; a head turned on the photo (a
 * y4m alternating level and turned 25°) turns the avatar without nodding it; a nodding one
 * (level and 20° down) nods it. Recentre takes a new neutral pose. And the mode switches while
 * live without ending the session, its record keeping the switches.
 * The measured values are printed (the note quotes them).
 */
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { launchWithCamera, writeFakeCamera, writeStillCamera, writeTurningCamera } from "../helpers/fake-camera.ts";
import { apiData, memberWithPlan, openWithToken } from "./account-helpers.ts";
import { newPage, screenshot } from "./browser.ts";

const baseUrl = inject("baseUrl");
const DEG = 180 / Math.PI;

const browsers: Browser[] = [];
afterAll(async () => {
  for (const b of browsers) await b.close();
});

interface Rigged {
  raw: { x: number; y: number; z: number };
  head: { x: number; y: number; z: number };
  eyeOpen: { left: number; right: number };
  blink: number;
  neutral: boolean;
}
interface Drawn {
  head: { x: number; y: number; z: number } | null;
  blink: number | null;
}

/** The studio in face mode, tracking the fake camera, once `count` results with the neutral pose are in. */
type TestPage = Page & { errors: string[] };

async function tracking(camera: string, count: number): Promise<{ page: TestPage; token: string }> {
  const browser = await launchWithCamera(camera);
  browsers.push(browser);
  const { token } = await memberWithPlan(baseUrl, "Level head", { use: true });
  const page = await newPage(browser, { language: "EN" });
  await openWithToken(page, baseUrl, token, "/live/studio");
  await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByTestId("live-mode-face").check();
  await page.getByTestId("capture-start").click();
  await page.locator('[data-testid="capture-status"][data-state="tracking"]').waitFor({ timeout: 120_000 });
  await expect
    .poll(() => page.evaluate(() => (window.__avalive?.capture.rigged ?? []).filter((r) => r.neutral).length), {
      timeout: 120_000,
      interval: 500,
    })
    .toBeGreaterThanOrEqual(count);
  return { page, token };
}

const rigged = (page: Page) =>
  page.evaluate(() => (window.__avalive?.capture.rigged ?? []).filter((r) => r.neutral)) as Promise<Rigged[]>;
const drawn = (page: Page) =>
  page.evaluate(() => (window.__avalive?.capture.drawn ?? []).filter((d) => d.head !== null)) as Promise<Drawn[]>;
const stats = (values: number[]) => ({
  min: Math.min(...values),
  max: Math.max(...values),
  mean: values.reduce((s, v) => s + v, 0) / values.length,
});
const fmt = (values: number[]) => values.map((v) => v.toFixed(1)).join(" ");

describe("face capture: a level face, a turned and a nodding head", () => {
  it("a level face gives a level head with open eyes, measured and drawn; Recentre takes the pose again", async () => {
    const camera = await writeFakeCamera(path.join(os.tmpdir(), `avalive-level-${process.pid}.y4m`));
    const { page } = await tracking(camera.file, 6);
    const results = await rigged(page);
    const rawPitch = results.map((r) => r.raw.x * DEG);
    const pitch = results.map((r) => r.head.x * DEG);
    const eyes = results.map((r) => 1 - r.blink);
    const lids = results.map((r) => Math.min(r.eyeOpen.left, r.eyeOpen.right));
    console.log(`level face: raw pitch (deg) ${fmt(rawPitch)}`);
    console.log(`level face: pitch from neutral (deg) ${fmt(pitch)}`);
    console.log(`level face: eye openness (1 - blink) ${eyes.map((v) => v.toFixed(2)).join(" ")}`);
    console.log(`level face: lid gap / eye width ${lids.map((v) => v.toFixed(3)).join(" ")}`);
    // the neutral pitch needs no recentring for this face: the measure itself is level
    for (const p of rawPitch) expect(Math.abs(p)).toBeLessThanOrEqual(5);
    for (const p of pitch) expect(Math.abs(p)).toBeLessThanOrEqual(5);
    for (const e of eyes) expect(e).toBeGreaterThan(0.8);
    // what the avatar drew: the head level, the eyes open
    const shown = await drawn(page);
    expect(shown.length).toBeGreaterThan(3);
    const drawnPitch = shown.map((d) => (d.head?.x ?? 0) * DEG);
    const drawnEyes = shown.map((d) => 1 - (d.blink ?? 1));
    console.log(`level face: drawn pitch (deg) ${fmt(drawnPitch)}`);
    console.log(`level face: drawn eye openness ${drawnEyes.map((v) => v.toFixed(2)).join(" ")}`);
    for (const p of drawnPitch.slice(-5)) expect(Math.abs(p)).toBeLessThanOrEqual(5);
    for (const e of drawnEyes.slice(-5)) expect(e).toBeGreaterThan(0.8);
    await screenshot(page, "live-face-level");

    // Recentre: the next faces become the neutral pose again
    const before = await page.evaluate(() => window.__avalive?.capture.recentred ?? 0);
    expect(before).toBe(1);
    await page.getByTestId("capture-recentre").click();
    await expect.poll(() => page.evaluate(() => window.__avalive?.capture.recentred ?? 0), { timeout: 60_000 }).toBe(2);
    expect(page.errors).toEqual([]);
  }, 300_000);

  it("a man facing his webcam (the issue's case) gets a level head and open eyes once recentred at the start", async () => {
    const photo = path.join(ROOT, "tests", "fixtures", "faces", "man-webcam.jpg");
    const camera = await writeStillCamera(path.join(os.tmpdir(), `avalive-man-${process.pid}.y4m`), photo, "middle");
    const { page } = await tracking(camera.file, 4);
    const results = await rigged(page);
    console.log(`man at a webcam: raw pitch (deg) ${fmt(results.map((r) => r.raw.x * DEG))}`);
    console.log(`man at a webcam: pitch from neutral (deg) ${fmt(results.map((r) => r.head.x * DEG))}`);
    console.log(`man at a webcam: eye openness (1 - blink) ${results.map((r) => (1 - r.blink).toFixed(2)).join(" ")}`);
    console.log(
      `man at a webcam: lid gap / eye width ${results.map((r) => Math.min(r.eyeOpen.left, r.eyeOpen.right).toFixed(3)).join(" ")}`,
    );
    for (const r of results) {
      expect(Math.abs(r.head.x * DEG)).toBeLessThanOrEqual(5);
      expect(1 - r.blink).toBeGreaterThan(0.8);
    }
    await screenshot(page, "live-face-man-level");
    expect(page.errors).toEqual([]);
  }, 300_000);

  it("a head turned 25° turns the avatar without nodding it", async () => {
    const camera = await writeTurningCamera(path.join(os.tmpdir(), `avalive-turn-${process.pid}.y4m`), "yaw", 25);
    const { page } = await tracking(camera.file, 12);
    const results = await rigged(page);
    const yaw = results.map((r) => r.raw.y * DEG);
    const pitch = results.map((r) => r.raw.x * DEG);
    console.log(`turned head: raw yaw (deg) ${fmt(yaw)}`);
    console.log(`turned head: raw pitch (deg) ${fmt(pitch)}`);
    const y = stats(yaw);
    // level and turned frames both seen: the yaw spans the turn, to the subject's left (positive)
    expect(y.max - y.min).toBeGreaterThan(10);
    // turning is not nodding: measured 1.5° level and 4.4° turned, against a 25° turn (read as 25.2°)
    const p = stats(pitch);
    expect(p.max - p.min).toBeLessThanOrEqual(5);
    for (const v of pitch) expect(Math.abs(v)).toBeLessThanOrEqual(8);
    expect(page.errors).toEqual([]);
  }, 300_000);

  it("a nodding head (20° down) nods the avatar", async () => {
    const camera = await writeTurningCamera(path.join(os.tmpdir(), `avalive-nod-${process.pid}.y4m`), "pitch", 20);
    const { page } = await tracking(camera.file, 12);
    const results = await rigged(page);
    const pitch = results.map((r) => r.raw.x * DEG);
    const yaw = results.map((r) => r.raw.y * DEG);
    console.log(`nodding head: raw pitch (deg) ${fmt(pitch)}`);
    console.log(`nodding head: raw yaw (deg) ${fmt(yaw)}`);
    const p = stats(pitch);
    // measured 1.5° level and 10.0° nodded: the photo's dome (HEAD) has a flatter nose than a head
    expect(p.max - p.min).toBeGreaterThan(6);
    // the nod is downwards: the lowest reads near level, the highest well down
    expect(p.min).toBeLessThan(5);
    expect(p.max).toBeGreaterThan(6);
    for (const v of yaw) expect(Math.abs(v)).toBeLessThanOrEqual(8);
    expect(page.errors).toEqual([]);
  }, 300_000);

  it("switches face → plan playback → face while live: one session, its record keeps the switches", async () => {
    const camera = await writeFakeCamera(path.join(os.tmpdir(), `avalive-switch-${process.pid}.y4m`));
    const browser = await launchWithCamera(camera.file);
    browsers.push(browser);
    const { token } = await memberWithPlan(baseUrl, "Switching", { use: true });
    const page = await newPage(browser, { language: "EN" });
    await openWithToken(page, baseUrl, token, "/live/studio");
    await page.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    await page.getByTestId("live-mode-face").check();
    await page.getByTestId("live-start").click();
    await page.getByTestId("live-on-air").waitFor();
    // the modes stay open while live, and the studio says so
    await page.getByTestId("live-switch-hint").waitFor();
    // (the camera is left off: tracking on this loaded machine starves the page of the clicks' turn)
    await page.getByTestId("capture-start").waitFor();
    // the radio turns once the server has taken the switch
    await page.getByTestId("live-mode-plan").click();
    await expect.poll(() => page.getByTestId("live-mode-plan").isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId("capture-start").count()).toBe(0);
    await page.getByTestId("live-mode-face").click();
    await expect.poll(() => page.getByTestId("live-mode-face").isChecked()).toBe(true);
    await page.getByTestId("capture-start").waitFor();
    // still on air: the same session
    expect(await page.getByTestId("live-on-air").count()).toBe(1);
    await screenshot(page, "live-mode-switched");
    await page.getByTestId("live-end").click();
    await page.getByTestId("live-off-air").waitFor();
    const { records } = await apiData<{
      records: { mode: string; modeChanges: { fromMode: string; mode: string }[] }[];
    }>(baseUrl, "/web-api/v1/live/history/getListPage?page=1", { token });
    expect(records).toHaveLength(1);
    expect(records[0]?.mode).toBe("face");
    expect(records[0]?.modeChanges.map((c) => `${c.fromMode}>${c.mode}`)).toEqual(["face>plan", "plan>face"]);
    expect(page.errors).toEqual([]);
  }, 300_000);
});
