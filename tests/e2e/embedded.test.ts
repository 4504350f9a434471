/**
 * Embedded mode end to end (issue 16; docs/embedded.md), in real Chromium against the E2E server:
 *   - the host demo (hosts/demo, scripts/host-demo.ts) on its own origin, http://host.example (Chromium
 *     resolves it to the demo's port), embeds Avalive at 127.0.0.1: the token by message and in the
 *     address; every host -> app message (token, language, toggleStartDesign, pushRoute, replaceRoute,
 *     requestNotice x3) and every app -> host message (pageLoad, pageChange, tokenStatus, editPerson,
 *     editPlan, noAuth, 'token overdue' on 600);
 *   - a look-alike origin's token (a suffix, another port, a sandboxed frame's "null") is refused and
 *     logged, 0 accepted, while the same token from the allowed host is taken;
 *   - the iOS wrapper with its simulated native side: token and language in, intents out;
 *   - the official-site redirect: off by default; on, with OFFICIAL_SITE_URL, on a second server.
 */

import { type Browser, chromium, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHROMIUM_PATH } from "../../infra/chromium.ts";
import { startHostDemo } from "../../scripts/host-demo.ts";
import { type RunningProduct, startProduct } from "../../scripts/serve.ts";
import { TOKEN_OVERDUE } from "../../shared/host/messages.ts";
import { registerByApi, unique } from "./account-helpers.ts";
import { apiLogin, CHROMIUM_ARGS, newPage, screenshot } from "./browser.ts";
import { E2E_HOST_ORIGIN, LOOKALIKE_PORT, LOOKALIKE_SUFFIX, OFFICIAL_SITE, RESOLVED_HOSTS } from "./hosts.ts";

const baseUrl = inject("baseUrl");
const HOST = E2E_HOST_ORIGIN;
const PASSWORD = "Host-demo-123";

let browser: Browser;
let demo: Awaited<ReturnType<typeof startHostDemo>>;
interface Account {
  email: string;
  token: string;
}

/** An account made for this file on first use (inside a test: registering polls the outbox). */
function account(prefix: string, trial: boolean): () => Promise<Account> {
  let made: Promise<Account> | null = null;
  const make = async () => {
    const email = `${unique(prefix)}@example.com`;
    const token = await registerByApi(baseUrl, email, PASSWORD);
    if (trial) {
      const res = await fetch(`${baseUrl}/web-api/v1/vip/trial`, { method: "POST", headers: { authorization: token } });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    }
    return { email, token };
  };
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
}

/** A silver member (the trial) and a user without membership. */
const memberAccount = account("host-member", true);
const visitorAccount = account("host-visitor", false);

beforeAll(async () => {
  demo = await startHostDemo({ avaliveUrl: baseUrl, hostPort: 0, iosPort: 0 });
  const port = new URL(demo.hostUrl).port;
  const rules = RESOLVED_HOSTS.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(", ");
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=${rules}`],
  });
});
afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

interface Entry {
  dir: "in" | "out" | "refused";
  type: string;
  data: Record<string, unknown>;
  origin: string;
}

/** The host demo's message log (hosts/demo/log.ts). */
const hostLog = (page: Page): Promise<Entry[]> =>
  page.evaluate(() => (window as unknown as { hostDemo?: { log: Entry[] } }).hostDemo?.log ?? []);

/** The data of the host's messages of one direction and type, in order. */
async function logged(page: Page, dir: Entry["dir"], type: string) {
  return (await hostLog(page)).filter((e) => e.dir === dir && e.type === type).map((e) => e.data);
}

/** Waits for the `n`th message of a type from Avalive, answering its data. */
async function nth(page: Page, type: string, n: number) {
  await expect.poll(async () => (await logged(page, "in", type)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
  return (await logged(page, "in", type))[n - 1] as Record<string, unknown>;
}

async function frameIn(page: Page, selector: string): Promise<Frame> {
  const handle = await page.locator(selector).elementHandle({ timeout: 15_000 });
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame at ${selector}`);
  return frame;
}

const pathOf = (frame: Frame) => {
  const url = new URL(frame.url());
  return url.pathname + url.search;
};

