/**
 * State shared between server instances through Redis (docs/decisions/038): two real server
 * processes on one PostgreSQL database and one Redis, as behind the `scale` profile's proxy.
 * - The catalogue caches (`reads.cached`) are held until a change is announced on the bus, past
 *   the 1 s TTL, and dropped on both instances at once when it is; with the bus down the TTL holds.
 * - A webhook landing on instance A reaches the studio and the OBS source connected to B, and
 *   answers how many sockets it reached; a stream key rotated on A closes B's source at once.
 * Runs in `npm run test:integration:pg` (it needs PostgreSQL and Redis).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { busReady, createInstanceBus } from "../../infra/bus.ts";
import { announceCatalogueChange } from "../../infra/catalogue-cache.ts";
import { createDb, type Db } from "../../infra/db.ts";
import { CACHE_TTL_MS, createSqlReader } from "../../infra/sql.ts";
import { createUser } from "../../prisma/factories.ts";
import { SYSTEM_ROLES, upsertRoles } from "../../prisma/roles.ts";
import { seed, seedCatalogue } from "../../prisma/seed.ts";
import { LIVE_SOCKET_PATH, type LiveServerMessage } from "../../shared/live.ts";
import { P1, V1 } from "../helpers/account.ts";
import { freshDatabase, TEST_SECRET } from "../helpers/app.ts";
import { onPostgres } from "../helpers/pg.ts";
import { killAll, startProcess, type TestProcess } from "../helpers/processes.ts";

const REDIS_URL = "redis://127.0.0.1:6379";
const PREFIX = `avalive-shared-${process.pid}`;
const PASSWORD = "Shared-pass-123";
/** A system avatar left out of the first seed: a later write adds it. */
const LATE_ROLE = SYSTEM_ROLES.filter((r) => !r.licence).at(-1) as (typeof SYSTEM_ROLES)[number];

interface Instance extends TestProcess {
  base: string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const started = startProcess("server/main.ts", env);
  const [, port] = await started.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 60_000);
  return { ...started, base: `http://127.0.0.1:${port}` };
}

