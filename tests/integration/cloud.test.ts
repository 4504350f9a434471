/**
 * Cloud sessions (issue 18, docs/decisions/037): the gate from the membership records, the
 * cloud-hour ledger charged once per session-minute under concurrent sessions and concurrent
 * meters (two services, as two instances would run), 'Time limit exceeded' at zero balance and when
 * the hours run out mid-session, 'Too many users' at capacity (in memory, and with two app
 * instances sharing Redis), getSocket's single-use tickets and the cloud socket, another user's
 * session or ticket refused. The render worker is replaced here by one that makes its own frames;
 * tests/e2e/cloud-session.test.ts streams a real one.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisAnswers } from "../../infra/redis.ts";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { createLiveService } from "../../server/areas/live/service.ts";
import { createMemorySlots, createRedisSlots } from "../../server/areas/live/slots.ts";
import type { CloudRenderer, RenderHandlers } from "../../server/jobs/cloud-render.ts";
import { decodeCloudAudio, encodeCloudAudio } from "../../shared/cloud-audio.ts";
import type { CloudServerMessage, LiveFaceMessage, LiveServerMessage } from "../../shared/live.ts";
import { P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let now = new Date("2026-03-01T10:00:00Z");
const clock = { now: () => new Date(now) };
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

/** A renderer that paints three fake frames on start and records what it was handed. */
function fakeRenderer() {
  const started: { id: string; url: string; size: { width: number; height: number } }[] = [];
  const faces: { id: string; face: LiveFaceMessage }[] = [];
  const stopped: string[] = [];
  const live = new Map<string, RenderHandlers>();
  const renderer: CloudRenderer = {
    async start(id, url, size, handlers) {
      started.push({ id, url, size });
      live.set(id, handlers);
      for (let i = 0; i < 3; i++) handlers.frame(Buffer.from([0xff, 0xd8, 0xff, i]));
    },
    face: (id, face) => void faces.push({ id, face }),
    stop(id) {
      stopped.push(id);
      live.delete(id);
    },
    active: () => live.size,
    async close() {},
  };
  const drawn = (id: string, t: number, jawOpen: number) => live.get(id)?.faceDrawn?.(t, jawOpen);
  const sound = (id: string, packet: Buffer) => live.get(id)?.audio?.(packet);
  return { renderer, started, faces, stopped, drawn, sound };
}

const L = `${V1}/live`;
const B = `${V1}/base`;
const SOCKET = `${B}/socket/getSocket`;
const TOO_MANY = { code: 1209, message: "Too many users, please retry it later", data: null };
const TIME_LIMIT = { code: 1210, message: "Time limit exceeded", data: null };
type User = Awaited<ReturnType<TestApp["user"]>>;
type Rec = {
  id: string;
  live: boolean;
  endReason: string | null;
  startedAt: string;
  endedAt: string | null;
  mode: string;
};
type Sock = {
  path: string;
  heartbeatSeconds: number;
  cloud: null | { path: string; ticket: string; expiresInSeconds: number; sessionId: string; width: number };
};

const ok = <T = never>(res: { body: { code: number; message: string; data: T } }) => {
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
};

