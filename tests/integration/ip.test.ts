/**
 * IP activation against the real app (issue 13): single-use, case-insensitive codes that unlock a
 * licensed character set; unknown, used and expired codes; exactly once under concurrency; rate limit.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IP_CODES, EXPIRED_IP_CODE, seedIpCodes, seedRoles } from "../../prisma/seed.ts";
import { normaliseIpCode } from "../../shared/ip.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
  await seedIpCodes(t.db);
});
afterAll(async () => {
  await t?.close();
});

const activate = (token: string, code: unknown, language = "EN") =>
  t.request.post(`${V1}/ip/activate`).set("authorization", token).set("language", language).send({ code });
const roleIds = async (token: string) =>
  (
    await t.request.get(`${V1}/base/role/getListPage?limit=200&page=1&sex=`).set("authorization", token)
  ).body.data.records.map((r: { id: string; equityStatus: number }) => `${r.id}:${r.equityStatus}`) as string[];
const newCode = async (expiresAt: Date | null = null) => {
  const code = `TEST-${Math.random().toString(36).slice(2, 6).toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  await t.db.ipCode.create({ data: { code: normaliseIpCode(code), licence: "starlight", expiresAt } });
  return code;
};

describe("IP activation", () => {
  it("takes a code in any case and spacing, unlocks the licence's avatars for that user only", async () => {
    const fan = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "gold" });
    expect((await roleIds(fan.token)).some((id) => id.startsWith("ip-"))).toBe(false);

    const typed = ` ${(DEMO_IP_CODES[0] as string).toLowerCase().replaceAll("-", " ")} `;
    const res = await activate(fan.token, typed, "ZH_CN");
    expect(res.body).toMatchObject({ code: 200, message: "激活成功" });
    expect(res.body.data).toMatchObject({ licence: "starlight", name: "星光偶像" });
    expect(res.body.data.roles.map((r: { id: string }) => r.id)).toEqual(["ip-starlight-mika", "ip-starlight-ren"]);

    const mine = await roleIds(fan.token);
    expect(mine).toContain("ip-starlight-mika:1");
    expect(mine).toContain("ip-starlight-ren:1");
    expect((await roleIds(other.token)).some((id) => id.startsWith("ip-"))).toBe(false);

    const list = await t.request.get(`${V1}/ip/list`).set("authorization", fan.token);
    expect(list.body.data.map((l: { licence: string }) => l.licence)).toEqual(["starlight"]);
    expect((await t.request.get(`${V1}/ip/list`).set("authorization", other.token)).body.data).toEqual([]);

    // the unlocked avatar is usable: a DIY face from it; for the other user it does not exist
    const diy = await t.request
      .post(`${V1}/douyin/customRole/create`)
      .set("authorization", fan.token)
      .send({ id: "ip-starlight-mika", name: "My Mika" });
    expect(diy.body.code).toBe(200);
    const refused = await t.request
      .post(`${V1}/douyin/customRole/create`)
      .set("authorization", other.token)
      .send({ id: "ip-starlight-mika", name: "Not mine" });
    expect(refused.body).toMatchObject({ code: 1212, data: null });
  });

  it("refuses an unknown, a used and an expired code, and a licence held already, with clear messages", async () => {
    const user = await t.user();
    const cases: [string, number, string][] = [
      ["NOPE-NOPE-NOPE", 1501, "This activation code is not valid"],
      ["   -- ", 1501, "This activation code is not valid"],
      [DEMO_IP_CODES[0] as string, 1502, "This activation code has already been used"],
      [EXPIRED_IP_CODE, 1503, "This activation code has expired"],
    ];
    for (const [code, status, message] of cases)
      expect((await activate(user.token, code)).body, code).toEqual({ code: status, message, data: null });
    expect((await activate(user.token, EXPIRED_IP_CODE, "ZH_TN")).body.message).toBe("此啟用碼已過期");

    const first = await newCode();
    const second = await newCode();
    expect((await activate(user.token, first)).body.code).toBe(200);
    expect((await activate(user.token, second)).body).toMatchObject({
      code: 1504,
      message: "You already hold Starlight Idols; keep this code for someone else",
    });
    // the second code stays unused, for someone else
    expect((await t.db.ipCode.findUniqueOrThrow({ where: { code: normaliseIpCode(second) } })).usedById).toBeNull();
  });

  it("checks the field: missing or over 40 characters names it", async () => {
    const user = await t.user();
    for (const body of [{}, { code: "" }, { code: "X".repeat(41) }]) {
      const res = await t.request.post(`${V1}/ip/activate`).set("authorization", user.token).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain("code");
    }
    expect((await t.request.post(`${V1}/ip/activate`).send({ code: "X" })).body.code).toBe(600);
  });

  it("is single use under 20 concurrent activations by 20 users: one wins, one grant", async () => {
    const code = await newCode();
    const users = await Promise.all(Array.from({ length: 20 }, () => t.user()));
    const answers = await Promise.all(users.map((u) => activate(u.token, code)));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 1502)).toHaveLength(19);
    expect(await t.db.entitlement.count({ where: { userId: { in: users.map((u) => u.id) }, kind: "licence" } })).toBe(
      1,
    );
  });

  it("is rate-limited per address (IP_RATE_LIMIT an hour)", async () => {
    const limited = await makeTestApp({ IP_RATE_LIMIT: "3" });
    try {
      const user = await limited.user();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await limited.request.post(`${V1}/ip/activate`).set("authorization", user.token).send({ code: "GUESS" }))
            .status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
