/**
 * Avatars in real Chromium: the Start design dialog (gender filter, slider pages, a locked avatar),
 * DIY a face, the face editor (sliders in three groups, a drag as one undo step, blending three
 * faces, saving with a name), the result in /myPerson, the idle exit, and the membership gate.
 * Screenshots of the editor (female and male, front and three-quarter) go to test-results.
 */

import fs from "node:fs";
import validator from "gltf-validator";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isSoftwareRenderer } from "../../web/three/gpu.ts";
import {
  apiLogin,
  expectAccessible,
  framesDrawn,
  launchBrowser,
  newPage,
  pauseClock,
  screenshot,
  untilBustShown,
  untilViewRests,
} from "./browser.ts";
import { finishedToast, recordToasts } from "./toasts.ts";

const baseUrl = inject("baseUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A page logged in as `email`, in English. The token is in place before the app's first script
 * runs (set later, the app's own first write of the session could drop it).
 */
async function loggedIn(email: string, path = "/myPerson") {
  const token = await apiLogin(baseUrl, email);
  const page = await newPage(browser, { language: "EN" });
  await page.context().addInitScript((t) => localStorage.setItem("avalive.token", t), token);
  // toasts recorded in the page: the face editor's 3D view can hold the main thread past a toast's 1.5 s
  await recordToasts(page);
  await page.goto(`${baseUrl}${path}`);
  return Object.assign(page, { token });
}

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

/** The 3D view has drawn its bust and come to rest. */
async function bustShown(page: Page) {
  await page.getByTestId("face-editor").waitFor();
  await untilBustShown(page, 45_000);
}

async function orbit(page: Page, azimuth: number) {
  const start = await framesDrawn(page);
  await page.evaluate((a) => window.__avalive?.view?.orbit(a), azimuth);
  await page.waitForFunction((n) => (window.__avalive?.frameCount() ?? 0) > n, start);
  await untilViewRests(page);
}

/** Moves a face slider the way a keyboard or script would: input events, then one change. */
async function moveSlider(page: Page, id: string, value: number) {
  await page.locator(`input[data-slider="${id}"]`).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
  // the next frame shows it
  await page.waitForFunction(
    ([sid, v]) =>
      window.__avalive?.lastSliderApplied()?.id === sid && window.__avalive?.lastSliderApplied()?.value === v,
    [id, value] as const,
  );
}

const sliderValue = (page: Page, id: string) =>
  page.locator(`input[data-slider="${id}"]`).evaluate((el) => Number((el as HTMLInputElement).value));

describe("start design and the face editor", () => {
  // The longest walk of the suite; software WebGL on a busy machine needs the room.
  it("filters and pages the system avatars, refuses a locked one, DIYs a face, edits, blends and saves it", {
    timeout: 180_000,
  }, async () => {
    const page = await loggedIn("gold@demo.avalive.dev", "/myPerson");
    const plans: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("addPlanInfo") || req.url().includes("customRole/create")) plans.push(req.url());
    });

    // 'Start design' on My avatars opens the dialog on the system-avatar tab.
    await page.getByTestId("my-person-empty").waitFor();
    await page.getByTestId("start-design").click();
    const dialog = page.getByTestId("start-design-dialog");
    await dialog.waitFor();
    await page.getByTestId("role-card").first().waitFor();
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(1000);
    expect(await page.getByTestId("tab-system").getAttribute("aria-selected")).toBe("true");
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="role-card"] img')].every((i) => i.complete),
    );
    await screenshot(page, "avatar-start-design");

    // A system avatar downloads as GLB and as VRM 1.0 from its card (decision 034): valid files.
    const unlocked = page.locator('[data-testid="role-card"][data-locked="false"]').first();
    for (const format of ["glb", "vrm"] as const) {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        unlocked.getByTestId(`role-export-${format}`).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
      const bytes = fs.readFileSync((await file.path()) as string);
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("glTF");
      const report = await validator.validateBytes(new Uint8Array(bytes), { maxIssues: 20 });
      expect(report.issues.numErrors, `${format}: ${JSON.stringify(report.issues.messages)}`).toBe(0);
      expect(bytes.includes(Buffer.from('"VRMC_vrm"'))).toBe(format === "vrm");
    }

    // A backdrop click does not close it.
    await page.mouse.click(10, 450);
    expect(await dialog.isVisible()).toBe(true);

    // Gender filter: female (2) then male (1), then all again.
    await page.getByTestId("sex-female").click();
    await expect
      .poll(() => page.getByTestId("role-card").evaluateAll((els) => els.map((e) => e.dataset.sex)))
      .toEqual(expect.arrayContaining(["2"]));
    expect(new Set(await page.getByTestId("role-card").evaluateAll((els) => els.map((e) => e.dataset.sex)))).toEqual(
      new Set(["2"]),
    );
    await page.getByTestId("sex-male").click();
    await expect
      .poll(
        async () => new Set(await page.getByTestId("role-card").evaluateAll((els) => els.map((e) => e.dataset.sex))),
      )
      .toEqual(new Set(["1"]));
    await page.getByTestId("sex-all").click();

    // Slider pages of 8: 16 avatars make two pages.
    await expect.poll(() => page.getByTestId("role-card").count()).toBe(8);
    expect(await page.getByTestId("slider-page").textContent()).toBe("Page 1 of 2");
    const firstPage = await page.getByTestId("role-card").allTextContents();
    await page.getByTestId("slider-next").click();
    expect(await page.getByTestId("slider-page").textContent()).toBe("Page 2 of 2");
    expect(await page.getByTestId("slider-next").isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByTestId("role-card").allTextContents(), { timeout: 15_000 })
      .not.toEqual(firstPage);

    // Diamond avatars are locked for gold (issue 47): the badge names the tier that opens them, and
    // the card offers Upgrade (to the membership page, which brings Start design back) instead of
    // buttons that could only be refused; no call made.
    const locked = page.locator('[data-testid="role-card"][data-locked="true"]').first();
    await locked.getByTestId("lock-badge").waitFor();
    expect(await locked.getByTestId("lock-badge").innerText()).toBe("Diamond only");
    expect(await locked.getByRole("button", { name: "Create a draft" }).count()).toBe(0);
    await locked.getByTestId("role-upgrade").waitFor();
    await expect.poll(() => page.getByTestId("toast").allTextContents(), { timeout: 10_000 }).toEqual([]);
    await locked.hover();
    await screenshot(page, "avatar-start-design-locked");
    expect(plans).toEqual([]);

    // DIY face from an open female avatar.
    await page.getByTestId("slider-prev").click();
    await page.getByTestId("sex-female").click();
    const open = page.locator('[data-testid="role-card"][data-locked="false"]').first();
    await open.getByRole("button", { name: "DIY face" }).click();
    await page.waitForURL((url) => url.pathname === "/face" && url.searchParams.has("roleId"));
    const roleId = new URL(page.url()).searchParams.get("roleId") as string;
    expect(await page.getByTestId("start-design-dialog").count()).toBe(0);

    await bustShown(page);
    expect(await page.getByTestId("face-editor").getAttribute("data-sex")).toBe("2");
    // A face that loads is drawn once (a resize may add one), not followed by frames nobody sees
    // (decision 031: a dozen settling frames once cost every load 2.5 s of a core here).
    const loaded = await framesDrawn(page);
    expect(loaded).toBeLessThanOrEqual(3);
    await screenshot(page, "avatar-editor-female-front");
    // On-demand rendering: at rest the view draws nothing; turning it draws, then it rests again.
    const resting = await framesDrawn(page);
    await page.waitForTimeout(1500);
    expect(await framesDrawn(page)).toBe(resting);
    await orbit(page, 38);
    expect(await framesDrawn(page)).toBeGreaterThan(resting);
    await screenshot(page, "avatar-editor-female-three-quarter");
    // the realistic ponytail, seen turned (decision 039), then undone
    const cut = await page.getByTestId("face-editor").getAttribute("data-hair");
    await page.locator('[data-testid="hair-style"][data-style="ponytail"]').click();
    await page.waitForSelector('[data-testid="face-editor"][data-hair="ponytail"]', { timeout: 30_000 });
    await untilViewRests(page);
    await screenshot(page, "avatar-editor-female-ponytail");
    await page.getByTestId("undo").click();
    await page.waitForSelector(`[data-testid="face-editor"][data-hair="${cut}"]`, { timeout: 30_000 });
    await orbit(page, 0);

    // Blend three faces: pick three system avatars, weigh them, apply as one step.
    await page.getByTestId("open-blend").click();
    const options = page.locator('[data-testid="blend-option"][data-locked="false"]');
    await options.first().waitFor();
    for (const i of [0, 1, 2]) await options.nth(i).click();
    expect(await options.nth(3).isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="blend-option"][data-locked="true"]').first().isDisabled()).toBe(true);
    await page
      .getByTestId("blend-weight")
      .first()
      .evaluate((el) => {
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "0.5");
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    await page.getByText("20%").first().waitFor();
    await screenshot(page, "avatar-blend-panel");
    await page.getByTestId("blend-apply").click();
    await page.getByTestId("slider-group").waitFor();
    expect(await page.getByTestId("undo").isDisabled()).toBe(false);

    // Sliders in three groups; the head slider is dragged with the mouse: one undo step.
    await page.getByRole("button", { name: "Head", exact: true }).click();
    const before = await sliderValue(page, "head.width");
    const box = await page.locator('input[data-slider="head.width"]').boundingBox();
    if (!box) throw new Error("no slider");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (const f of [0.6, 0.7, 0.8, 0.9]) await page.mouse.move(box.x + box.width * f, box.y + box.height / 2);
    await page.mouse.up();
    const dragged = await sliderValue(page, "head.width");
    expect(dragged).toBeGreaterThan(0.6);
    await page.getByTestId("undo").click();
    expect(await sliderValue(page, "head.width")).toBe(before);
    await page.keyboard.press("Control+Shift+Z");
    expect(await sliderValue(page, "head.width")).toBe(dragged);

    await page.getByRole("button", { name: "Nose", exact: true }).click();
    await moveSlider(page, "nose.scale", -0.4);
    await page.getByRole("button", { name: "Eyes", exact: true }).click();
    await moveSlider(page, "eye.size", 0.55);
    await page.keyboard.press("Control+z");
    expect(await sliderValue(page, "eye.size")).not.toBe(0.55);
    await page.keyboard.press("Control+Shift+z");
    expect(await sliderValue(page, "eye.size")).toBe(0.55);

    // Save: an empty name is refused inline, then saved with a name.
    await page.getByTestId("save").click();
    const nameInput = page.getByTestId("name-dialog").getByLabel("Name");
    await nameInput.fill("  ");
    await page.getByTestId("name-dialog").getByRole("button", { name: "Save" }).click();
    expect(await page.getByTestId("name-error").textContent()).toBe("Filename is required");
    const name = `Blended ${Date.now().toString(36)}`;
    await nameInput.fill(name);
    await page.getByTestId("name-dialog").getByRole("button", { name: "Save" }).click();
    expect((await finishedToast(page, "Saved")).kind).toBe("success");
    expect(await page.getByTestId("face-name").textContent()).toBe(name);

    const saved = await api<{ name: string; faceParams: Record<string, number> }>(
      page.token,
      `/web-api/v1/douyin/customRole/detail/${roleId}`,
    );
    expect(saved.name).toBe(name);
    expect(saved.faceParams["head.width"]).toBeCloseTo(dragged, 2);
    expect(saved.faceParams["nose.scale"]).toBeCloseTo(-0.4, 5);
    expect(saved.faceParams["eye.size"]).toBeCloseTo(0.55, 5);

    // It is among the user's avatars.
    await page.getByRole("button", { name: /My avatars/ }).click();
    await page.waitForURL((url) => url.pathname === "/myPerson");
    const card = page.getByTestId("avatar-card").filter({ hasText: name });
    await card.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="toast"]').length === 0);
    await screenshot(page, "avatar-my-person");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("shows a male avatar front and three-quarter", async () => {
    const page = await loggedIn("diamond@demo.avalive.dev");
    const roles = await api<{ records: { id: string; sex: number; equityStatus: number }[] }>(
      page.token,
      "/web-api/v1/base/role/getListPage?limit=200&page=1&sex=1",
    );
    const male = roles.records.find((r) => r.equityStatus !== 2) as { id: string };
    const roleId = await api<string>(page.token, "/web-api/v1/douyin/customRole/create", { id: male.id });
    await page.goto(`${baseUrl}/face?roleId=${roleId}&twoMenu=2`);
    await bustShown(page);
    expect(await page.getByTestId("face-editor").getAttribute("data-sex")).toBe("1");
    // twoMenu=2 (after photo cloning) opens the face group.
    expect(await page.locator(".slider-panel__group--on").getAttribute("data-group")).toBe("face");
    await screenshot(page, "avatar-editor-male-front");
    // multisampled with a GPU, not in software (decision 045); this suite draws with llvmpipe
    const context = await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="avatar-stage"] canvas') as HTMLCanvasElement;
      const gl = canvas.getContext("webgl2") as WebGL2RenderingContext;
      const info = gl.getExtension("WEBGL_debug_renderer_info");
      return {
        antialias: gl.getContextAttributes()?.antialias,
        renderer: String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
      };
    });
    expect(context.antialias, context.renderer).toBe(!isSoftwareRenderer(context.renderer));
    await orbit(page, -38);
    await screenshot(page, "avatar-editor-male-three-quarter");

    // Glasses and a full beard (decision 046): the bust is rebuilt with them, and they are saved.
    await page.locator('[data-testid="glasses-style"][data-style="round"]').click();
    await page.waitForSelector('[data-testid="face-editor"][data-glasses="round"]', { timeout: 30_000 });
    await page.locator('[data-testid="beard-style"][data-style="full"]').click();
    await page.waitForSelector('[data-testid="face-editor"][data-beard="full"]', { timeout: 30_000 });
    const pressed = (id: string) => page.locator(`[data-testid="${id}"][aria-pressed="true"]`);
    expect(await pressed("glasses-style").getAttribute("data-style")).toBe("round");
    expect(await pressed("beard-style").getAttribute("data-style")).toBe("full");
    await screenshot(page, "avatar-editor-male-glasses-beard");
    // one undo step each, like a colour
    await page.getByTestId("undo").click();
    await page.waitForSelector('[data-testid="face-editor"][data-beard="none"]', { timeout: 30_000 });
    await page.getByTestId("redo").click();
    await page.waitForSelector('[data-testid="face-editor"][data-beard="full"]', { timeout: 30_000 });
    await page.getByTestId("save").click();
    await page.getByTestId("name-dialog").getByLabel("Name").fill("In glasses");
    await page.getByTestId("name-dialog").getByRole("button", { name: "Save" }).click();
    expect((await finishedToast(page, "Saved")).kind).toBe("success");
    const saved = await api<{ appearance: { glasses?: string; beard?: string } }>(
      page.token,
      `/web-api/v1/douyin/customRole/detail/${roleId}`,
    );
    expect(saved.appearance).toMatchObject({ glasses: "round", beard: "full" });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("renames, copies, resets and deletes avatars in /myPerson", async () => {
    const page = await loggedIn("silver@demo.avalive.dev");
    const roles = await api<{ records: { id: string; equityStatus: number }[] }>(
      page.token,
      "/web-api/v1/base/role/getListPage?limit=200&page=1&sex=",
    );
    const open = roles.records.find((r) => r.equityStatus !== 2) as { id: string };
    await api<string>(page.token, "/web-api/v1/douyin/customRole/create", { id: open.id });
    await page.goto(`${baseUrl}/workbench/myPerson`);
    const card = page.getByTestId("avatar-card").first();
    await card.waitFor();
    await expectAccessible(page, "workbench-myPerson");

    await card.getByRole("button", { name: "Rename" }).click();
    const input = page.getByTestId("name-dialog").getByLabel("Name");
    await input.fill("");
    await page.getByTestId("name-dialog").getByRole("button", { name: "Rename" }).click();
    expect(await page.getByTestId("name-error").textContent()).toBe("name cannot be empty");
    await input.fill("Stage twin");
    await page.getByTestId("name-dialog").getByRole("button", { name: "Rename" }).click();
    await page.getByTestId("avatar-card").filter({ hasText: "Stage twin" }).waitFor();

    await page
      .getByTestId("avatar-card")
      .filter({ hasText: "Stage twin" })
      .getByRole("button", { name: "Copy" })
      .click();
    await expect.poll(() => page.getByTestId("avatar-card").count()).toBe(2);

    await page.getByTestId("avatar-card").first().getByRole("button", { name: "Reset" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Reset" }).click();
    await finishedToast(page, /reset/i);

    await page.getByTestId("avatar-card").first().getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByTestId("avatar-card").count()).toBe(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("after a long time without operation counts down, then logs out (the app-wide idle rule)", async () => {
    const page = await loggedIn("gold@demo.avalive.dev");
    const id = await api<string>(page.token, "/web-api/v1/douyin/customRole/create", { id: "sys-f-02" });
    // the page's query may shorten the period (a kiosk's choice: 10 min, 8 s); the page's fake
    // clock, paused once the editor is up, runs it
    await page.clock.install();
    await page.goto(`${baseUrl}/face?roleId=${id}&idle=600&idleCountdown=8`);
    await page.getByTestId("face-editor").waitFor({ timeout: 30_000 });
    await pauseClock(page);
    const notice = page.getByTestId("idle-notice");
    await page.clock.fastForward(600_000);
    await notice.waitFor({ timeout: 5000 });
    expect(await notice.textContent()).toContain("No operation over a long time");
    expect(await notice.textContent()).toMatch(/logged out in 8 seconds/);
    // Acting keeps the editor open ...
    // (with the pointer: moving onto the button is already an operation and closes the notice,
    // which Playwright's click would then find covered; the pointer's press where it was is the same)
    const stay = await notice.getByRole("button").boundingBox();
    if (!stay) throw new Error("the notice has no button on screen");
    await page.mouse.click(stay.x + stay.width / 2, stay.y + stay.height / 2);
    await expect.poll(() => notice.count()).toBe(0);
    // ... and doing nothing again ends the session.
    await page.clock.fastForward(600_000);
    await notice.waitFor({ timeout: 5000 });
    await page.clock.runFor(8000);
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem("avalive.token"))).toBeNull();
    await page.context().close();
  });
});

