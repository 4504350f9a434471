/**
 * Issue 47, item 4: an avatar's portrait rendered again on request (customRolePortrait), for a
 * portrait whose job was lost or failed. Owner-scoped; a failure says so (1214).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRoles } from "../../prisma/seed.ts";
import { JobFailedError } from "../../server/jobs/runner.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
});
afterAll(() => t.close());

const CR = `${V1}/douyin/customRole`;
const post = (token: string, path: string, body: object = {}) =>
  t.request.post(path).set("authorization", token).send(body);

/**
 * A new avatar without a portrait (as one whose job was lost in a shared Redis). The test database's
 * system roles have none, and an avatar made from one without changes takes its portrait as it is.
 */
async function avatarWithoutPortrait(token: string) {
  const id = (await post(token, `${CR}/create`, { id: "sys-f-01", name: "Mine" })).body.data as string;
  await t.db.customRole.update({ where: { id }, data: { imgKey: null } });
  return id;
}

describe("POST customRole/portrait/:id", () => {
  it("renders a missing portrait, answers its address, and answers a current one at once", async () => {
    const user = await t.user({ vipType: "gold" });
    const id = await avatarWithoutPortrait(user.token);
    const list = await post(user.token, `${CR}/pageList`, { page: 1, limit: 10 });
    expect(list.body.data.records[0]).toMatchObject({ id, img: null });

    const res = await post(user.token, `${CR}/portrait/${id}`);
    expect(res.body).toMatchObject({ code: 200, data: { img: expect.stringMatching(/^\/media\/avatar-.+\.webp$/) } });
    const img = res.body.data.img as string;
    expect((await t.request.get(img)).status).toBe(200);
    expect((await t.request.get(`${CR}/detail/${id}`).set("authorization", user.token)).body.data.img).toBe(img);

    let runs = 0;
    const run = t.app.deps.jobs.run;
    t.app.deps.jobs.run = (...args) => {
      runs++;
      return run(...args);
    };
    try {
      expect((await post(user.token, `${CR}/portrait/${id}`)).body.data).toEqual({ img });
      expect(runs).toBe(0);
    } finally {
      t.app.deps.jobs.run = run;
    }
  });

  it("says so when the render fails, and leaves the avatar as it was", async () => {
    const user = await t.user({ vipType: "gold" });
    const id = await avatarWithoutPortrait(user.token);
    const run = t.app.deps.jobs.run;
    t.app.deps.jobs.run = async () => {
      throw new JobFailedError("lost");
    };
    try {
      const zh = await post(user.token, `${CR}/portrait/${id}`).set("language", "ZH_CN");
      expect(zh.body).toEqual({ code: 1214, message: "形象图片生成失败，请重试", data: null });
      const en = await post(user.token, `${CR}/portrait/${id}`);
      expect(en.body).toEqual({ code: 1214, message: "The portrait could not be rendered, please retry", data: null });
    } finally {
      t.app.deps.jobs.run = run;
    }
    expect((await t.db.customRole.findUnique({ where: { id } }))?.imgKey).toBeNull();
    // the retry once the renderer is back
    expect((await post(user.token, `${CR}/portrait/${id}`)).body.code).toBe(200);
  });

  it("does not render another user's avatar: not found, and nothing queued", async () => {
    const owner = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "diamond" });
    const id = await avatarWithoutPortrait(owner.token);
    let runs = 0;
    const run = t.app.deps.jobs.run;
    t.app.deps.jobs.run = (...args) => {
      runs++;
      return run(...args);
    };
    try {
      const res = await post(other.token, `${CR}/portrait/${id}`);
      expect(res.body).toEqual({ code: 1212, message: "Not found", data: null });
      expect((await post(other.token, `${CR}/portrait/no-such-avatar`)).body.code).toBe(1212);
      expect(runs).toBe(0);
    } finally {
      t.app.deps.jobs.run = run;
    }
    expect((await t.db.customRole.findUnique({ where: { id } }))?.imgKey).toBeNull();
  });

  it("needs a login", async () => {
    const res = await t.request.post(`${CR}/portrait/anything`);
    expect(res.body).toEqual({ code: 600, message: "Please log in again", data: null });
  });
});
