import type { TestApp } from "./app.ts";

/** The latest code sent to a target, read from the dev outbox as a person would read their inbox. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const res = await t.request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = res.body.data?.[0]?.body as string | undefined;
  const code = body?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A settable clock for the app, starting now. */
export function testClock() {
  let now = Date.now();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export const P1 = "/web-api/p1";
export const V1 = "/web-api/v1";
export const EMAIL = `${P1}/uc/account/email`;