describe("the membership gate", () => {
  it("asks a user without membership to unlock one; cancel stays, Unlock goes to /member", async () => {
    const page = await loggedIn("free@demo.avalive.dev", "/myPerson");
    await page.getByTestId("start-design").click();
    const confirm = page.getByTestId("confirm-dialog");
    await confirm.waitFor();
    expect(await confirm.getByRole("heading").textContent()).toBe("Prompts");
    await page.waitForTimeout(250); // the dialog's fade-in
    await screenshot(page, "avatar-membership-gate");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await confirm.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/myPerson");
    expect(await page.getByTestId("start-design-dialog").count()).toBe(0);

    await page.getByTestId("start-design").click();
    await confirm.getByRole("button", { name: "Unlock" }).click();
    await page.waitForURL((url) => url.pathname === "/member");
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("the home page's 'Start designing' opens the dialog for a member and leads a visitor to log in", async () => {
    // Home is reached through the header (client-side), as a user moving around the app would.
    const page = await loggedIn("silver@demo.avalive.dev", "/myPerson");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.getByRole("button", { name: "Start designing" }).click();
    await page.getByTestId("start-design-dialog").waitFor();
    await page.getByTestId("start-design-close").click();
    expect(await page.getByTestId("start-design-dialog").count()).toBe(0);
    await page.context().close();

    const visitor = await newPage(browser, { language: "EN" });
    await visitor.goto(`${baseUrl}/download`);
    await visitor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await visitor.getByRole("link", { name: "Start designing" }).click();
    await visitor.waitForURL((url) => url.pathname === "/login");
    await visitor.context().close();
  });
});