async function call<T = unknown>(base: string, path: string, init: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { language: "EN" };
  if (init.token) headers.authorization = init.token;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${path}: ${body.message}`).toBe(200);
  return body.data;
}

/** A socket to an instance's live endpoint, authenticated, with what it has received. */
async function connect(base: string, auth: { token?: string; streamKey?: string }) {
  const ws = new WebSocket(`${base.replace("http", "ws")}${LIVE_SOCKET_PATH}?language=EN`);
  const seen: LiveServerMessage[] = [];
  const waiters: [(m: LiveServerMessage) => boolean, (m: LiveServerMessage) => void][] = [];
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as LiveServerMessage;
    seen.push(m);
    for (const [test, resolve] of waiters) if (test(m)) resolve(m);
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  const next = (test: (m: LiveServerMessage) => boolean, ms = 3000) =>
    new Promise<LiveServerMessage>((resolve, reject) => {
      const found = seen.find(test);
      if (found) return resolve(found);
      waiters.push([test, resolve]);
      setTimeout(() => reject(new Error(`no such message within ${ms} ms: ${JSON.stringify(seen)}`)), ms);
    });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "auth", ...auth }));
  await next((m) => m.type === "ready");
  return { ws, seen, next, closed };
}

// The announcement does not depend on the database; the whole seed on PostgreSQL is slow enough
// under a loaded CI for content's interactive transaction to hit its 5 s limit, so SQLite only.
describe.skipIf(onPostgres())("the seed announces the cached catalogue tables it changed", () => {
  it("names Role and ShopSku on a first run, and nothing when nothing changed", async () => {
    const fresh = await freshDatabase();
    const db = createDb(fresh.databaseUrl);
    try {
      const announced: string[][] = [];
      await seed(db, async (tables) => void announced.push([...tables].sort()));
      expect(announced).toEqual([["Role", "ShopSku"]]);
      await seed(db, async (tables) => void announced.push([...tables].sort()));
      expect(announced).toHaveLength(1);
      // one avatar's definition changed by a release: only the role list is dropped
      await db.role.update({ where: { id: LATE_ROLE.id }, data: { appearance: "{}" } });
      await seed(db, async (tables) => void announced.push([...tables].sort()));
      expect(announced[1]).toEqual(["Role"]);
    } finally {
      await db.$disconnect();
      await fresh.drop();
    }
  }, 60_000);
});

describe.runIf(onPostgres())("state shared by two instances through Redis", () => {
  let a: Instance;
  let b: Instance;
  let db: Db;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let token: string;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    databaseUrl = fresh.databaseUrl;
    db = createDb(fresh.databaseUrl);
    await upsertRoles(
      db,
      SYSTEM_ROLES.filter((r) => r.id !== LATE_ROLE.id),
    );
    await seedCatalogue(db);
    const email = `shared-${Date.now()}@example.com`;
    const { hashPassword } = await import("../../server/areas/account/password.ts");
    await createUser(db, { email, vipType: "gold" }, await hashPassword(PASSWORD));
    const env = {
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: fresh.dataDir,
      DATABASE_URL: fresh.databaseUrl,
      JWT_SECRET: TEST_SECRET,
      JOBS_MODE: "in-process",
      REDIS_URL,
      QUEUE_PREFIX: PREFIX,
      AVALIVE_PROFILE: "test",
      DRAIN_DELAY_MS: "0",
    };
    // LOG_LEVEL warn hides Fastify's "listening" line: ask for it
    a = await startInstance({ ...env, LOG_LEVEL: "info" });
    b = await startInstance({ ...env, LOG_LEVEL: "info" });
    const login = await call<{ token: string }>(a.base, `${P1}/uc/account/email/emailLogin`, {
      body: { email, password: PASSWORD },
    });
    token = login.token;
    // a plan in use whose rose gift smiles
    const planId = await call<string>(b.base, `${V1}/base/planInfo/addPlanInfo`, {
      token,
      body: { roleId: "sys-f-01", roleType: "1" },
    });
    await call(a.base, `${V1}/base/interactAttribute/addBatchPlanInteract`, {
      token,
      body: {
        planId,
        items: [{ interactId: "interact.gift-rose", actionKind: "expression", actionId: "expression.smile" }],
      },
    });
    await call(b.base, `${V1}/base/planInfo/usePlan`, { token, body: { planId } });
  }, 180_000);

  afterAll(async () => {
    killAll();
    await db?.$disconnect();
    await drop?.();
  });

  const roleIds = async (base: string) =>
    (
      await call<{ records: { id: string }[] }>(base, `${V1}/base/role/getListPage?limit=200&page=1&sex=`, { token })
    ).records.map((r) => r.id);

  it("holds the catalogue past the TTL while the bus is up, and drops it on both instances when a change is announced", async () => {
    for (const instance of [a, b]) expect(await roleIds(instance.base)).not.toContain(LATE_ROLE.id);

    // written without announcing it (not what the seed does): the instances keep their lists
    expect(await upsertRoles(db, [LATE_ROLE])).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS + 500));
    for (const instance of [a, b]) expect(await roleIds(instance.base)).not.toContain(LATE_ROLE.id);

    // announced as the seed does: both instances read the table again on their next request
    expect(await announceCatalogueChange({ REDIS_URL, QUEUE_PREFIX: PREFIX }, ["Role"])).toBe(true);
    const announced = Date.now();
    for (const instance of [a, b]) {
      let ids = await roleIds(instance.base);
      while (!ids.includes(LATE_ROLE.id) && Date.now() - announced < CACHE_TTL_MS / 2) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        ids = await roleIds(instance.base);
      }
      expect(ids).toContain(LATE_ROLE.id);
    }
    expect(Date.now() - announced).toBeLessThan(CACHE_TTL_MS / 2);
  }, 30_000);

  it("drops only the values of the changed tables; with the bus down the 1 s TTL applies", async () => {
    const bus = createInstanceBus(REDIS_URL, `${PREFIX}-reader`);
    const dead = createInstanceBus("redis://127.0.0.1:1", `${PREFIX}-dead`);
    const withBus = createSqlReader(databaseUrl, { bus });
    const withoutBus = createSqlReader(databaseUrl, { bus: dead });
    try {
      expect(await busReady(bus)).toBe(true);
      expect(dead.healthy()).toBe(false);
      const loads = { roles: 0, shop: 0, fallback: 0 };
      const roles = () => withBus.cached("roles.list", async () => ++loads.roles);
      const shop = () => withBus.cached("shop.skuOf", async () => ++loads.shop);
      const fallback = () => withoutBus.cached("roles.list", async () => ++loads.fallback);
      expect([await roles(), await shop(), await fallback()]).toEqual([1, 1, 1]);

      await announceCatalogueChange({ REDIS_URL, QUEUE_PREFIX: `${PREFIX}-reader` }, ["ShopSku"]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([await roles(), await shop(), await fallback()]).toEqual([1, 2, 1]);

      await new Promise((resolve) => setTimeout(resolve, CACHE_TTL_MS + 100));
      // the bus is up: nothing expires; the dead one's reader reads again after its TTL
      expect([await roles(), await shop(), await fallback()]).toEqual([1, 2, 2]);
    } finally {
      await withBus.close();
      await withoutBus.close();
      await bus.close();
      await dead.close();
    }
  }, 30_000);

  it("pushes a webhook landing on A to the studio and the OBS source on B, and counts them", async () => {
    const { key } = await call<{ key: string }>(a.base, `${V1}/live/streamKey/rotate`, { token, body: {} });
    const studio = await connect(b.base, { token });
    const source = await connect(b.base, { streamKey: key });
    // the sockets' counts reach Redis as they open: give the write a moment
    await new Promise((resolve) => setTimeout(resolve, 200));

    const res = await fetch(`${a.base}${P1}/live/webhook/trigger`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stream-key": key, language: "EN" },
      body: JSON.stringify({ event: "gift", interactId: "interact.gift-rose", viewer: "Ana" }),
    });
    const fired = (await res.json()) as { code: number; data: { matched: number; delivered: number } };
    expect(fired).toMatchObject({ code: 200, data: { matched: 1, delivered: 2 } });
    const pushed = await studio.next((m) => m.type === "interaction", 1000);
    expect(pushed).toMatchObject({ source: "webhook", interact: { id: "interact.gift-rose" }, viewer: "Ana" });
    expect(await source.next((m) => m.type === "interaction", 1000)).toEqual(pushed);
    studio.ws.close();
    source.ws.close();
  }, 30_000);

  it("closes B's source at once (1903, 4903) when the key is rotated on A; B's studio stays", async () => {
    const { key } = await call<{ key: string }>(b.base, `${V1}/live/streamKey/rotate`, { token, body: {} });
    const studio = await connect(b.base, { token });
    const source = await connect(b.base, { streamKey: key });
    const rotated = Date.now();
    await call(a.base, `${V1}/live/streamKey/rotate`, { token, body: {} });
    // the sockets ask their credentials again only every 30 s: this is the push
    expect(await source.next((m) => m.type === "error", 2000)).toMatchObject({ code: 1903 });
    expect(await source.closed).toBe(4903);
    expect(Date.now() - rotated).toBeLessThan(2000);
    expect(studio.ws.readyState).toBe(WebSocket.OPEN);
    expect(studio.seen.some((m) => m.type === "error")).toBe(false);
    studio.ws.close();
  }, 30_000);
});
