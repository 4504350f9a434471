/**
 * The hot read path (docs/decisions/027-hot-reads.md) keeps what the answers mean: a revoked token
 * is refused at once on every instance sharing the database, a membership change shows at once,
 * and answers never cross between users under concurrent load.
 */

import Database from "better-sqlite3";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_TTL_MS, createSqlReader, isPostgresUrl, sqlDate, sqliteFile } from "../../infra/sql.ts";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { buildApp } from "../../server/app.ts";
import type { App } from "../../server/types.ts";
import { endpoints } from "../../shared/endpoints.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const USER_INFO = endpoints.userInfo.path;

describe("hot reads", () => {
  let t: TestApp;
  let other: App;
  let otherRequest: ReturnType<typeof supertest>;

  beforeAll(async () => {
    t = await makeTestApp();
    await seedRoles(t.db);
    await seedCatalogue(t.db);
    // A second instance on the same database, as a second server process behind a balancer would be.
    other = await buildApp({ env: t.env, webDist: null });
    await other.ready();
    otherRequest = supertest(other.server);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it("compares dates in SQL in the format the Prisma adapter writes", async () => {
    const user = await t.user();
    const row = createSqlReader(t.env.DATABASE_URL);
    try {
      const stored = await row.get<{ createdAt: string }>('SELECT "createdAt" FROM "User" WHERE "id" = ?', user.id);
      expect(stored?.createdAt).toBe(sqlDate(user.createdAt));
    } finally {
      await row.close();
    }
  });

  it("sees this process's Prisma write on the very next read, in the same turn of the event loop", async () => {
    const user = await t.user();
    const reader = createSqlReader(t.env.DATABASE_URL);
    const nickname = () =>
      reader
        .get<{ nickname: string }>('SELECT "nickname" FROM "User" WHERE "id" = ?', user.id)
        .then((r) => r?.nickname);
    try {
      for (const name of ["first", "second", "third"]) {
        await nickname(); // opens the reader's snapshot (on SQLite, until the turn ends)
        await t.db.user.update({ where: { id: user.id }, data: { nickname: name } });
        expect(await nickname()).toBe(name);
        // And inside an interactive transaction once it has committed.
        await t.db.$transaction(async (tx) => {
          await tx.user.update({ where: { id: user.id }, data: { nickname: `${name}-tx` } });
        });
        expect(await nickname()).toBe(`${name}-tx`);
      }
    } finally {
      await reader.close();
    }
  });

  it("sees another connection's commit from the next turn of the event loop on SQLite", async () => {
    if (isPostgresUrl(t.env.DATABASE_URL)) return; // READ COMMITTED: every statement sees it at once
    const user = await t.user();
    const reader = createSqlReader(t.env.DATABASE_URL);
    // Another process's connection: nothing in this process is told of its writes.
    const outsider = new Database(sqliteFile(t.env.DATABASE_URL));
    outsider.pragma("busy_timeout = 5000");
    const nickname = () =>
      reader
        .get<{ nickname: string }>('SELECT "nickname" FROM "User" WHERE "id" = ?', user.id)
        .then((r) => r?.nickname);
    try {
      const before = await nickname();
      outsider.prepare('UPDATE "User" SET "nickname" = ? WHERE "id" = ?').run("outside", user.id);
      // The same turn reads one snapshot: consistent, not torn.
      expect(await nickname()).toBe(before);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await nickname()).toBe("outside");
    } finally {
      outsider.close();
      await reader.close();
    }
  });

  it("refuses a logged-out token at once on the instance that revoked it and on another", async () => {
    const user = await t.user({ vipType: "gold" });
    for (const request of [t.request, otherRequest]) {
      const before = await request.get(USER_INFO).set("authorization", user.token);
      expect(before.body.code).toBe(200);
    }
    const out = await t.request.post(endpoints.logout.path).set("authorization", user.token);
    expect(out.body.code).toBe(200);
    const started = Date.now();
    const here = await t.request.get(USER_INFO).set("authorization", user.token);
    const there = await otherRequest.get(USER_INFO).set("authorization", user.token);
    expect(here.body.code).toBe(600);
    expect(there.body.code).toBe(600);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("refuses a token revoked by another process's connection from the next request on SQLite", async () => {
    if (isPostgresUrl(t.env.DATABASE_URL)) return;
    const user = await t.user();
    // Asked twice: the session is known live and the answer kept.
    for (let i = 0; i < 2; i++)
      expect((await t.request.get(USER_INFO).set("authorization", user.token)).body.code).toBe(200);
    const outsider = new Database(sqliteFile(t.env.DATABASE_URL));
    try {
      outsider.pragma("busy_timeout = 5000");
      outsider.prepare('UPDATE "Session" SET "revokedAt" = ? WHERE "userId" = ?').run(sqlDate(new Date()), user.id);
    } finally {
      outsider.close();
    }
    expect((await t.request.get(USER_INFO).set("authorization", user.token)).body.code).toBe(600);
  });

  it("refuses every token of a user at once when all their sessions are revoked (password reset, cancellation)", async () => {
    const user = await t.user();
    const second = await t.app.deps.tokens.issue(user.id);
    await other.deps.tokens.revokeAllOf(user.id);
    for (const token of [user.token, second]) {
      expect((await t.request.get(USER_INFO).set("authorization", token)).body.code).toBe(600);
      expect((await otherRequest.get(USER_INFO).set("authorization", token)).body.code).toBe(600);
    }
  });

  it("shows a membership change (a payment, an expiry) on the next read", async () => {
    const user = await t.user();
    const roleOpen = async () => {
      const res = await otherRequest
        .get(`${endpoints.roleList.path}?limit=200&page=1`)
        .set("authorization", user.token);
      return (res.body.data.records as { equityStatus: number }[]).filter((r) => r.equityStatus === 1).length;
    };
    expect((await t.request.get(USER_INFO).set("authorization", user.token)).body.data.vipType).toBeUndefined();
    const lockedOpen = await roleOpen();

    await t.db.user.update({
      where: { id: user.id },
      data: { vipType: "diamond", vipExpiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect((await otherRequest.get(USER_INFO).set("authorization", user.token)).body.data.vipType).toBe("diamond");
    expect(await roleOpen()).toBeGreaterThan(lockedOpen);

    await t.db.user.update({ where: { id: user.id }, data: { vipExpiresAt: new Date(Date.now() - 1000) } });
    expect((await otherRequest.get(USER_INFO).set("authorization", user.token)).body.data.vipType).toBeUndefined();
    expect(await roleOpen()).toBe(lockedOpen);
  });

  it("shows a membership that runs out with no write within 1 s, on every instance", async () => {
    if (isPostgresUrl(t.env.DATABASE_URL)) return; // no answer is kept on PostgreSQL
    const user = await t.user();
    const ends = Date.now() + 300;
    await t.db.user.update({ where: { id: user.id }, data: { vipType: "gold", vipExpiresAt: new Date(ends) } });
    const vipOn = async (request: ReturnType<typeof supertest>) =>
      (await request.get(USER_INFO).set("authorization", user.token)).body.data.vipType as string | undefined;
    // Both instances keep the member's answer now (asked twice: the second comes from the memo).
    for (const request of [t.request, otherRequest]) {
      expect(await vipOn(request)).toBe("gold");
      expect(await vipOn(request)).toBe("gold");
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends - Date.now())));
    for (const request of [t.request, otherRequest]) {
      while ((await vipOn(request)) === "gold") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - ends).toBeLessThan(1000);
  });

  it("keeps answers apart by language for the same user", async () => {
    const user = await t.user({ vipType: "gold" });
    const names = async (language: string) =>
      (
        (
          await t.request
            .get(`${endpoints.roleList.path}?limit=200&page=1`)
            .set("authorization", user.token)
            .set("language", language)
        ).body.data.records as { name: string }[]
      ).map((r) => r.name);
    const [en, zh] = [await names("EN"), await names("ZH_CN")];
    expect(en).not.toEqual(zh);
    const interleaved = await Promise.all(Array.from({ length: 40 }, (_, i) => names(i % 2 ? "EN" : "ZH_CN")));
    expect(interleaved).toEqual(interleaved.map((_, i) => (i % 2 ? en : zh)));
  });

  it("shows a new system avatar, and one the shop starts selling, on the next read on every instance", async () => {
    // The system avatars and the shop's SKUs are kept in memory until the database changes
    // (infra/sql.ts `cached`): on SQLite a write through any connection must show on the next
    // read; on PostgreSQL within CACHE_TTL_MS (docs/decisions/032-postgresql.md).
    const deadline = isPostgresUrl(t.env.DATABASE_URL) ? CACHE_TTL_MS + 1000 : 0;
    const soon = async <T>(read: () => Promise<T>, want: T) => {
      const until = Date.now() + deadline;
      let got = await read();
      while (got !== want && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        got = await read();
      }
      expect(got).toBe(want);
    };
    const user = await t.user({ vipType: "diamond" });
    const listed = async (request: ReturnType<typeof supertest>) => {
      const res = await request.get(`${endpoints.roleList.path}?limit=200&page=1`).set("authorization", user.token);
      return new Map(
        (res.body.data.records as { id: string; equityStatus: number }[]).map((r) => [r.id, r.equityStatus]),
      );
    };
    for (const request of [t.request, otherRequest]) expect((await listed(request)).has("role-hot-new")).toBe(false);

    await t.db.role.create({ data: { id: "role-hot-new", name: "Hot", sex: 2, faceParams: "{}", sort: 999 } });
    for (const request of [t.request, otherRequest])
      await soon(async () => (await listed(request)).get("role-hot-new"), 1);

    // Sold in the shop: listed only to its owners from now on.
    await t.db.shopSku.create({
      data: {
        id: "sku-hot-new",
        roleId: "role-hot-new",
        priceCn: 100,
        priceIntl: 100,
        searchText: "hot",
        featured: 0,
        listedAt: new Date(),
      },
    });
    for (const request of [t.request, otherRequest])
      await soon(async () => (await listed(request)).has("role-hot-new"), false);
  });

  it("never hands one user's answer to another under interleaved concurrent load", async () => {
    const [a, b] = [await t.user({ vipType: "gold" }), await t.user({ vipType: "diamond" })];
    const roles = await t.request.get(`${endpoints.roleList.path}?limit=200&page=1`).set("authorization", a.token);
    const open = (roles.body.data.records as { id: string; equityStatus: number }[]).filter(
      (r) => r.equityStatus === 1,
    );
    const plans = new Map<string, string>();
    for (const [user, role] of [
      [a, open[0]],
      [b, open[1]],
    ] as const) {
      const added = await t.request
        .post(endpoints.planAdd.path)
        .set("authorization", user.token)
        .send({ roleId: role?.id, roleType: "1", name: `plan of ${user.email}` });
      expect(added.body.code).toBe(200);
      plans.set(user.id, added.body.data);
    }

    const calls = Array.from({ length: 300 }, (_, i) => {
      const user = i % 2 ? a : b;
      const request = i % 3 ? t.request : otherRequest;
      const kind = i % 3;
      if (kind === 0) {
        return request
          .get(USER_INFO)
          .set("authorization", user.token)
          .then((res) => expect(res.body.data.userId).toBe(user.id));
      }
      if (kind === 1) {
        return request
          .get(`${endpoints.planList.path}?page=1&limit=20`)
          .set("authorization", user.token)
          .then((res) => {
            expect(res.body.data.records.map((p: { planId: string }) => p.planId)).toEqual([plans.get(user.id)]);
          });
      }
      return request
        .get(`${endpoints.planInfo.path}?planId=${plans.get(user.id)}`)
        .set("authorization", user.token)
        .then((res) => expect(res.body.data.name).toBe(`plan of ${user.email}`));
    });
    await Promise.all(calls);

    // And by id: the other user's plan is not found.
    const foreign = await t.request
      .get(`${endpoints.planInfo.path}?planId=${plans.get(b.id)}`)
      .set("authorization", a.token);
    expect(foreign.body.code).not.toBe(200);
  });
});
