/**
 * Jobs stay with their server (issue 45, defect 6; docs/decisions/048): with QUEUE_PREFIX unset,
 * the prefix is derived from the database's identity. Two servers with different databases on one
 * Redis never take each other's jobs; two on the same database share them, and a photo clone's
 * progress is read through either (defect 10).
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import type { App } from "../../server/types.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { fixture } from "../helpers/images.ts";

// Redis is 127.0.0.1:6379 (the test machines run one); JOBS_MODE=bullmq adopts it, as auto would.
const BULL = { JOBS_MODE: "bullmq" };

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([makeTestApp(BULL), makeTestApp(BULL)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function uploads(t: TestApp, count: number) {
  const user = await t.user();
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      t.request
        .post(`${V1}/base/file/upload`)
        .set("authorization", user.token)
        .attach("file", fixture("astronaut.png"), `a-${i}.png`)
        .then((res) => res.body as { code: number; data: { thumbnailUrl: string | null } }),
    ),
  );
}

describe("the default queue prefix", () => {
  it("differs for servers on different databases: 20 uploads each on one Redis, none failing", async () => {
    expect(a.app.deps.jobs.mode).toBe("bullmq");
    expect(a.app.deps.env.QUEUE_PREFIX).toMatch(/^avalive-[0-9a-f]{16}$/);
    expect(a.app.deps.env.QUEUE_PREFIX).not.toBe(b.app.deps.env.QUEUE_PREFIX);
    const [mine, theirs] = await Promise.all([uploads(a, 20), uploads(b, 20)]);
    const failed = [...mine, ...theirs].filter((answer) => answer.code !== 200);
    console.log(`  [security] 2 servers, 1 Redis, 40 uploads: ${failed.length} failed`);
    expect(failed).toEqual([]);
    for (const answer of [...mine, ...theirs]) expect(answer.data.thumbnailUrl).toMatch(/\.thumb256\.webp$/);
  }, 180_000);

  describe("on the same database", () => {
    let twin: App;
    beforeAll(async () => {
      // a second instance of a's site: the same database and files, as the scaled profile runs
      twin = await buildApp({ env: a.env, webDist: null });
      await twin.ready();
    });
    afterAll(() => twin?.close());

    it("is the same, so the instances share their jobs and a clone's progress reads through either", async () => {
      expect(twin.deps.env.QUEUE_PREFIX).toBe(a.app.deps.env.QUEUE_PREFIX);
      const user = await a.user({ vipType: "gold" });
      const requestId = randomUUID();
      const res = await a.request
        .post(`${V1}/douyin/customRole/createPhoto/2`)
        .set("authorization", user.token)
        .field("requestId", requestId)
        .attach("file", fixture("astronaut.png"), "me.png");
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      // polled through the other instance: the progress is the job's, in Redis
      const polled = await twin.inject({
        method: "GET",
        url: `${V1}/douyin/customRole/photoProgress/${requestId}`,
        headers: { authorization: user.token },
      });
      expect(polled.json()).toMatchObject({ code: 200, data: { percent: 100 } });
      // another user asking for the same request id finds nothing
      const other = await a.user({ vipType: "gold" });
      const theirs = await twin.inject({
        method: "GET",
        url: `${V1}/douyin/customRole/photoProgress/${requestId}`,
        headers: { authorization: other.token },
      });
      expect(theirs.json()).toMatchObject({ code: 1212 });
    }, 120_000);
  });
});
