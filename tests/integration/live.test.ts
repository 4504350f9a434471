/**
 * The live studio (issue 18, docs/decisions/035): stream keys (wrong, revoked, rotated), the
 * webhook and the rehearsal trigger (validation in the envelope, matching, another user's plan
 * or key refused), the push to the studio socket, the live modes' gates from the membership
 * records, and the live records (start, heartbeat, end, the server closing a silent session,
 * the history page scoped to its owner).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { LIVE_LOST_AFTER_SECONDS, type LiveServerMessage } from "../../shared/live.ts";
import { P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let now = new Date("2026-03-01T10:00:00Z");
const clock = { now: () => new Date(now) };
const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({}, { clock });
  await seedRoles(t.db);
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

const L = `${V1}/live`;
const B = `${V1}/base`;
const WEBHOOK = `${P1}/live/webhook/trigger`;
const KEY_INVALID = { code: 1903, message: "The stream key is wrong or no longer valid", data: null };
const NOT_FOUND = { code: 1212, message: "Not found", data: null };
type User = Awaited<ReturnType<TestApp["user"]>>;

const get = (token: string, path: string) => t.request.get(path).set("authorization", token).set("language", "EN");
const post = (token: string, path: string, body: object = {}) =>
  t.request.post(path).set("authorization", token).set("language", "EN").send(body);
const hook = (key: string | null, body: object) => {
  const req = t.request.post(WEBHOOK).set("language", "EN");
  if (key !== null) req.set("x-stream-key", key);
  return req.send(body);
};
const ok = <T = never>(res: { body: { code: number; message: string; data: T } }) => {
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data;
};

/** A member with a used plan whose rose gift plays a smile and an applause, and whose "666" comment nods. */
async function memberWithPlan(vipType = "gold"): Promise<{ user: User; planId: string }> {
  const user = await t.user({ vipType });
  const planId = ok<string>(await post(user.token, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" }));
  ok(
    await post(user.token, `${B}/interactAttribute/addBatchPlanInteract`, {
      planId,
      items: [
        { interactId: "interact.gift-rose", actionKind: "expression", actionId: "expression.smile" },
        { interactId: "interact.gift-rose", actionKind: "sound", actionId: "sound.applause" },
        { interactId: "interact.comment-666", actionKind: "motion", actionId: "motion.nod" },
        { interactId: "interact.like", actionKind: "effect", actionId: "effect.hearts" },
      ],
    }),
  );
  ok(await post(user.token, `${B}/planInfo/usePlan`, { planId }));
  return { user, planId };
}

const rotate = async (user: User) =>
  ok<{ key: string; prefix: string }>(await post(user.token, `${L}/streamKey/rotate`));

describe("stream keys", () => {
  it("is shown once, kept only as a hash, and refused when wrong, revoked or rotated away", async () => {
    const { user } = await memberWithPlan();
    const gift = { event: "gift", interactId: "interact.gift-rose" };

    expect((await hook(null, gift)).body).toEqual(KEY_INVALID);
    expect((await hook(null, gift)).status).toBe(401);
    expect((await hook("not-a-key", gift)).body).toEqual(KEY_INVALID);
    expect((await hook(`avk_${"A".repeat(32)}`, gift)).body).toEqual(KEY_INVALID);

    const first = await rotate(user);
    expect(first.key).toMatch(/^avk_[A-Za-z0-9_-]{32}$/);
    expect(first.key.startsWith(first.prefix)).toBe(true);
    const row = await t.db.streamKey.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.keyHash).not.toContain(first.key);
    expect(JSON.stringify(row)).not.toContain(first.key.slice(8));
    expect(ok(await hook(first.key, gift))).toMatchObject({ matched: 1 });
    // the key in the query, for senders that only take a URL
    expect(ok(await t.request.post(`${WEBHOOK}?key=${first.key}`).send(gift))).toMatchObject({ matched: 1 });

    const init = ok<{ streamKey: { prefix: string; lastUsedAt: string | null } }>(
      await get(user.token, `${L}/studio/init`),
    );
    expect(init.streamKey.prefix).toBe(first.prefix);
    expect(JSON.stringify(init)).not.toContain(first.key);

    const second = await rotate(user);
    expect(second.key).not.toBe(first.key);
    expect((await hook(first.key, gift)).body).toEqual(KEY_INVALID);
    expect(ok(await hook(second.key, gift))).toMatchObject({ matched: 1 });

    ok(await post(user.token, `${L}/streamKey/revoke`));
    expect((await hook(second.key, gift)).body).toEqual(KEY_INVALID);
    expect((await t.request.get(`${P1}/live/obs/getUsedPlan`).set("x-stream-key", second.key)).body).toEqual(
      KEY_INVALID,
    );
    expect(ok(await get(user.token, `${L}/studio/init`))).toMatchObject({ streamKey: null });
  });

  it("opens the OBS source's plan to its key only", async () => {
    const { user, planId } = await memberWithPlan();
    const { key } = await rotate(user);
    const plan = ok<{ planId: string; interactions: unknown[] }>(
      await t.request.get(`${P1}/live/obs/getUsedPlan`).set("x-stream-key", key),
    );
    expect(plan.planId).toBe(planId);
    expect(plan.interactions).toHaveLength(4);
  });
});

describe("the trigger", () => {
  it("answers validation errors in the envelope, naming the field", async () => {
    const { user } = await memberWithPlan();
    const { key } = await rotate(user);
    const noEvent = await hook(key, { interactId: "interact.gift-rose" });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body).toMatchObject({ code: 400, data: null });
    expect(noEvent.body.message).toContain("event");
    const badEvent = await hook(key, { event: "boo" });
    expect(badEvent.body).toMatchObject({ code: 400, data: null });
    expect(badEvent.body.message).toContain("event");
    const longViewer = await post(user.token, `${L}/interact/trigger`, { event: "like", viewer: "x".repeat(41) });
    expect(longViewer.body).toMatchObject({ code: 400, data: null });
    expect(longViewer.body.message).toContain("viewer");
  });

  it("fires the plan's interactions of the event: by catalogue id, by comment keyword, or all of a kind", async () => {
    const { user } = await memberWithPlan();
    const { key } = await rotate(user);
    const gift = ok<{ matched: number; pushes: { interactId: string; plays: { actionKind: string }[] }[] }>(
      await hook(key, { event: "gift", interactId: "interact.gift-rose", viewer: "Ana" }),
    );
    expect(gift.matched).toBe(1);
    expect(gift.pushes[0]?.interactId).toBe("interact.gift-rose");
    expect(gift.pushes[0]?.plays.map((p) => p.actionKind).sort()).toEqual(["expression", "sound"]);
    // a gift the plan does not answer: nothing plays, and that is not an error
    expect(ok(await hook(key, { event: "gift", interactId: "interact.gift-crown" }))).toMatchObject({ matched: 0 });
    expect(ok(await hook(key, { event: "comment", text: "wow 666!!" }))).toMatchObject({ matched: 1 });
    expect(ok(await hook(key, { event: "comment", text: "hello" }))).toMatchObject({ matched: 0 });
    expect(ok(await hook(key, { event: "like" }))).toMatchObject({ matched: 1 });
    // the studio's simulated viewer panel plays the same way
    expect(
      ok(await post(user.token, `${L}/interact/trigger`, { event: "gift", interactId: "interact.gift-rose" })),
    ).toMatchObject({ matched: 1 });
  });

  it("refuses another user's plan, and one user's key never fires another's plan", async () => {
    const a = await memberWithPlan();
    const b = await memberWithPlan();
    const keyA = (await rotate(a.user)).key;
    expect((await hook(keyA, { event: "like", planId: b.planId })).body).toEqual(NOT_FOUND);
    expect((await post(a.user.token, `${L}/interact/trigger`, { event: "like", planId: b.planId })).body).toEqual(
      NOT_FOUND,
    );
    expect(ok(await hook(keyA, { event: "like", planId: a.planId }))).toMatchObject({ matched: 1 });
  });

  it("says so when no plan is in use", async () => {
    const user = await t.user({ vipType: "gold" });
    const { key } = await rotate(user);
    expect((await hook(key, { event: "like" })).body).toMatchObject({ code: 1901 });
  });
});

