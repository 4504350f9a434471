/**
 * 1207 'Permission denied' and 1208 'membership expired, renew' raised where the spec means them
 * (issue 44; docs/decisions/047): without a membership, starting a design is not the caller's to
 * do (1207); after one lapsed, every membership refusal asks to renew (1208); a member whose tier
 * does not open an asset still gets 1201, the locked avatar's message.
 */

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { CODES } from "../../shared/codes.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

const post = (token: string, path: string, body: object) =>
  t.request.post(`${V1}${path}`).set("authorization", token).send(body);
const photo = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: "#999" } })
    .jpeg()
    .toBuffer();
const clone = async (token: string) =>
  t.request
    .post(`${V1}/douyin/customRole/createPhoto/2`)
    .set("authorization", token)
    .attach("file", await photo(), { filename: "me.jpg", contentType: "image/jpeg" });

describe("membership refusals", () => {
  it("without a membership: starting a design is refused with 1207, a locked avatar with 1201", async () => {
    const free = await t.user();
    const cloned = await clone(free.token);
    expect(cloned.body).toEqual({ code: CODES.NO_PERMISSION.code, message: MESSAGES.noPermission.EN, data: null });
    const start = await post(free.token, "/live/session/start", { mode: "face" });
    expect(start.body.code).toBe(CODES.NO_PERMISSION.code);
    // choosing an avatar its membership does not open: the spec's locked message
    const diy = await post(free.token, "/douyin/customRole/create", { id: "sys-f-01" });
    expect(diy.body).toEqual({ code: CODES.LOCKED.code, message: MESSAGES.locked.EN, data: null });
    expect(await t.db.customRole.count({ where: { userId: free.id } })).toBe(0);
  });

  it("after a membership lapsed: every membership refusal asks to renew (1208), and getUserInfo says when it ended", async () => {
    const ended = new Date(Date.now() - 2 * DAY);
    const lapsed = await t.user({ vipType: "gold", vipExpiresAt: ended });
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", lapsed.token);
    expect(info.body.data.vipType).toBeUndefined();
    expect(info.body.data.vipExpiredAt).toBe(ended.toISOString());
    const renew = { code: CODES.MEMBERSHIP_EXPIRED.code, message: MESSAGES.membershipExpired.EN, data: null };
    expect((await post(lapsed.token, "/douyin/customRole/create", { id: "sys-f-01" })).body).toEqual(renew);
    expect(
      (await post(lapsed.token, "/base/planInfo/addPlanInfo", { roleId: "sys-f-01", roleType: "1" })).body,
    ).toEqual(renew);
    expect((await clone(lapsed.token)).body).toEqual(renew);
    expect((await post(lapsed.token, "/live/session/start", { mode: "face" })).body).toEqual(renew);
    // in Chinese too
    const zh = await post(lapsed.token, "/live/session/start", { mode: "face" }).set("language", "ZH_CN");
    expect(zh.body.message).toBe(MESSAGES.membershipExpired.ZH_CN);
    expect(await t.db.plan.count({ where: { userId: lapsed.id } })).toBe(0);
  });

  it("a member whose plan item needs a higher tier: 1201; once that membership lapses: 1208", async () => {
    const silver = await t.user({ vipType: "silver" });
    const plan = await post(silver.token, "/base/planInfo/addPlanInfo", { roleId: "sys-f-01", roleType: "1" });
    const planId = plan.body.data as string;
    const catalogue = await t.request
      .get(`${V1}/base/digitalmanAttribute/getListPage`)
      .query({ limit: 200 })
      .set("authorization", silver.token);
    const locked = (catalogue.body.data.records as { id: string; equityStatus: number; kind: string }[]).find(
      (r) => r.equityStatus === 2 && r.kind === "outfit",
    );
    expect(locked).toBeDefined();
    const wear = () =>
      post(silver.token, "/base/planDigitalmanAttribute/addPlanDigitalmanAttribute", {
        planId,
        attributeId: locked?.id,
      });
    expect((await wear()).body.code).toBe(CODES.LOCKED.code);
    await t.db.user.update({ where: { id: silver.id }, data: { vipExpiresAt: new Date(Date.now() - DAY) } });
    // the answers kept per user follow the write (decision 027)
    expect((await wear()).body.code).toBe(CODES.MEMBERSHIP_EXPIRED.code);
  });
});