function client(t: TestApp) {
  const get = (token: string, path: string, query: Record<string, string> = {}) =>
    t.request.get(path).query(query).set("authorization", token).set("language", "EN");
  const post = (token: string, path: string, body: object = {}) =>
    t.request.post(path).set("authorization", token).set("language", "EN").send(body);
  /** A member with a used plan and `minutes` of cloud hours. */
  async function member(vipType = "cloud", minutes = 0): Promise<User> {
    const user = await t.user({ vipType });
    const planId = ok<string>(
      await post(user.token, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" }),
    );
    ok(await post(user.token, `${B}/planInfo/usePlan`, { planId }));
    if (minutes) await t.db.cloudHourEntry.create({ data: { userId: user.id, minutes, reason: "adjustment" } });
    return user;
  }
  const balance = async (userId: string) =>
    (await t.db.cloudHourEntry.aggregate({ where: { userId }, _sum: { minutes: true } }))._sum.minutes ?? 0;
  const start = (user: User) => post(user.token, `${L}/session/start`, { mode: "cloud" });
  return { get, post, member, balance, start };
}

// an injected upgrade has no socket of its own: give it the address the rate limiter keys on
const openSocket = (t: TestApp, path: string) =>
  t.app.injectWS(path, { socket: { remoteAddress: "127.0.0.1" } } as never);

function listen<M>(ws: { on(e: "message", l: (d: unknown, binary: boolean) => void): void }) {
  const seen: M[] = [];
  const frames: Buffer[] = [];
  const waiters: [(m: M) => boolean, (m: M) => void][] = [];
  ws.on("message", (data, binary) => {
    if (binary) return void frames.push(data as Buffer);
    const m = JSON.parse(String(data)) as M;
    seen.push(m);
    for (const [test, resolve] of waiters) if (test(m)) resolve(m);
  });
  const next = (test: (m: M) => boolean) =>
    new Promise<M>((resolve) => {
      const found = seen.find(test);
      if (found) resolve(found);
      else waiters.push([test, resolve]);
    });
  return { seen, frames, next };
}

describe("cloud sessions on one instance", () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;
  const fake = fakeRenderer();
  beforeAll(async () => {
    // injected sockets have no listening address: name the one the render page would be opened at
    t = await makeTestApp(
      { CLOUD_RENDER_SLOTS: "8", CLOUD_RENDER_BASE_URL: "http://127.0.0.1:3000" },
      { clock, renderer: fake.renderer },
    );
    await seedRoles(t.db);
    await seedCatalogue(t.db);
    c = client(t);
  });
  afterAll(() => t.close());

  it("opens cloud to cloud and diamond members and to cloud hours left, and refuses a start with no cloud hours", async () => {
    type Init = { modes: { mode: string; allowed: boolean; built: boolean }[]; cloudMinutes: number };
    const cloudOf = (init: Init) => init.modes.find((m) => m.mode === "cloud");
    // gold without hours: closed; gold with hours bought: open (decision 037, amendment)
    const goldNone = await c.member("gold", 0);
    expect((await c.start(goldNone)).body).toMatchObject({ code: 1201 });
    const goldInit = ok<Init>(await c.get(goldNone.token, `${L}/studio/init`));
    expect(cloudOf(goldInit)).toMatchObject({ allowed: false });
    expect(goldInit.cloudMinutes).toBe(0);
    const gold = await c.member("gold", 30);
    const withHours = ok<Init>(await c.get(gold.token, `${L}/studio/init`));
    expect(cloudOf(withHours)).toMatchObject({ allowed: true, built: true });
    expect(withHours.cloudMinutes).toBe(30);
    const goldSession = ok<Rec>(await c.start(gold));
    expect(goldSession.mode).toBe("cloud");
    ok(await c.post(gold.token, `${L}/session/end`, { id: goldSession.id }));
    const init = ok<Init>(await c.get((await c.member("diamond")).token, `${L}/studio/init`));
    expect(cloudOf(init)).toMatchObject({ allowed: true, built: true });
    expect(init.cloudMinutes).toBe(0);

    const empty = await c.member("cloud", 0);
    expect((await c.start(empty)).body).toEqual(TIME_LIMIT);
    const spent = await c.member("cloud", 5);
    await t.db.cloudHourEntry.create({ data: { userId: spent.id, minutes: -5, reason: "usage" } });
    expect((await c.start(spent)).body).toEqual(TIME_LIMIT);
    expect(await t.db.liveSession.count({ where: { userId: { in: [empty.id, spent.id] } } })).toBe(0);
    expect(await t.app.deps.slots.busy()).toBe(0);
  });

  it("charges each minute of each session once, however many meters run at once", async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => c.member("cloud", 10)));
    const sessions = await Promise.all(users.map(async (u) => ok<Rec>(await c.start(u))));
    // minute 0 is charged when going live
    for (const u of users) expect(await c.balance(u.id)).toBe(9);

    // two services (two instances' meters), each running several passes at once, minute after minute
    const meters = [createLiveService(t.app.deps), createLiveService(t.app.deps)];
    for (let minute = 1; minute <= 5; minute++) {
      advance(60);
      const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => meters[i % 2]?.meter()));
      // (the app's own meter, on its timer, may have charged some of them first)
      expect(runs.reduce((sum, r) => sum + (r?.charged ?? 0), 0)).toBeLessThanOrEqual(4);
      expect(await t.db.cloudHourEntry.count({ where: { reason: "usage", minute } })).toBe(4);
    }
    // a pass with nothing due charges nothing
    expect((await meters[0]?.meter())?.charged).toBe(0);
    for (const [i, u] of users.entries()) {
      expect(await c.balance(u.id)).toBe(4);
      const usage = await t.db.cloudHourEntry.findMany({
        where: { userId: u.id, reason: "usage" },
        orderBy: { minute: "asc" },
      });
      expect(usage.map((e) => [e.minute, e.minutes, e.sessionId])).toEqual(
        [0, 1, 2, 3, 4, 5].map((m) => [m, -1, sessions[i]?.id]),
      );
    }
    for (const [i, u] of users.entries()) ok(await c.post(u.token, `${L}/session/end`, { id: sessions[i]?.id }));
    advance(600);
    expect((await meters[0]?.meter())?.charged).toBe(0);
    expect(await t.app.deps.slots.busy()).toBe(0);
  });

  it("ends a session with 'Time limit exceeded' when its hours run out, on its stream too", async () => {
    const user = await c.member("cloud", 2);
    const session = ok<Rec>(await c.start(user));
    expect(await c.balance(user.id)).toBe(1);
    const studio = await openSocket(t, "/web-api/ws/live?language=EN");
    const studioIn = listen<LiveServerMessage>(studio);
    studio.send(JSON.stringify({ type: "auth", token: user.token }));
    await studioIn.next((m) => m.type === "ready");
    const sock = ok<Sock>(await c.get(user.token, SOCKET, { sessionId: session.id }));
    const stream = await openSocket(t, "/web-api/ws/cloud?language=EN");
    const streamIn = listen<CloudServerMessage>(stream);
    const closed = new Promise<number>((resolve) => stream.on("close", (code: number) => resolve(code)));
    stream.send(JSON.stringify({ type: "auth", ticket: sock.cloud?.ticket }));
    await streamIn.next((m) => m.type === "ready");

    // (the app's own meter runs on a timer too: whichever pass gets there first, the ledger is the same)
    const meter = createLiveService(t.app.deps);
    advance(60);
    expect((await meter.meter()).ended).toEqual([]);
    expect(await c.balance(user.id)).toBe(0);
    expect(await t.db.liveSession.count({ where: { id: session.id, endedAt: null } })).toBe(1);
    advance(60);
    await meter.meter();

    expect(await streamIn.next((m) => m.type === "ended")).toEqual({
      type: "ended",
      sessionId: session.id,
      reason: "timeLimit",
      code: 1210,
      message: "Time limit exceeded",
    });
    expect(await closed).toBe(4210);
    expect(await studioIn.next((m) => m.type === "session" && m.state === "ended")).toMatchObject({
      sessionId: session.id,
      reason: "timeLimit",
    });
    studio.terminate();
    // the record ends where the paid time ended; the balance never went below zero; the slot is free
    const records = ok<{ records: Rec[] }>(await c.get(user.token, `${L}/history/getListPage`));
    expect(records.records[0]).toMatchObject({ id: session.id, live: false, endReason: "timeLimit" });
    expect(new Date(records.records[0]?.endedAt ?? 0).getTime() - new Date(session.startedAt).getTime()).toBe(120_000);
    expect(await c.balance(user.id)).toBe(0);
    expect(await t.app.deps.slots.busy()).toBe(0);
    expect((await c.start(user)).body).toEqual(TIME_LIMIT);
  });

  it("hands out a single-use, short-lived ticket for the caller's own open cloud session", async () => {
    const user = await c.member("cloud", 30);
    const other = await c.member("diamond", 30);
    expect(ok<Sock>(await c.get(user.token, SOCKET))).toEqual({
      path: "/web-api/ws/live",
      heartbeatSeconds: 20,
      cloud: null,
    });
    const session = ok<Rec>(await c.start(user));
    // another user's session, a plan session, an unknown id
    expect((await c.get(other.token, SOCKET, { sessionId: session.id })).body).toMatchObject({ code: 1212 });
    const planSession = ok<Rec>(await c.post(other.token, `${L}/session/start`, { mode: "plan" }));
    expect((await c.get(other.token, SOCKET, { sessionId: planSession.id })).body).toEqual({
      code: 1906,
      message: "This live session is not a cloud session",
      data: null,
    });
    expect((await c.get(user.token, SOCKET, { sessionId: planSession.id })).body).toMatchObject({ code: 1212 });

    const sock = ok<Sock>(await c.get(user.token, SOCKET, { sessionId: session.id }));
    expect(sock.cloud).toMatchObject({ path: "/web-api/ws/cloud", expiresInSeconds: 60, sessionId: session.id });
    expect(sock.cloud?.ticket).toMatch(/^avc_[A-Za-z0-9_-]{32}$/);
    // only the hash is stored
    expect(await t.db.cloudTicket.count({ where: { tokenHash: sock.cloud?.ticket } })).toBe(0);

    const stream = await openSocket(t, "/web-api/ws/cloud?language=EN");
    const streamIn = listen<CloudServerMessage>(stream);
    stream.send(JSON.stringify({ type: "auth", ticket: sock.cloud?.ticket }));
    expect(await streamIn.next((m) => m.type === "ready")).toEqual({
      type: "ready",
      sessionId: session.id,
      width: 1280,
      height: 720,
    });
    await expect.poll(() => streamIn.frames.length).toBe(3);
    const started = fake.started.find((s) => s.id === session.id);
    expect(started?.size).toEqual({ width: 1280, height: 720 });
    expect(started?.url).toMatch(/\/live\/obs\?key=avr_[^&]+&size=720&scene=1$/);

    // face data are forwarded to the render page; malformed ones are dropped
    const face = {
      type: "face",
      t: 1,
      blendshapes: { jawOpen: 0.8, eyeBlinkLeft: 0.1 },
      head: { pitch: 0, yaw: 0.2, roll: 0 },
    };
    stream.send(JSON.stringify(face));
    stream.send(JSON.stringify({ type: "face", t: 2, blendshapes: { jawOpen: 7 } }));
    stream.send(JSON.stringify({ type: "ping" }));
    stream.send(JSON.stringify({ type: "face", t: 3, blendshapes: { notArkit: 0.5 } }));
    await streamIn.next((m) => m.type === "pong");
    expect(fake.faces.filter((f) => f.id === session.id).map((f) => f.face)).toEqual([face]);
    // refused frames are said once (1913), and the stream goes on
    expect(streamIn.seen.filter((m) => m.type === "error")).toEqual([
      {
        type: "error",
        code: 1913,
        message: "Face data refused: unknown shapes, values out of range or too large",
      },
    ]);
    // the render page drew a frame: the stream tells the studio, with the frame's time and the mouth drawn
    fake.drawn(session.id, 1, 0.7);
    expect(await streamIn.next((m) => m.type === "faceDrawn")).toEqual({ type: "faceDrawn", t: 1, jawOpen: 0.7 });

    // the render page's sound goes down the same stream, chunk by chunk, as it was handed over
    const chunk = encodeCloudAudio({ rate: 24_000, start: 2.5, samples: Int16Array.from([0, 900, -900, 0]) });
    fake.sound(session.id, Buffer.from(chunk));
    await expect.poll(() => streamIn.frames.length).toBe(4);
    const heard = decodeCloudAudio(streamIn.frames[3] as Buffer);
    expect(heard).toMatchObject({ rate: 24_000, start: 2.5 });
    expect([...(heard?.samples ?? [])]).toEqual([0, 900, -900, 0]);
    // the frames before it are not sound
    expect(decodeCloudAudio(streamIn.frames[0] as Buffer)).toBeNull();

    // the render page's key reads the plan while the session is open (as an OBS source would)
    const renderKey = decodeURIComponent(/key=([^&]+)/.exec(started?.url ?? "")?.[1] ?? "");
    const obs = (key: string) =>
      t.request.get(`${P1}/live/obs/getUsedPlan`).set("x-stream-key", key).set("language", "EN");
    expect((await obs(renderKey)).body.code).toBe(200);
    // one character of the MAC changed (to another: a key ending in "A" stays itself with "A")
    const forged = `${renderKey.slice(0, -1)}${renderKey.endsWith("A") ? "B" : "A"}`;
    expect((await obs(forged)).body).toMatchObject({ code: 1903 });

    // spent: a second connection with the same ticket is refused
    const again = await openSocket(t, "/web-api/ws/cloud?language=EN");
    const againIn = listen<CloudServerMessage>(again);
    const againClosed = new Promise<number>((resolve) => again.on("close", (code: number) => resolve(code)));
    again.send(JSON.stringify({ type: "auth", ticket: sock.cloud?.ticket }));
    expect(await againIn.next((m) => m.type === "error")).toEqual({
      type: "error",
      code: 1905,
      message: "The cloud session's ticket is wrong, used or expired",
    });
    expect(await againClosed).toBe(4905);

    // expired: good for 60 s
    const late = ok<Sock>(await c.get(user.token, SOCKET, { sessionId: session.id }));
    advance(61);
    const lateWs = await openSocket(t, "/web-api/ws/cloud");
    const lateIn = listen<CloudServerMessage>(lateWs);
    lateWs.send(JSON.stringify({ type: "auth", ticket: late.cloud?.ticket }));
    expect(await lateIn.next((m) => m.type === "error")).toMatchObject({ code: 1905 });

    // the stream closing ends the session; the render page's key is refused from then on
    stream.terminate();
    await expect
      .poll(async () => (await t.db.liveSession.findUnique({ where: { id: session.id } }))?.endReason)
      .toBe("close");
    expect(fake.stopped).toContain(session.id);
    expect((await obs(renderKey)).body).toMatchObject({ code: 1903 });
    expect((await c.get(user.token, SOCKET, { sessionId: session.id })).body).toMatchObject({ code: 1904 });
    ok(await c.post(other.token, `${L}/session/end`, { id: planSession.id }));
  });

  it("refuses a garbage ticket and a ticket for a session ended since", async () => {
    const user = await c.member("cloud", 30);
    const garbage = await openSocket(t, "/web-api/ws/cloud?language=EN");
    const garbageIn = listen<CloudServerMessage>(garbage);
    garbage.send(JSON.stringify({ type: "auth", ticket: `avc_${"x".repeat(32)}` }));
    expect(await garbageIn.next((m) => m.type === "error")).toMatchObject({ code: 1905 });

    const session = ok<Rec>(await c.start(user));
    const sock = ok<Sock>(await c.get(user.token, SOCKET, { sessionId: session.id }));
    ok(await c.post(user.token, `${L}/session/end`, { id: session.id }));
    const ws = await openSocket(t, "/web-api/ws/cloud?language=EN");
    const wsIn = listen<CloudServerMessage>(ws);
    ws.send(JSON.stringify({ type: "auth", ticket: sock.cloud?.ticket }));
    expect(await wsIn.next((m) => m.type === "error")).toEqual({
      type: "error",
      code: 1904,
      message: "This live session has ended",
    });
  });
});