type Rec = { id: string; live: boolean; durationSeconds: number; endReason: string | null; endedAt: string | null };

describe("the studio socket", () => {
  // an injected upgrade has no socket of its own: give it the address the rate limiter keys on
  const openSocket = (path: string) => t.app.injectWS(path, { socket: { remoteAddress: "127.0.0.1" } } as never);
  const messages = (ws: { on(e: "message", l: (d: unknown) => void): void }) => {
    const seen: LiveServerMessage[] = [];
    const waiters: [(m: LiveServerMessage) => boolean, (m: LiveServerMessage) => void][] = [];
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as LiveServerMessage;
      seen.push(m);
      for (const [test, resolve] of waiters) if (test(m)) resolve(m);
    });
    const next = (test: (m: LiveServerMessage) => boolean) =>
      new Promise<LiveServerMessage>((resolve) => {
        const found = seen.find(test);
        if (found) resolve(found);
        else waiters.push([test, resolve]);
      });
    return { seen, next };
  };

  it("pushes a webhook's interaction to the studio and the OBS source; refuses a bad token with 600", async () => {
    const { user } = await memberWithPlan();
    const { key } = await rotate(user);
    const studio = await openSocket("/web-api/ws/live");
    const studioIn = messages(studio);
    studio.send(JSON.stringify({ type: "auth", token: user.token }));
    expect(await studioIn.next((m) => m.type === "ready")).toMatchObject({ role: "studio", userId: user.id });
    const source = await openSocket("/web-api/ws/live");
    const sourceIn = messages(source);
    source.send(JSON.stringify({ type: "auth", streamKey: key }));
    expect(await sourceIn.next((m) => m.type === "ready")).toMatchObject({ role: "source" });

    const fired = ok<{ delivered: number }>(await hook(key, { event: "gift", interactId: "interact.gift-rose" }));
    expect(fired.delivered).toBe(2);
    const pushed = await studioIn.next((m) => m.type === "interaction");
    expect(pushed).toMatchObject({
      type: "interaction",
      source: "webhook",
      event: "gift",
      interact: { id: "interact.gift-rose" },
    });
    expect(await sourceIn.next((m) => m.type === "interaction")).toEqual(pushed);
    studio.terminate();
    source.terminate();

    const bad = await openSocket("/web-api/ws/live?language=EN");
    const badIn = messages(bad);
    const closed = new Promise<number>((resolve) => bad.on("close", (code: number) => resolve(code)));
    bad.send(JSON.stringify({ type: "auth", token: "nope" }));
    expect(await badIn.next((m) => m.type === "error")).toEqual({
      type: "error",
      code: 600,
      message: "Please log in again",
    });
    expect(await closed).toBe(4600);

    const revokedKey = await openSocket("/web-api/ws/live");
    const revokedIn = messages(revokedKey);
    ok(await post(user.token, `${L}/streamKey/revoke`));
    revokedKey.send(JSON.stringify({ type: "auth", streamKey: key }));
    expect(await revokedIn.next((m) => m.type === "error")).toMatchObject({ code: 1903 });
  });

  it("cancelling the account refuses its key at the webhook, the OBS source and the socket, and ends its session and sockets (issue 45, defect 4)", async () => {
    const { user } = await memberWithPlan();
    await t.db.user.update({ where: { id: user.id }, data: { phone: "13900045045" } });
    const { key } = await rotate(user);
    ok(await post(user.token, `${L}/session/start`, { mode: "plan" }));
    const studio = await openSocket("/web-api/ws/live");
    const studioIn = messages(studio);
    const studioClosed = new Promise<number>((resolve) => studio.on("close", (code: number) => resolve(code)));
    studio.send(JSON.stringify({ type: "auth", token: user.token }));
    await studioIn.next((m) => m.type === "ready");
    const source = await openSocket("/web-api/ws/live");
    const sourceIn = messages(source);
    const sourceClosed = new Promise<number>((resolve) => source.on("close", (code: number) => resolve(code)));
    source.send(JSON.stringify({ type: "auth", streamKey: key }));
    await sourceIn.next((m) => m.type === "ready");
    expect(ok(await hook(key, { event: "like" }))).toMatchObject({ matched: 1 });

    ok(await get(user.token, `${V1}/base/sms/sendSmsCode`));
    const sent = await t.request.get(`/dev/outbox?to=13900045045`);
    const code = String(sent.body.data?.[0]?.body).match(/\b\d{6}\b/)?.[0];
    ok(await post(user.token, `${V1}/base/cancel/cancelUser`, { code }));

    // the open sockets are told and closed: the source for its key, the studio for its token
    expect(await sourceIn.next((m) => m.type === "error")).toMatchObject({ code: 1903 });
    expect(await sourceClosed).toBeGreaterThanOrEqual(4000);
    expect(await studioIn.next((m) => m.type === "error")).toMatchObject({ code: 600 });
    expect(await studioClosed).toBeGreaterThanOrEqual(4000);
    // the webhook, the OBS source and a new socket refuse the key
    expect((await hook(key, { event: "like" })).body).toEqual(KEY_INVALID);
    expect((await t.request.get(`${P1}/live/obs/getUsedPlan`).set("x-stream-key", key)).body).toEqual(KEY_INVALID);
    const again = await openSocket("/web-api/ws/live");
    const againIn = messages(again);
    again.send(JSON.stringify({ type: "auth", streamKey: key }));
    expect(await againIn.next((m) => m.type === "error")).toMatchObject({ code: 1903 });
    // the session the account had open is ended
    const open = await t.db.liveSession.findMany({ where: { userId: user.id, endedAt: null } });
    expect(open).toEqual([]);
    expect(await t.db.streamKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("tells a source that connects mid-session that the studio is live, and in which mode", async () => {
    const { user } = await memberWithPlan();
    const other = await memberWithPlan();
    const { key } = await rotate(user);
    const connectSource = async () => {
      const source = await openSocket("/web-api/ws/live");
      const seen = messages(source);
      source.send(JSON.stringify({ type: "auth", streamKey: key }));
      await seen.next((m) => m.type === "ready");
      return { source, seen };
    };
    // another user's live session is not this source's
    const theirs = ok<Rec>(await post(other.user.token, `${L}/session/start`, { mode: "plan" }));
    const before = await connectSource();
    const started = ok<Rec>(await post(user.token, `${L}/session/start`, { mode: "plan" }));
    expect(await before.seen.next((m) => m.type === "session")).toMatchObject({ state: "live", sessionId: started.id });

    // OBS restarted mid-stream: the new source hears the open session at once
    const late = await connectSource();
    expect(await late.seen.next((m) => m.type === "session")).toEqual({
      type: "session",
      state: "live",
      sessionId: started.id,
      mode: "plan",
    });
    ok(await post(user.token, `${L}/session/end`, { id: started.id, reason: "exit" }));
    await late.seen.next((m) => m.type === "session" && m.state === "ended");

    // after the end, a new source hears no session (the open one of another user least of all)
    const after = await connectSource();
    const hook0 = ok<{ delivered: number }>(await hook(key, { event: "gift", interactId: "interact.gift-rose" }));
    expect(hook0.delivered).toBeGreaterThan(0);
    await after.seen.next((m) => m.type === "interaction"); // anything owed would have come before it
    expect(after.seen.seen.filter((m) => m.type === "session")).toEqual([]);
    expect(late.seen.seen.filter((m) => m.type === "session" && m.sessionId === theirs.id)).toEqual([]);
    for (const { source } of [before, late, after]) source.terminate();
  });

  it("closes a source's open socket when its key is rotated or revoked; the studio stays", async () => {
    const { user } = await memberWithPlan();
    const connect = async (auth: { token?: string; streamKey?: string }) => {
      const ws = await openSocket("/web-api/ws/live?language=EN");
      const incoming = messages(ws);
      const closed = new Promise<number>((resolve) => ws.on("close", (code: number) => resolve(code)));
      ws.send(JSON.stringify({ type: "auth", ...auth }));
      await incoming.next((m) => m.type === "ready");
      return { ws, incoming, closed };
    };
    const first = (await rotate(user)).key;
    const studio = await connect({ token: user.token });
    const rotatedAway = await connect({ streamKey: first });
    const second = (await rotate(user)).key;
    expect(await rotatedAway.incoming.next((m) => m.type === "error")).toMatchObject({ code: 1903 });
    expect(await rotatedAway.closed).toBe(4903);

    const revoked = await connect({ streamKey: second });
    ok(await post(user.token, `${L}/streamKey/revoke`));
    expect(await revoked.closed).toBe(4903);
    // the studio, on the user's own token, is still served
    expect(studio.incoming.seen.some((m) => m.type === "error" || m.type === "key")).toBe(false);
    expect(studio.ws.readyState).toBe(studio.ws.OPEN);
    studio.ws.terminate();
  });

  it("closes a studio socket whose login token was revoked since (asked again every 30 s)", async () => {
    process.env.LIVE_SOCKET_RECHECK_MS = "200";
    try {
      const { user } = await memberWithPlan();
      const ws = await openSocket("/web-api/ws/live?language=EN");
      const incoming = messages(ws);
      const closed = new Promise<number>((resolve) => ws.on("close", (code: number) => resolve(code)));
      ws.send(JSON.stringify({ type: "auth", token: user.token }));
      await incoming.next((m) => m.type === "ready");
      await t.app.deps.tokens.revokeAllOf(user.id);
      expect(await incoming.next((m) => m.type === "error")).toEqual({
        type: "error",
        code: 600,
        message: "Please log in again",
      });
      expect(await closed).toBe(4600);
    } finally {
      delete process.env.LIVE_SOCKET_RECHECK_MS;
    }
  });
});

describe("live modes and records", () => {
  it("gates the modes by the membership records", async () => {
    const silver = await memberWithPlan("silver");
    const init = ok<{ modes: { mode: string; allowed: boolean; built: boolean }[] }>(
      await get(silver.user.token, `${L}/studio/init`),
    );
    expect(init.modes.filter((m) => m.allowed).map((m) => m.mode)).toEqual(["plan", "face"]);
    expect((await post(silver.user.token, `${L}/session/start`, { mode: "halfBody" })).body).toMatchObject({
      code: 1201,
    });
    // face capture is built (docs/decisions/036): silver may go live with it
    expect(ok<{ mode: string }>(await post(silver.user.token, `${L}/session/start`, { mode: "face" }))).toMatchObject({
      mode: "face",
    });
    const gold = await memberWithPlan("gold");
    expect(ok<{ mode: string }>(await post(gold.user.token, `${L}/session/start`, { mode: "halfBody" }))).toMatchObject(
      { mode: "halfBody" },
    );
    // motion capture (decision 042) is diamond's alone
    expect((await post(gold.user.token, `${L}/session/start`, { mode: "motion" })).body).toMatchObject({ code: 1201 });
    const diamond = await memberWithPlan("diamond");
    expect(
      ok<{ mode: string }>(await post(diamond.user.token, `${L}/session/start`, { mode: "motion" })),
    ).toMatchObject({ mode: "motion" });
    // an expired membership opens nothing, whatever the client believes: renew (1208)
    const expired = await memberWithPlan("diamond");
    await t.db.user.update({ where: { id: expired.user.id }, data: { vipExpiresAt: new Date(now.getTime() - 1000) } });
    expect((await post(expired.user.token, `${L}/session/start`, { mode: "plan" })).body).toMatchObject({
      code: 1208,
    });
    // and none at all: no permission (1207); a member's tier below the mode: locked (1201, above)
    const none = await t.user();
    expect((await post(none.token, `${L}/session/start`, { mode: "plan" })).body).toMatchObject({ code: 1207 });
  });

  it("records start, end and duration; scoped to the owner; the server closes a silent session", async () => {
    const { user, planId } = await memberWithPlan();
    const other = await memberWithPlan();
    const started = ok<Rec & { planId: string; mode: string }>(
      await post(user.token, `${L}/session/start`, { mode: "plan" }),
    );
    expect(started).toMatchObject({ planId, mode: "plan", live: true, endedAt: null, durationSeconds: 0 });

    advance(15);
    expect(ok<Rec>(await post(user.token, `${L}/session/heartbeat`, { id: started.id }))).toMatchObject({
      live: true,
      durationSeconds: 15,
    });
    // another user's session id is not found, and changes nothing
    expect((await post(other.user.token, `${L}/session/end`, { id: started.id })).body).toEqual(NOT_FOUND);
    expect((await post(other.user.token, `${L}/session/heartbeat`, { id: started.id })).body).toEqual(NOT_FOUND);

    advance(60);
    const ended = ok<Rec>(await post(user.token, `${L}/session/end`, { id: started.id, reason: "exit" }));
    expect(ended).toMatchObject({ live: false, durationSeconds: 75, endReason: "exit" });
    // ending twice keeps the first end
    advance(5);
    expect(ok<Rec>(await post(user.token, `${L}/session/end`, { id: started.id, reason: "idle" }))).toMatchObject({
      durationSeconds: 75,
      endReason: "exit",
    });
    expect((await post(user.token, `${L}/session/heartbeat`, { id: started.id })).body).toMatchObject({ code: 1904 });

    // a crashed tab: no heartbeat, so the session ends at its last sign of life
    const crashed = ok<Rec>(await post(user.token, `${L}/session/start`, { mode: "plan" }));
    advance(10);
    ok(await post(user.token, `${L}/session/heartbeat`, { id: crashed.id }));
    advance(LIVE_LOST_AFTER_SECONDS + 1);

    const page = ok<{ records: (Rec & { startedAt: string })[]; total: number; totalSeconds: number }>(
      await get(user.token, `${L}/history/getListPage?page=1&limit=10`),
    );
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.id)).toEqual([crashed.id, started.id]);
    expect(page.records[0]).toMatchObject({ live: false, endReason: "lost", durationSeconds: 10 });
    expect(page.totalSeconds).toBe(85);
    expect(ok<{ total: number }>(await get(other.user.token, `${L}/history/getListPage`)).total).toBe(0);

    // going live again ends the open session ("replaced")
    const a = ok<Rec>(await post(user.token, `${L}/session/start`, { mode: "plan" }));
    advance(3);
    ok(await post(user.token, `${L}/session/start`, { mode: "plan" }));
    const row = await t.db.liveSession.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({ endReason: "replaced", durationSeconds: 3 });
  });

  it("switches modes while live without ending the session; the record keeps each switch (issue 47)", async () => {
    const { user } = await memberWithPlan("silver");
    const other = await memberWithPlan("gold");
    const started = ok<Rec & { mode: string }>(await post(user.token, `${L}/session/start`, { mode: "face" }));
    advance(20);
    const switched = ok<Rec & { mode: string; modeChanges: { fromMode: string; mode: string; at: string }[] }>(
      await post(user.token, `${L}/session/mode`, { id: started.id, mode: "plan" }),
    );
    expect(switched).toMatchObject({ id: started.id, mode: "plan", live: true, durationSeconds: 20 });
    expect(switched.modeChanges).toEqual([
      { fromMode: "face", mode: "plan", modeName: expect.any(String), at: now.toISOString() },
    ]);
    // the same mode again changes nothing
    expect(
      ok<{ modeChanges: unknown[] }>(await post(user.token, `${L}/session/mode`, { id: started.id, mode: "plan" }))
        .modeChanges,
    ).toHaveLength(1);
    // silver does not open the half-body: locked, and the session goes on in its mode
    expect((await post(user.token, `${L}/session/mode`, { id: started.id, mode: "halfBody" })).body).toMatchObject({
      code: 1201,
    });
    // cloud rendering needs a session of its own
    expect((await post(user.token, `${L}/session/mode`, { id: started.id, mode: "cloud" })).body).toMatchObject({
      code: 1914,
      message: "Cloud rendering cannot be switched to or from while live: end the session and go live again",
    });
    // another user's session is not found, and changes nothing
    expect((await post(other.user.token, `${L}/session/mode`, { id: started.id, mode: "face" })).body).toEqual(
      NOT_FOUND,
    );
    // bad input: the envelope, naming the field
    const bad = await post(user.token, `${L}/session/mode`, { id: started.id, mode: "dance" });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain("mode");
    advance(10);
    ok(await post(user.token, `${L}/session/mode`, { id: started.id, mode: "face" }));
    advance(5);
    const ended = ok<Rec & { mode: string; modeChanges: { fromMode: string; mode: string }[] }>(
      await post(user.token, `${L}/session/end`, { id: started.id }),
    );
    expect(ended).toMatchObject({ mode: "face", durationSeconds: 35, live: false });
    expect(ended.modeChanges.map((c) => `${c.fromMode}>${c.mode}`)).toEqual(["face>plan", "plan>face"]);
    // an ended session switches no more
    expect((await post(user.token, `${L}/session/mode`, { id: started.id, mode: "plan" })).body).toMatchObject({
      code: 1904,
    });
    const page = ok<{ records: { id: string; modeChanges: { mode: string }[] }[] }>(
      await get(user.token, `${L}/history/getListPage?page=1`),
    );
    expect(page.records[0]?.modeChanges.map((c) => c.mode)).toEqual(["plan", "face"]);
  });
});
