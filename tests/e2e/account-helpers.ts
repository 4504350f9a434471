/** Helpers of the account E2E files: codes from the dev outbox, accounts made through the API. */

import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

interface OutboxMessage {
  to: string;
  channel: string;
  body: string;
  createdAt: string;
}

/** The newest code sent to an email or phone, read from the development outbox. */
export async function latestCode(baseUrl: string, to: string, after = 0): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { data: OutboxMessage[] };
        const newest = body.data.find((m) => Date.parse(m.createdAt) >= after);
        found = newest?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
        return found;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return found as unknown as string;
}

/** One /web-api call, answering its envelope as it came (GET without a body, POST with one unless `method` says). */
export async function api<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const headers: Record<string, string> = { language: "EN" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = init.token;
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** One /web-api call that must succeed (code 200): answers its data. */
export async function apiData<T>(baseUrl: string, path: string, init: { body?: unknown; token?: string } = {}) {
  const answer = await api<T>(baseUrl, path, init);
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
}

/** A fresh email account, registered through the API (code from the outbox). Answers its token. */
export async function registerByApi(baseUrl: string, email: string, password: string): Promise<string> {
  const since = Date.now() - 1000;
  const sent = await api(baseUrl, `/web-api/p1/uc/account/email/sendEmailCode?email=${encodeURIComponent(email)}`);
  expect(sent.code, sent.message).toBe(200);
  const code = await latestCode(baseUrl, email, since);
  const done = await api<{ token: string }>(baseUrl, "/web-api/p1/uc/account/email/registerLogin", {
    method: "POST",
    body: { email, code, password },
  });
  expect(done.code, done.message).toBe(200);
  return done.data.token;
}

/**
 * A fresh account with the one-time trial membership and a plan on the first system avatar, made
 * through the API; `use` makes it the plan in use (what /live and the clients show).
 */
export async function memberWithPlan(baseUrl: string, planName: string, options: { use?: boolean } = {}) {
  const email = `${unique("member")}@example.com`;
  const password = "Member-pass-123";
  const token = await registerByApi(baseUrl, email, password);
  await apiData(baseUrl, "/web-api/v1/vip/trial", { token, body: {} });
  const planId = await apiData<string>(baseUrl, "/web-api/v1/base/planInfo/addPlanInfo", {
    token,
    body: { roleId: "sys-f-01", roleType: "1", name: planName },
  });
  if (options.use) await apiData(baseUrl, "/web-api/v1/base/planInfo/usePlan", { token, body: { planId } });
  return { email, password, token, planId };
}

export async function userInfo(baseUrl: string, token: string) {
  return api<{ userId: string; phone?: string; email?: string; sourcesNo?: string; boundChannels: number[] }>(
    baseUrl,
    "/web-api/v1/base/account/getUserInfo",
    { token },
  );
}

/** Goes live in the studio's chosen mode, ends it, and answers the mode the newest live record holds. */
export async function liveBriefly(page: Page, baseUrl: string, token: string): Promise<string | undefined> {
  await page.getByTestId("live-start").click();
  await page.getByTestId("live-on-air").waitFor();
  await page.getByTestId("live-end").click();
  await page.getByTestId("live-off-air").waitFor();
  const records = await apiData<{ records: { mode: string }[] }>(
    baseUrl,
    "/web-api/v1/live/history/getListPage?page=1",
    { token },
  );
  return records.records[0]?.mode;
}

/** Opens the app already logged in, the way a returning visitor's stored token would. */
export async function openWithToken(page: Page, baseUrl: string, token: string, path: string) {
  await page.goto(`${baseUrl}/`);
  await page.evaluate((t) => localStorage.setItem("avalive.token", t), token);
  await page.goto(`${baseUrl}${path}`);
}

export async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: "visible" });
  return ((await locator.first().textContent()) ?? "").trim();
}

export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let phones = 0;
/** A mobile number no other test uses: 139 + 8 digits. */
export const uniquePhone = () => `139${String((Date.now() + phones++) % 1e8).padStart(8, "0")}`;
