/**
 * Two server instances on two ports sharing one PostgreSQL database, one Redis (BullMQ, embedded
 * workers) and one media folder, as behind the `scale` profile's reverse proxy
 * (docs/decisions/032-postgresql.md). A user's whole flow alternates instances on every call; the
 * token logged out on one is refused on both at once; an instance told to stop drains: it answers
 * "not ready", finishes the request in flight, and exits cleanly. The studio's face frames and lines
 * sent to one instance reach the user's OBS source on the other (decisions 036, 040). Runs in
 * `npm run test:integration:pg` (it needs PostgreSQL and Redis).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createDb } from "../../infra/db.ts";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import type { LiveServerMessage } from "../../shared/live.ts";
import { ORDER_STATUS } from "../../shared/orders.ts";
import { P1, V1 } from "../helpers/account.ts";
import { freshDatabase, TEST_SECRET } from "../helpers/app.ts";
import { fixture } from "../helpers/images.ts";
import { onPostgres } from "../helpers/pg.ts";
import { killAll, startProcess, type TestProcess } from "../helpers/processes.ts";

interface Instance extends TestProcess {
  base: string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const started = startProcess("server/main.ts", env);
  const [, port] = await started.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 60_000);
  return { ...started, base: `http://127.0.0.1:${port}` };
}

async function call<T = unknown>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; form?: FormData; token?: string } = {},
) {
  const headers: Record<string, string> = { language: "EN" };
  if (init.token) headers.authorization = init.token;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined && !init.form ? "GET" : "POST"),
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    redirect: "manual",
  });
  const text = await res.text();
  let body: { code: number; message: string; data: T };
  try {
    body = JSON.parse(text);
  } catch {
    body = { code: res.status, message: text, data: undefined as T };
  }
  return { status: res.status, ...body, location: res.headers.get("location") };
}

/** Register by email code on one instance (the code read from its development outbox); the token. */
async function registerOn(base: string, email: string, password: string): Promise<string> {
  const sent = await call(base, `${P1}/uc/account/email/sendEmailCode?email=${encodeURIComponent(email)}`);
  expect(sent.code, sent.message).toBe(200);
  const outbox = await call<{ body: string }[]>(base, `/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = outbox.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
  const registered = await call<{ token: string }>(base, `${P1}/uc/account/email/registerLogin`, {
    body: { email, code, password },
  });
  expect(registered.code, registered.message).toBe(200);
  return registered.data.token;
}

describe.runIf(onPostgres())("two instances sharing PostgreSQL and Redis", () => {
  let instances: Instance[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const db = createDb(fresh.databaseUrl);
    await seedRoles(db);
    await seedCatalogue(db);
    await db.$disconnect();
    const env = {
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: fresh.dataDir,
      DATABASE_URL: fresh.databaseUrl,
      JWT_SECRET: TEST_SECRET,
      JOBS_MODE: "bullmq",
      REDIS_URL: "redis://127.0.0.1:6379",
      QUEUE_PREFIX: `avalive-scale-${process.pid}`,
      AVALIVE_PROFILE: "test",
      // a wide "draining" window: on a loaded machine a photo clone's face fit can hold b's event
      // loop for a second or more, and the test must still see the 503 before b stops listening
      DRAIN_DELAY_MS: "3000",
      // the in-flight photo clone now also projects its face texture and renders its 3D portrait
      // (decisions 049, 058): at load 10 on PostgreSQL it outlasted 15 s, and the forced exit cut it
      SHUTDOWN_TIMEOUT_MS: "60000",
    };
    // One after the other: the first writes the shared folder's payment sandbox keys.
    instances = [await startInstance(env)];
    instances.push(await startInstance(env));
  }, 180_000);

  afterAll(async () => {
    killAll();
    await drop?.();
  });

  it("runs a user's whole flow alternating instances on every call, and a logout holds on both", async () => {
    let turn = 0;
    /** The next instance: every call goes to the other one than the call before. */
    const next = () => (instances[turn++ % 2] as Instance).base;
    const email = `scale-${Date.now()}@example.com`;
    const password = "Scale-pass-123";

    // register: the code is sent by one instance (read from its development outbox), used on the other
    const sender = next();
    const sent = await call(sender, `${P1}/uc/account/email/sendEmailCode?email=${encodeURIComponent(email)}`);
    expect(sent.code, sent.message).toBe(200);
    const outbox = await call<{ body: string }[]>(sender, `/dev/outbox?to=${encodeURIComponent(email)}`);
    const code = outbox.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const registered = await call<{ token: string }>(next(), `${P1}/uc/account/email/registerLogin`, {
      body: { email, code, password },
    });
    expect(registered.code, registered.message).toBe(200);

    // log in
    const login = await call<{ token: string }>(next(), `${P1}/uc/account/email/emailLogin`, {
      body: { email, password },
    });
    expect(login.code, login.message).toBe(200);
    const token = login.data.token;
    for (let i = 0; i < 2; i++) {
      const info = await call<{ email: string }>(next(), `${V1}/base/account/getUserInfo`, { token });
      expect(info.data.email).toBe(email);
    }

    // the trial membership opens photo cloning
    const trial = await call(next(), `${V1}/vip/trial`, { token, body: {} });
    expect(trial.code, trial.message).toBe(200);

    // clone: the upload lands on one instance, the job runs on whichever worker takes it from Redis
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(fixture("astronaut.png"))], { type: "image/png" }), "me.png");
    const cloned = await call<string>(next(), `${V1}/douyin/customRole/createPhoto/2`, { token, form });
    expect(cloned.code, cloned.message).toBe(200);
    const detail = await call<{ kind: string; img: string }>(next(), `${V1}/douyin/customRole/detail/${cloned.data}`, {
      token,
    });
    expect(detail.data.kind).toBe("photo");
    expect((await fetch(`${next()}${detail.data.img}`)).status).toBe(200);

    // plan: made on one instance, read and changed on the other
    const planId = await call<string>(next(), `${V1}/base/planInfo/addPlanInfo`, {
      token,
      body: { roleId: cloned.data, roleType: "2", name: "Scaled plan" },
    });
    expect(planId.code, planId.message).toBe(200);
    const plan = await call<{ name: string; role: { id: string } }>(
      next(),
      `${V1}/base/planInfo/getPlanInfo?planId=${planId.data}`,
      { token },
    );
    expect(plan.data).toMatchObject({ name: "Scaled plan", role: { id: cloned.data } });

    // pay: the order on one instance, the sandbox's page and signed notification on the others
    const order = await call<{ orderId: string; payUrl: string }>(next(), `${V1}/order/create`, {
      method: "PUT",
      token,
      body: { skuId: "vip.gold.month", channel: "card" },
    });
    expect(order.code, order.message).toBe(200);
    const payPath = new URL(order.data.payUrl, "http://x").pathname;
    expect((await fetch(`${next()}${payPath}`)).status).toBe(200);
    const paid = await fetch(`${next()}${payPath}/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain("outcome=paid");
    const status = await call<{ status: number }>(next(), `${V1}/order/status/${order.data.orderId}`, { token });
    expect(status.data.status).toBe(ORDER_STATUS.paid);
    const vip = await call<{ current: { tier: string } }>(next(), `${V1}/vip/userVip/list`, { token });
    expect(vip.data.current.tier).toBe("gold");

    // log out on one instance: the token is refused on both, at once
    const out = await call(next(), `${V1}/base/account/logout`, { token, body: {} });
    expect(out.code, out.message).toBe(200);
    const started = Date.now();
    for (const instance of instances) {
      const refused = await call(instance.base, `${V1}/base/account/getUserInfo`, { token });
      expect(refused.code).toBe(600);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  }, 120_000);

  it("carries the studio's face frames and lines on one instance to the user's OBS source on the other, and nobody else's", async () => {
    const [a, b] = instances as [Instance, Instance];
    /** A silver member (the trial) with a used plan and a stream key, registered on `a`. */
    async function member() {
      const email = `relay-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const token = await registerOn(a.base, email, "Relay-pass-123");
      expect((await call(a.base, `${V1}/vip/trial`, { token, body: {} })).code).toBe(200);
      const plan = await call<string>(b.base, `${V1}/base/planInfo/addPlanInfo`, {
        token,
        body: { roleId: "sys-f-01", roleType: "1" },
      });
      expect((await call(a.base, `${V1}/base/planInfo/usePlan`, { token, body: { planId: plan.data } })).code).toBe(
        200,
      );
      const key = await call<{ key: string }>(a.base, `${V1}/live/streamKey/rotate`, { token, body: {} });
      return { token, key: key.data.key };
    }
    /** A live socket on an instance, authenticated, with what it received. */
    async function socket(base: string, auth: { token: string } | { streamKey: string }) {
      const ws = new WebSocket(`${base.replace(/^http/, "ws")}/web-api/ws/live?language=EN`);
      const seen: LiveServerMessage[] = [];
      ws.on("message", (data) => void seen.push(JSON.parse(String(data)) as LiveServerMessage));
      await new Promise((resolve, reject) => {
        ws.once("open", resolve);
        ws.once("error", reject);
      });
      ws.send(JSON.stringify({ type: "auth", ...auth }));
      await expect.poll(() => seen.some((m) => m.type === "ready"), { timeout: 10_000 }).toBe(true);
      return { ws, seen, of: (type: string) => seen.filter((m) => m.type === type) };
    }

    const [me, other] = [await member(), await member()];
    const studio = await socket(a.base, { token: me.token });
    const source = await socket(b.base, { streamKey: me.key });
    const theirs = await socket(b.base, { streamKey: other.key });
    const frame = { type: "face", t: 1, blendshapes: { jawOpen: 0.7 }, head: { pitch: 0.1, yaw: 0, roll: 0 } };
    // the face right is read when the studio socket authenticates: frames sent before it is known are refused
    await expect
      .poll(
        async () => {
          studio.ws.send(JSON.stringify({ ...frame, t: Date.now() }));
          await new Promise((resolve) => setTimeout(resolve, 100));
          return source.of("face").length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    studio.ws.send(JSON.stringify({ type: "say", text: " Hello from instance A " }));
    await expect
      .poll(() => source.of("say").map((m) => (m as { text: string }).text), { timeout: 10_000 })
      .toEqual(["Hello from instance A"]);
    expect(source.of("face")[0]).toMatchObject({ blendshapes: { jawOpen: 0.7 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(theirs.of("face")).toEqual([]);
    expect(theirs.of("say")).toEqual([]);
    expect(studio.of("face")).toEqual([]);
    expect(studio.of("say")).toEqual([]);
    for (const s of [studio, source, theirs]) s.ws.terminate();
  }, 60_000);

  it("drains on SIGTERM: not ready at once, the request in flight answered, a clean exit; the other serves on", async () => {
    const [a, b] = instances as [Instance, Instance];
    for (const instance of instances)
      expect((await call<{ status: string }>(instance.base, "/web-api/health/ready")).data.status).toBe("ready");
    expect((await call<{ status: string }>(b.base, "/web-api/health/live")).data.status).toBe("ok");

    // a request that takes a while (a photo clone waits for its job) is in flight on b
    const email = `drain-${Date.now()}@example.com`;
    const token = await registerOn(a.base, email, "Drain-pass-123");
    await call(a.base, `${V1}/vip/trial`, { token, body: {} });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(fixture("astronaut.png"))], { type: "image/png" }), "me.png");
    const inFlight = call<string>(b.base, `${V1}/douyin/customRole/createPhoto/2`, { token, form });
    await new Promise((resolve) => setTimeout(resolve, 300));

    b.child.kill("SIGTERM");
    // the signal is handled once b's event loop is free (the clone's face fit may hold it a moment).
    // Draining closes b's idle kept-alive connections: a probe sent on one as it closes is reset,
    // and is sent again (as a proxy's health check would be)
    const ready = () =>
      call<{ status: string }>(b.base, "/web-api/health/ready").catch(() =>
        call<{ status: string }>(b.base, "/web-api/health/ready"),
      );
    let draining = await ready();
    for (let i = 0; i < 30 && draining.status !== 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      draining = await ready();
    }
    expect(draining.status).toBe(503);
    expect(draining.data.status).toBe("draining");

    const answered = await inFlight;
    expect(answered.code, answered.message).toBe(200);
    // a clean exit: the in-flight request's kept-alive connection is closed once it is idle
    // (server/main.ts drain), not waited out until SHUTDOWN_TIMEOUT_MS forces exit code 1
    expect(await b.exited).toBe(0);
    expect(b.output()).toMatch(/SIGTERM received, closing/);

    const info = await call<{ email: string }>(a.base, `${V1}/base/account/getUserInfo`, { token });
    expect(info.data.email).toBe(email);
    expect((await call(a.base, "/web-api/health/ready")).status).toBe(200);
  }, 120_000);
});
