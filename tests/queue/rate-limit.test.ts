/**
 * Rate limits shared by instances: two apps on one Redis (REDIS_URL) count one address's requests
 * together, the whole-API limit and a route's own limit alike; without REDIS_URL each instance
 * counts in its own memory. Each test has its own key prefix (QUEUE_PREFIX).
 */

import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_REDIS_URL } from "../../infra/redis.ts";
import { P1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const REDIS_URL = process.env.REDIS_URL ?? LOCAL_REDIS_URL;
const redis = new Redis(REDIS_URL);
const apps: TestApp[] = [];
const prefixes: string[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
});

/** Two instances of one site: the same Redis (or none) and the same prefix. */
async function pair(env: Record<string, string>) {
  const prefix = `avalive-test-${randomUUID()}`;
  prefixes.push(prefix);
  const one = await makeTestApp({ QUEUE_PREFIX: prefix, ...env });
  const two = await makeTestApp({ QUEUE_PREFIX: prefix, ...env });
  apps.push(one, two);
  return { one, two, prefix };
}

const config = (app: TestApp) => app.request.get(`${P1}/base/config`);

describe("rate limits with REDIS_URL", () => {
  it("count one address's API requests across instances", async () => {
    const { one, two, prefix } = await pair({ REDIS_URL, RATE_LIMIT_MAX: "5" });
    // three calls on one and two on two: neither alone has reached 5, together they have
    for (const app of [one, two, one, two, one]) expect((await config(app)).status).toBe(200);
    for (const app of [two, one]) {
      const res = await config(app);
      expect(res.status).toBe(429);
      expect(res.headers["x-ratelimit-remaining"]).toBe("0");
      expect(res.body.message).toMatch(/^Too many requests, please retry in \d+ seconds$/);
    }
    expect((await redis.keys(`${prefix}:rate-limit:*`)).length).toBeGreaterThan(0);
  });

  it("share a route's own limit too (login)", async () => {
    const { one, two } = await pair({ REDIS_URL, LOGIN_RATE_LIMIT: "2" });
    const login = (app: TestApp) =>
      app.request
        .post(`${P1}/uc/account/email/emailLogin`)
        .send({ email: "nobody@example.test", password: "wrong-1234" });
    expect((await login(one)).status).toBe(200);
    expect((await login(two)).status).toBe(200);
    expect((await login(one)).status).toBe(429);
    // the whole-API limit is a separate count, far from used up
    expect((await config(two)).status).toBe(200);
  });

  it("keep sites apart: another prefix on the same Redis counts from zero", async () => {
    const { one } = await pair({ REDIS_URL, RATE_LIMIT_MAX: "2" });
    const { one: otherSite } = await pair({ REDIS_URL, RATE_LIMIT_MAX: "2" });
    await config(one);
    await config(one);
    expect((await config(one)).status).toBe(429);
    expect((await config(otherSite)).status).toBe(200);
  });
});

describe("rate limits without REDIS_URL", () => {
  it("are counted by each instance in its own memory", async () => {
    const { one, two, prefix } = await pair({ RATE_LIMIT_MAX: "2" });
    await config(one);
    await config(one);
    expect((await config(one)).status).toBe(429);
    expect((await config(two)).status).toBe(200);
    expect(await redis.keys(`${prefix}:*`)).toEqual([]);
  });
});
