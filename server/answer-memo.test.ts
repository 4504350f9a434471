import Fastify, { type FastifyRequest } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { SqlReader } from "../infra/sql.ts";
import { ANSWER_TTL_MS, createAnswerMemo } from "./answer-memo.ts";

/** A route kept by the memo: it answers who asked, in which language, what, and how many times it ran. */
async function setup(options: { version?: number | null } = {}) {
  let version: number | null = options.version === undefined ? 1 : options.version;
  let now = 1_000_000;
  let runs = 0;
  let onRun: () => void = () => undefined;
  const reads = { version: () => version } as unknown as SqlReader;
  const memo = createAnswerMemo({ reads, clock: { now: () => new Date(now) } });
  const app = Fastify();
  app.decorateRequest("language", "EN");
  app.decorateRequest("userId", null);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    request.userId = (request.headers["x-user"] as string | undefined) ?? null;
    request.language = ((request.headers["x-lang"] as string | undefined) ?? "EN") as FastifyRequest["language"];
  });
  app.route({
    method: ["GET", "POST"],
    url: "/read",
    preHandler: memo.preHandler,
    preSerialization: memo.preSerialization,
    onSend: memo.onSend,
    handler: async (request) => {
      runs++;
      onRun();
      const fail = (request.query as { fail?: string }).fail;
      return fail
        ? { code: 500, message: "nope", data: null }
        : { code: 200, message: "ok", data: { user: request.userId, lang: request.language, run: runs } };
    },
  });
  await app.ready();
  const ask = async (user: string | null, extra: { lang?: string; url?: string; body?: object } = {}) => {
    const res = await app.inject({
      method: extra.body ? "POST" : "GET",
      url: extra.url ?? "/read",
      headers: { ...(user ? { "x-user": user } : {}), ...(extra.lang ? { "x-lang": extra.lang } : {}) },
      ...(extra.body ? { payload: extra.body } : {}),
    });
    return { body: res.body, type: res.headers["content-type"], json: res.json() as { data: { run: number } | null } };
  };
  return {
    app,
    memo,
    ask,
    runs: () => runs,
    commit: () => {
      if (version !== null) version++;
    },
    advance: (ms: number) => {
      now += ms;
    },
    during: (fn: () => void) => {
      onRun = fn;
    },
  };
}

describe("the answer memo", () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });
  const start = async (options?: { version?: number | null }) => {
    const t = await setup(options);
    close = () => t.app.close();
    return t;
  };

  it("answers the same user's same question again with the same bytes, without running the route", async () => {
    const t = await start();
    const first = await t.ask("alice");
    const second = await t.ask("alice");
    expect(t.runs()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.type).toBe(first.type);
    expect(second.type).toMatch(/^application\/json/);
  });

  it("keys each answer by its user, language, url and body", async () => {
    const t = await start();
    await t.ask("alice");
    const bob = await t.ask("bob");
    expect(bob.json.data).toMatchObject({ user: "bob", run: 2 });
    expect((await t.ask("alice", { lang: "ZH" })).json.data).toMatchObject({ user: "alice", lang: "ZH", run: 3 });
    expect((await t.ask("alice", { url: "/read?page=2" })).json.data?.run).toBe(4);
    expect((await t.ask("alice", { body: { page: 1 } })).json.data?.run).toBe(5);
    expect((await t.ask("alice", { body: { page: 2 } })).json.data?.run).toBe(6);
    expect((await t.ask("alice", { body: { page: 1 } })).json.data?.run).toBe(5);
    expect((await t.ask("bob")).json.data).toMatchObject({ user: "bob", run: 2 });
    expect(t.runs()).toBe(6);
  });

  it("forgets everything when the database changes", async () => {
    const t = await start();
    await t.ask("alice");
    await t.ask("bob");
    t.commit();
    expect((await t.ask("alice")).json.data?.run).toBe(3);
    expect((await t.ask("bob")).json.data?.run).toBe(4);
    expect(t.memo.size()).toBe(2);
  });

  it("keeps an answer at most ANSWER_TTL_MS, by the app's clock and by the wall clock", async () => {
    const t = await start();
    await t.ask("alice");
    t.advance(ANSWER_TTL_MS - 1);
    expect((await t.ask("alice")).json.data?.run).toBe(1);
    t.advance(1);
    expect((await t.ask("alice")).json.data?.run).toBe(2);
    t.advance(-10 * ANSWER_TTL_MS); // a test's clock set back
    expect((await t.ask("alice")).json.data?.run).toBe(3);
    expect(ANSWER_TTL_MS).toBeLessThanOrEqual(1000);
    // The app's clock standing still: the wall clock still ends it.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_TTL_MS + 20));
    expect((await t.ask("alice")).json.data?.run).toBe(4);
  });

  it("never serves an answer read while the database changed", async () => {
    const t = await start();
    t.during(() => t.commit()); // another request's write lands while this one reads
    await t.ask("alice");
    t.during(() => undefined);
    expect((await t.ask("alice")).json.data?.run).toBe(2);
    expect((await t.ask("alice")).json.data?.run).toBe(2);
  });

  it("keeps no error answer, nothing for a request without a user, and nothing without a data version", async () => {
    const t = await start();
    await t.ask("alice", { url: "/read?fail=1" });
    await t.ask("alice", { url: "/read?fail=1" });
    expect(t.runs()).toBe(2);
    await t.ask(null);
    await t.ask(null);
    expect(t.runs()).toBe(4);
    expect(t.memo.size()).toBe(0);

    const pg = await setup({ version: null });
    try {
      await pg.ask("alice");
      await pg.ask("alice");
      expect(pg.runs()).toBe(2);
    } finally {
      await pg.app.close();
    }
  });
});