async function hostLogin(page: Page, email: string, handover: "message" | "query") {
  await page.goto(`${HOST}/`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel(handover === "message" ? /by message/ : /in the address/).check();
  await page.getByRole("button", { name: "Log in" }).click();
  await page.locator("#studio-view").waitFor();
  return frameIn(page, "#studio-slot iframe");
}

describe("the host demo embeds Avalive", () => {
  it("hands the token over by message; every host message is done, every notice sent", {
    timeout: 150_000,
  }, async () => {
    const member = await memberAccount();
    const page = await newPage(browser);
    const studio = await hostLogin(page, member.email, "message");

    // The frame starts at /myPerson without a token: the guard sends it to the login page, whose
    // page load asks for the token; the token takes it on to /myPerson.
    const load = await nth(page, "pageLoad", 1);
    expect(load).toEqual({ path: "/login?redirect=%2FmyPerson" });
    expect((await logged(page, "out", "token")).length).toBe(1);
    expect(await nth(page, "pageChange", 1)).toEqual({ path: "/myPerson", from: "/login?redirect=%2FmyPerson" });
    // the list has loaded (empty on a first run; the DIY below adds to it on a retry)
    await studio.locator('[data-testid="my-person-empty"], [data-testid="avatar-card"]').first().waitFor();
    await screenshot(page, "embedded-host-demo");

    // requestNotice: token status (checked with the server), page load, page change
    await page.getByRole("button", { name: "Ask: token status" }).click();
    const me = (await (
      await fetch(`${baseUrl}/web-api/v1/base/account/getUserInfo`, { headers: { authorization: member.token } })
    ).json()) as { data: { userId: string } };
    expect(await nth(page, "tokenStatus", 1)).toEqual({ status: "valid", userId: me.data.userId });
    await page.getByRole("button", { name: "Ask: page load" }).click();
    expect(await nth(page, "pageLoad", 2)).toEqual({ path: "/myPerson" });
    await page.getByRole("button", { name: "Ask: page change" }).click();
    expect(await nth(page, "pageChange", 2)).toEqual({ path: "/myPerson", from: "/login?redirect=%2FmyPerson" });

    // replaceRoute leaves the history as long as it was; pushRoute adds an entry
    const before = await studio.evaluate(() => history.length);
    await page.getByRole("button", { name: "Replace: my plans" }).click();
    expect(await nth(page, "pageChange", 3)).toEqual({ path: "/myplan", from: "/myPerson" });
    expect(pathOf(studio)).toBe("/myplan");
    expect(await studio.evaluate(() => history.length)).toBe(before);
    await page.getByRole("button", { name: "Push: my avatars" }).click();
    expect(await nth(page, "pageChange", 4)).toEqual({ path: "/myPerson", from: "/myplan" });
    expect(await studio.evaluate(() => history.length)).toBe(before + 1);

    // language
    await page.getByLabel("Language").selectOption("ZH_CN");
    await expect.poll(() => studio.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    await page.getByLabel("Language").selectOption("EN");
    await expect.poll(() => studio.evaluate(() => document.documentElement.lang)).toBe("en");

    // toggleStartDesign opens the dialog (a member passes the gate) and closes it again
    await page.getByRole("button", { name: "Start design" }).click();
    await studio.getByTestId("start-design-dialog").waitFor();
    await page.getByRole("button", { name: "Start design" }).click();
    await expect.poll(() => studio.getByTestId("start-design-dialog").count()).toBe(0);

    // 'DIY face' in the dialog: editPerson, and the host opens the face editor in its own view
    await page.getByRole("button", { name: "Start design" }).click();
    const card = studio.locator('[data-testid="role-card"][data-locked="false"]').first();
    await card.getByRole("button", { name: "DIY face" }).click();
    const person = await nth(page, "editPerson", 1);
    expect(Object.keys(person)).toEqual(["roleId"]);
    expect(pathOf(studio)).toBe("/myPerson"); // Avalive did not route
    await page.locator("#side-view").waitFor();
    expect(await page.locator("#side-title").textContent()).toBe("Face editor");
    const side = await frameIn(page, "#side-slot iframe");
    await expect.poll(() => pathOf(side), { timeout: 20_000 }).toBe(`/face?roleId=${person.roleId}`);
    // the side frame speaks to the host too: its page (after the token, were it sent to a login page) is the editor
    // (a new frame loading the editor's three.js chunk: seconds on a loaded machine)
    await expect
      .poll(async () => (await hostLog(page)).some((e) => e.dir === "in" && e.data.path === pathOf(side)), {
        timeout: 20_000,
      })
      .toBe(true);

    // 'Create a draft': editPlan, and the host opens the plan in its own view
    await page.getByRole("button", { name: "Back to the studio" }).click();
    await page.getByRole("button", { name: "Start design" }).click();
    await card.getByRole("button", { name: "Create a draft" }).click();
    const plan = await nth(page, "editPlan", 1);
    expect(plan).toEqual({
      planId: expect.any(String),
      roleId: expect.any(String),
      roleType: expect.stringMatching(/^[12]$/),
    });
    expect(await page.locator("#side-title").textContent()).toBe("Plan");
    const planView = await frameIn(page, "#side-slot iframe");
    await expect
      .poll(() => pathOf(planView), { timeout: 20_000 })
      .toBe(`/plan?${new URLSearchParams(plan as Record<string, string>)}`);
    expect(page.errors).toEqual([]);
  });

  it("hands the token over in the address, which Avalive removes once read", { timeout: 60_000 }, async () => {
    const member = await memberAccount();
    const page = await newPage(browser);
    const studio = await hostLogin(page, member.email, "query");
    expect(await page.locator("#studio-slot iframe").getAttribute("src")).toContain("token=");
    await studio.getByTestId("my-person").waitFor();
    // in the address bar no more, nor in the history
    expect(studio.url()).toBe(`${baseUrl}/myPerson`);
    expect(await nth(page, "pageLoad", 1)).toEqual({ path: "/myPerson" });
    expect(await logged(page, "out", "token")).toEqual([]);
    await page.getByRole("button", { name: "Ask: token status" }).click();
    expect((await nth(page, "tokenStatus", 1)).status).toBe("valid");
  });

  it("on code 600 sends 'token overdue', and the host returns to its login", { timeout: 60_000 }, async () => {
    const member = await memberAccount();
    const page = await newPage(browser);
    const studio = await hostLogin(page, member.email, "message");
    await studio.getByTestId("my-person").waitFor();
    // the host's token is revoked on the server (another device logged it out)
    const token = await page.evaluate(() => sessionStorage.getItem("host-demo.token"));
    const revoked = await fetch(`${baseUrl}/web-api/v1/base/account/logout`, {
      method: "POST",
      headers: { authorization: token ?? "" },
    });
    expect(((await revoked.json()) as { code: number }).code).toBe(200);
    // the next call Avalive makes answers 600
    await page.getByRole("button", { name: "Replace: my plans" }).click();
    expect(await nth(page, TOKEN_OVERDUE, 1)).toEqual({});
    await page.locator("#login-view").waitFor();
    expect(await page.locator("#login-notice").textContent()).toContain("token overdue");
    expect(await page.locator("#studio-slot iframe").count()).toBe(0);
    await screenshot(page, "embedded-host-token-overdue");
  });

  it("asks the host to open membership from the gate's Unlock (noAuth)", { timeout: 60_000 }, async () => {
    const visitor = await visitorAccount();
    const page = await newPage(browser);
    const studio = await hostLogin(page, visitor.email, "message");
    await studio.getByTestId("my-person").waitFor();
    await page.getByRole("button", { name: "Start design" }).click();
    const confirm = studio.getByTestId("confirm-dialog");
    await confirm.getByRole("button", { name: "Unlock" }).click();
    expect(await nth(page, "noAuth", 1)).toEqual({ jump: "/member?from=design" });
    expect(pathOf(studio)).toBe("/myPerson");
    expect(await page.locator("#side-title").textContent()).toBe("Membership");
    const side = await frameIn(page, "#side-slot iframe");
    await expect.poll(() => pathOf(side)).toBe("/member?from=design");
    await side.getByTestId("member-page").waitFor();
    await screenshot(page, "embedded-host-membership");
  });
});

describe("a look-alike host", () => {
  it("cannot hand a token over: 0 accepted, each refusal logged", { timeout: 60_000 }, async () => {
    const page = await newPage(browser);
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    // The smallest host page, on the allowed origin, frames Avalive (logged out).
    await page.goto(`${HOST}/minimal.html`);
    expect(await nth(page, "pageLoad", 1)).toEqual({ path: "/" });

    // Three look-alikes, framed beside Avalive, post it a valid token.
    const token = await apiLogin(baseUrl, (await memberAccount()).email, PASSWORD);
    const sender = (origin: string) => `${origin}/lookalike.html?token=${encodeURIComponent(token)}`;
    await page.evaluate(
      ([suffix, port, sandboxed]) => {
        for (const src of [suffix, port, sandboxed]) {
          const frame = document.createElement("iframe");
          frame.title = "look-alike";
          // the last one sandboxed: an opaque origin, "null"
          if (src === sandboxed) frame.setAttribute("sandbox", "allow-scripts");
          frame.src = src as string;
          document.body.append(frame);
        }
      },
      [sender(LOOKALIKE_SUFFIX), sender(LOOKALIKE_PORT), sender(HOST)],
    );
    const refused = () => warnings.filter((w) => w.includes('ignored a "token" message from'));
    await expect.poll(() => refused().length, { timeout: 15_000 }).toBe(3);
    expect(
      refused()
        .map((w) => w.match(/from (\S+):/)?.[1])
        .sort(),
    ).toEqual([LOOKALIKE_PORT, LOOKALIKE_SUFFIX, "null"].sort());
    expect(warnings.join("\n")).not.toContain(token); // the token itself is never logged

    // 0 accepted: Avalive tells its real host it has no token (the browser may deny a frame of
    // another site its storage, so the session is asked for, not read)
    const send = (message: unknown) =>
      page.evaluate(
        (m) => window.hostDemo?.send?.(m as Parameters<NonNullable<NonNullable<Window["hostDemo"]>["send"]>>[0]),
        message,
      );
    await send({ type: "requestNotice", data: { notice: "tokenStatus" } });
    expect(await nth(page, "tokenStatus", 1)).toEqual({ status: "none", userId: null });

    // The very same token from the allowed host is taken: only the origin made the difference.
    await send({ type: "token", data: { token } });
    await send({ type: "requestNotice", data: { notice: "tokenStatus" } });
    expect(await nth(page, "tokenStatus", 2)).toEqual({ status: "valid", userId: expect.any(String) });
    expect(refused().length).toBe(3);
  });
});

describe("the iOS wrapper, with its simulated native side", () => {
  it("takes token and language from native messages, and sends its intents through the bridge", {
    timeout: 150_000,
  }, async () => {
    const [member, visitor] = await Promise.all([memberAccount(), visitorAccount()]);
    const page = await newPage(browser);
    await page.goto(demo.iosUrl);
    const app = await frameIn(page, "#webviews iframe");
    const nativeLogin = async (email: string) => {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Log in (native)" }).click();
      await expect.poll(() => page.locator("#native-user").textContent()).toContain(email);
    };

    // The app found window.webkit.messageHandlers.avalive: its page load is an intent to native,
    // which answers with the phone's language.
    expect(await nth(page, "pageLoad", 1)).toEqual({ path: "/" });
    expect(await logged(page, "out", "language")).toEqual([{ language: "EN" }]);
    await page.getByLabel("Phone language").selectOption("ZH_TN");
    await expect.poll(() => app.evaluate(() => document.documentElement.lang)).toBe("zh-TW");
    await page.getByLabel("Phone language").selectOption("EN");
    await expect.poll(() => app.evaluate(() => document.documentElement.lang)).toBe("en");

    // Token from native: the visitor; the gate's Unlock is the native membership intent.
    await nativeLogin(visitor.email);
    await app.getByTestId("user-menu").waitFor();
    await screenshot(page, "embedded-ios-app");
    await app.getByTestId("start-design").first().click();
    await app.getByTestId("confirm-dialog").getByRole("button", { name: "Unlock" }).click();
    expect(await nth(page, "noAuth", 1)).toEqual({ jump: "/member?from=design" });
    await expect.poll(() => page.locator("#native-screen-title").textContent()).toBe("Membership (native)");
    expect(new URL(app.url()).pathname).toBe("/"); // the web view did not route
    await screenshot(page, "embedded-ios-membership");
    await page.getByRole("button", { name: "Close" }).click();

    // Another token: the member; 'DIY face' is the native edit-person intent (a web view pushed on it).
    await nativeLogin(member.email);
    await expect
      .poll(() => app.evaluate(() => localStorage.getItem("avalive.token")))
      .toBe(await page.evaluate(() => sessionStorage.getItem("ios-sim.token")));
    await app.getByTestId("start-design").first().click();
    const card = app.locator('[data-testid="role-card"][data-locked="false"]').first();
    await card.getByRole("button", { name: "DIY face" }).click();
    const person = await nth(page, "editPerson", 1);
    await expect.poll(() => page.locator("#webviews iframe").count()).toBe(2);
    expect(await page.locator("#webviews iframe").last().getAttribute("src")).toBe(`/face?roleId=${person.roleId}`);
    await page.getByRole("button", { name: "‹ Back" }).click();

    // The user logs out in the app: the logout intent, and native shows its login.
    await app.getByTestId("user-menu").click();
    await app.getByRole("menuitem", { name: "Log out" }).click();
    expect(await nth(page, "logout", 1)).toEqual({ reason: "user" });
    await expect.poll(() => page.locator("#native-screen-title").textContent()).toBe("Login (native)");

    // Code 600: the native side's token is revoked elsewhere; the app's next call says so.
    await nativeLogin(member.email);
    const token = await page.evaluate(() => sessionStorage.getItem("ios-sim.token"));
    await fetch(`${baseUrl}/web-api/v1/base/account/logout`, {
      method: "POST",
      headers: { authorization: token ?? "" },
    });
    await app.evaluate(() => location.reload());
    expect(await nth(page, "logout", 2)).toEqual({ reason: "tokenOverdue" });
    await expect.poll(() => page.locator("#native-notice").textContent()).toContain("tokenOverdue");
    expect(await logged(page, "in", TOKEN_OVERDUE)).toEqual([]); // that is the host's word, not the wrapper's
  });
});

describe("the official-site redirect (spec section 2, Access rules)", () => {
  let official: RunningProduct;
  beforeAll(async () => {
    official = await startProduct("e2e-official", { OFFICIAL_SITE_URL: OFFICIAL_SITE, HOST_ORIGINS: HOST });
  });
  afterAll(async () => {
    await official?.stop();
  });

  /** Opens `url` and waits until the app has its configuration and has drawn the page. */
  async function open(page: Page, url: string) {
    const config = page.waitForResponse((r) => r.url().endsWith("/web-api/p1/base/config"));
    await page.goto(url);
    await config;
    await page.locator("#main").waitFor();
    await page.waitForTimeout(300); // the layout's effect would redirect right after the answer
  }

  it("is off by default: a visitor without the entry flag stays", async () => {
    const page = await newPage(browser);
    await open(page, `${baseUrl}/member`);
    expect(page.url()).toBe(`${baseUrl}/member`);
  });

  it("when configured, sends such a visitor to the official site; the entry flag or a host keeps them", {
    timeout: 60_000,
  }, async () => {
    const page = await newPage(browser);
    await page.context().route(`${OFFICIAL_SITE}**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><html lang="en"><title>Official</title><h1>Official site</h1></html>',
      }),
    );
    await page.goto(`${official.baseUrl}/member`);
    await page.waitForURL(OFFICIAL_SITE);

    // The official site links here with ?entry: the flag is stored, and later visits stay.
    await open(page, `${official.baseUrl}/member?entry=1`);
    expect(page.url()).toBe(`${official.baseUrl}/member?entry=1`);
    await open(page, `${official.baseUrl}/notice`);
    expect(page.url()).toBe(`${official.baseUrl}/notice`);

    // Embedded in a host, without any flag: stays.
    const framed = await newPage(browser);
    const path = `/minimal.html?${new URLSearchParams({ path: "/member", avalive: official.baseUrl })}`;
    await framed.goto(`${HOST}${path}`);
    expect(await nth(framed, "pageLoad", 1)).toEqual({ path: "/member" });
    const app = await frameIn(framed, "#avalive");
    await app.locator("#main").waitFor();
    await framed.waitForTimeout(300);
    expect(app.url()).toBe(`${official.baseUrl}/member`);
  });
});