describe("render slots", () => {
  it("refuses 'Too many users' at capacity and frees the slot when a session ends", async () => {
    const t = await makeTestApp({ CLOUD_RENDER_SLOTS: "1" }, { renderer: fakeRenderer().renderer });
    try {
      await seedRoles(t.db);
      const c = client(t);
      const [a, b] = [await c.member("cloud", 30), await c.member("diamond", 30)];
      const first = ok<Rec>(await c.start(a));
      expect((await c.start(b)).body).toEqual(TOO_MANY);
      // refused before anything was written or charged
      expect(await t.db.liveSession.count({ where: { userId: b.id } })).toBe(0);
      expect(await c.balance(b.id)).toBe(30);
      // a plan session needs no render slot
      expect((await c.post(b.token, `${L}/session/start`, { mode: "plan" })).body.code).toBe(200);
      // going live again replaces one's own session (its slot is handed back first)
      const again = ok<Rec>(await c.start(a));
      expect((await c.start(b)).body).toEqual(TOO_MANY);
      ok(await c.post(a.token, `${L}/session/end`, { id: again.id }));
      expect(first.id).not.toBe(again.id);
      expect((await c.start(b)).body.code).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("lets a lease lapse when nobody renews it (in memory)", async () => {
    let ms = 0;
    const slots = createMemorySlots(2, 1000, () => ms);
    expect(await slots.acquire("a")).toBe(true);
    expect(await slots.acquire("b")).toBe(true);
    expect(await slots.acquire("c")).toBe(false);
    ms = 900;
    expect(await slots.renew("a")).toBe(true);
    ms = 1500;
    // b lapsed, a was renewed
    expect(await slots.busy()).toBe(1);
    expect(await slots.acquire("c")).toBe(true);
    expect(await slots.acquire("d")).toBe(false);
  });

  describe("in Redis, shared by two app instances", async () => {
    const redis = "redis://127.0.0.1:6379";
    const available = await redisAnswers(redis);

    it.runIf(available)("counts the site's slots once across instances, atomically, with leases", async () => {
      const prefix = `cloudtest-${randomUUID().slice(0, 8)}`;
      const env = { REDIS_URL: redis, QUEUE_PREFIX: prefix, CLOUD_RENDER_SLOTS: "2", JOBS_MODE: "in-process" };
      const one = await makeTestApp(env, { renderer: fakeRenderer().renderer });
      const two = await makeTestApp(env, { renderer: fakeRenderer().renderer });
      try {
        await seedRoles(one.db);
        await seedRoles(two.db);
        const [c1, c2] = [client(one), client(two)];
        // six users, three on each instance, go live at once: exactly two get a slot
        const users = [
          ...(await Promise.all([1, 2, 3].map(() => c1.member("cloud", 30)))).map((u) => ({ u, c: c1 })),
          ...(await Promise.all([1, 2, 3].map(() => c2.member("cloud", 30)))).map((u) => ({ u, c: c2 })),
        ];
        const answers = await Promise.all(users.map(({ u, c }) => c.start(u)));
        expect(answers.filter((r) => r.body.code === 200)).toHaveLength(2);
        expect(answers.filter((r) => r.body.code !== 200).map((r) => r.body)).toEqual(Array(4).fill(TOO_MANY));
        expect(await one.app.deps.slots.busy()).toBe(2);
        expect(await two.app.deps.slots.busy()).toBe(2);

        // one ends on its instance: a user of the other instance gets the slot
        const liveIdx = answers.findIndex((r) => r.body.code === 200);
        const winner = users[liveIdx];
        if (!winner) throw new Error("no session went live");
        ok(
          await winner.c.post(winner.u.token, `${L}/session/end`, {
            id: (answers[liveIdx]?.body.data as Rec | undefined)?.id,
          }),
        );
        const waiting = users.find((_, i) => answers[i]?.body.code !== 200);
        expect((await waiting?.c.start(waiting.u))?.body.code).toBe(200);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it.runIf(available)("frees a slot whose instance stopped renewing it when its lease lapses", async () => {
      const key = `cloudtest-${randomUUID().slice(0, 8)}:cloud:slots`;
      const crashed = createRedisSlots(redis, key, 1, 600);
      const survivor = createRedisSlots(redis, key, 1, 600);
      try {
        expect(await crashed.acquire("s1")).toBe(true);
        expect(await survivor.acquire("s2")).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect(await survivor.acquire("s2")).toBe(true);
        expect(await survivor.busy()).toBe(1);
      } finally {
        await crashed.close();
        await survivor.close();
      }
    });
  });
});
