import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRoles } from "../../prisma/seed.ts";
import { FACE_SLIDER_IDS } from "../../shared/avatar/index.ts";
import { LIMITS } from "../../shared/membership.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
});
afterAll(() => t.close());

const CR = `${V1}/douyin/customRole`;
const LOCKED = "No privileges available. Unlock membership for more benefits.";

const get = (token: string, path: string) => t.request.get(path).set("authorization", token);
const post = (token: string, path: string, body: object = {}) =>
  t.request.post(path).set("authorization", token).send(body);

describe("the system role list", () => {
  it("answers records and total, with limit 200, page 1 and the sex filter", async () => {
    const gold = await t.user({ vipType: "gold" });
    const all = await get(gold.token, `${V1}/base/role/getListPage?limit=200&page=1&sex=`);
    expect(all.body.data.total).toBeGreaterThanOrEqual(16);
    expect(all.body.data.records).toHaveLength(all.body.data.total);
    const female = await get(gold.token, `${V1}/base/role/getListPage?limit=200&page=1&sex=2`);
    const male = await get(gold.token, `${V1}/base/role/getListPage?limit=200&page=1&sex=1`);
    expect(female.body.data.records.every((r: { sex: number }) => r.sex === 2)).toBe(true);
    expect(male.body.data.records.every((r: { sex: number }) => r.sex === 1)).toBe(true);
    expect(female.body.data.total + male.body.data.total).toBe(all.body.data.total);
    const page2 = await get(gold.token, `${V1}/base/role/getListPage?limit=8&page=2`);
    expect(page2.body.data.records[0].id).toBe(all.body.data.records[8].id);
  });

  it("marks what the membership does not unlock with equityStatus 2", async () => {
    const status = async (vipType: string | null) => {
      const user = await t.user({ vipType });
      const res = await get(user.token, `${V1}/base/role/getListPage?limit=200&page=1`);
      const locked = res.body.data.records.filter((r: { equityStatus: number }) => r.equityStatus === 2);
      return locked.length;
    };
    const [none, silver, gold, diamond] = [
      await status(null),
      await status("silver"),
      await status("gold"),
      await status("diamond"),
    ];
    expect(none).toBe(16);
    expect(silver).toBe(8);
    expect(gold).toBe(4);
    expect(diamond).toBe(0);
  });

  it("names roles in the request's language", async () => {
    const user = await t.user({ vipType: "silver" });
    const res = await get(user.token, `${V1}/base/role/getListPage?limit=1&page=1`).set("language", "ZH_CN");
    expect(res.body.data.records[0].name).toBe("艾莉亚");
  });
});

describe("custom roles", () => {
  it("create (id, name) answers the new role id; detail, update, reset, copy, delete", async () => {
    const user = await t.user({ vipType: "gold" });
    const created = await post(user.token, `${CR}/create`, { id: "sys-f-01", name: "My Aria" });
    expect(created.body).toMatchObject({ code: 200, message: "Saved" });
    const id = created.body.data as string;

    const detail = await get(user.token, `${CR}/detail/${id}`);
    expect(detail.body.data).toMatchObject({ id, name: "My Aria", sex: 2, kind: "diy", sourceRoleId: "sys-f-01" });
    const initial = detail.body.data.faceParams;
    expect(Object.keys(initial).every((k) => (FACE_SLIDER_IDS as string[]).includes(k))).toBe(true);

    const slider = FACE_SLIDER_IDS[0] as string;
    const saved = await post(user.token, `${CR}/update`, {
      id,
      name: "Aria edited",
      faceParams: { ...initial, [slider]: 0.9 },
    });
    expect(saved.body.message).toBe("Saved");
    expect((await get(user.token, `${CR}/detail/${id}`)).body.data.faceParams[slider]).toBe(0.9);

    const init = await get(user.token, `${CR}/detailInit/${id}`);
    expect(init.body.data).toEqual({ sex: 2, faceParams: initial, appearance: detail.body.data.appearance });

    const reset = await post(user.token, `${CR}/reset/${id}`);
    expect(reset.body.message).toBe("Reset successful");
    expect((await get(user.token, `${CR}/detail/${id}`)).body.data.faceParams).toEqual(initial);

    const copy = await post(user.token, `${CR}/copy`, { id });
    expect(copy.body.message).toBe("Copied");
    const list = await post(user.token, `${CR}/pageList`, { page: 1, limit: 10 });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.records.map((r: { name: string }) => r.name).sort()).toEqual([
      "Aria edited",
      "Aria edited copy",
    ]);

    const del = await t.request.delete(`${CR}/${copy.body.data}`).set("authorization", user.token);
    expect(del.body.code).toBe(200);
    expect((await post(user.token, `${CR}/pageList`, {})).body.data.total).toBe(1);
  });

  it("rejects face values out of range, and drops unknown sliders", async () => {
    const user = await t.user({ vipType: "gold" });
    const id = (await post(user.token, `${CR}/create`, { id: "sys-m-01" })).body.data;
    const slider = FACE_SLIDER_IDS[1] as string;
    const bad = await post(user.token, `${CR}/update`, { id, faceParams: { [slider]: 1.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(`Invalid field: body.faceParams.${slider}`);
    await post(user.token, `${CR}/update`, { id, faceParams: { [slider]: -0.5, "made.up": 1 } });
    const detail = await get(user.token, `${CR}/detail/${id}`);
    expect(detail.body.data.faceParams).toEqual({ [slider]: -0.5 });
  });

  it("keeps each user's roles their own: another user's id is not found everywhere", async () => {
    const owner = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "diamond" });
    const id = (await post(owner.token, `${CR}/create`, { id: "sys-f-02", name: "Mine" })).body.data;
    const notFound = { code: 1212, message: "Not found", data: null };
    expect((await get(other.token, `${CR}/detail/${id}`)).body).toEqual(notFound);
    expect((await get(other.token, `${CR}/detailInit/${id}`)).body).toEqual(notFound);
    expect((await post(other.token, `${CR}/update`, { id, name: "stolen" })).body).toEqual(notFound);
    expect((await post(other.token, `${CR}/copy`, { id })).body).toEqual(notFound);
    expect((await post(other.token, `${CR}/reset/${id}`)).body).toEqual(notFound);
    expect((await t.request.delete(`${CR}/${id}`).set("authorization", other.token)).body).toEqual(notFound);
    expect((await post(other.token, `${V1}/base/planInfo/addPlanInfo`, { roleId: id, roleType: "2" })).body).toEqual(
      notFound,
    );
    expect((await post(other.token, `${CR}/pageList`, {})).body.data.total).toBe(0);
    const combined = await get(other.token, `${CR}/roleAndCustomList`);
    expect(combined.body.data.customRoles).toEqual([]);
    expect((await get(owner.token, `${CR}/detail/${id}`)).body.data.name).toBe("Mine");
  });

  it("refuses a locked role, with the locked message", async () => {
    const silver = await t.user({ vipType: "silver" });
    const res = await post(silver.token, `${CR}/create`, { id: "sys-f-07" });
    expect(res.body).toEqual({ code: 1201, message: LOCKED, data: null });
    const zh = await post(silver.token, `${V1}/base/planInfo/addPlanInfo`, { roleId: "sys-m-08", roleType: "1" }).set(
      "language",
      "ZH_CN",
    );
    expect(zh.body.message).toBe("暂无权限，开通会员享更多权益。");
    const none = await t.user();
    expect((await post(none.token, `${CR}/create`, { id: "sys-f-01" })).body.code).toBe(1201);
  });

  it("enforces the DIY face limit of the tier", async () => {
    const silver = await t.user({ vipType: "silver" });
    for (let i = 0; i < LIMITS.silver.diyFaces; i++) {
      expect((await post(silver.token, `${CR}/create`, { id: "sys-f-01", name: `Face ${i}` })).body.code).toBe(200);
    }
    const over = await post(silver.token, `${CR}/create`, { id: "sys-f-01", name: "One more" });
    expect(over.body).toEqual({ code: 1203, message: "DIY face count reached the limit", data: null });
    const first = (await post(silver.token, `${CR}/pageList`, {})).body.data.records[0].id;
    expect((await post(silver.token, `${CR}/copy`, { id: first })).body.code).toBe(1203);
    expect(await t.db.customRole.count({ where: { userId: silver.id } })).toBe(LIMITS.silver.diyFaces);
  });

  it("refuses empty names with the spec's message for each", async () => {
    const user = await t.user({ vipType: "gold" });
    const id = (await post(user.token, `${CR}/create`, { id: "sys-m-02" })).body.data;
    expect((await post(user.token, `${CR}/create`, { id: "sys-m-02", name: "  " })).body).toMatchObject({
      code: 1206,
      message: "name cannot be empty",
    });
    expect((await post(user.token, `${CR}/update`, { id, name: "" })).body).toMatchObject({
      code: 1206,
      message: "name cannot be empty",
    });
    expect((await post(user.token, `${CR}/update`, { id, name: " ", faceParams: {} })).body).toMatchObject({
      code: 1205,
      message: "Filename is required",
    });
    expect(
      (await post(user.token, `${V1}/base/planInfo/addPlanInfo`, { roleId: "sys-m-02", roleType: "1", name: "" })).body,
    ).toMatchObject({
      code: 1204,
      message: "Filename cannot be empty",
    });
  });

  it("loadSysAttr lists every slider group and slider, localised; loadSysRole lists the system roles with faces", async () => {
    const user = await t.user({ vipType: "gold" });
    const attr = await get(user.token, `${CR}/loadSysAttr`).set("language", "ZH_CN");
    expect(attr.body.data.groups.map((g: { id: string }) => g.id)).toEqual([
      "head",
      "face",
      "mouth",
      "teeth",
      "nose",
      "eye",
      "ears",
      "eyebrow",
      "chin",
      "mandible",
    ]);
    expect(attr.body.data.sliders).toHaveLength(FACE_SLIDER_IDS.length);
    expect(attr.body.data.groups[0].name).toBe("头部");
    expect(attr.body.data.skinTones.length).toBeGreaterThan(3);
    const sys = await get(user.token, `${CR}/loadSysRole`);
    expect(sys.body.data).toHaveLength(16);
    expect(Object.keys(sys.body.data[0].faceParams).length).toBeGreaterThan(10);
  });
});

describe("create a draft", () => {
  it("addPlanInfo (roleId, roleType '1') answers the new plan id, up to the plan limit", async () => {
    const silver = await t.user({ vipType: "silver" });
    const first = await post(silver.token, `${V1}/base/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" });
    expect(first.body.code).toBe(200);
    const plan = await t.db.plan.findUniqueOrThrow({ where: { id: first.body.data } });
    expect(plan).toMatchObject({
      userId: silver.id,
      roleId: "sys-f-01",
      roleKind: "1",
      roleType: "2",
      name: "Aria draft",
    });
    for (let i = 1; i < LIMITS.silver.plans; i++) {
      expect(
        (await post(silver.token, `${V1}/base/planInfo/addPlanInfo`, { roleId: "sys-m-01", roleType: "1" })).body.code,
      ).toBe(200);
    }
    const over = await post(silver.token, `${V1}/base/planInfo/addPlanInfo`, { roleId: "sys-m-01", roleType: "1" });
    expect(over.body).toEqual({ code: 1202, message: "user reached the plan limit", data: null });
  });

  it("drafts around one of the user's own avatars (roleType '2')", async () => {
    const gold = await t.user({ vipType: "gold" });
    const roleId = (await post(gold.token, `${CR}/create`, { id: "sys-m-03", name: "Noah mine" })).body.data;
    const res = await post(gold.token, `${V1}/base/planInfo/addPlanInfo`, { roleId, roleType: "2" });
    const plan = await t.db.plan.findUniqueOrThrow({ where: { id: res.body.data } });
    expect(plan).toMatchObject({ roleKind: "2", roleType: "1" });
  });
});

/** What a job is handed, for running the portrait job in the test. */
const jobContext = () => ({
  db: t.db,
  storage: t.app.deps.storage,
  log: { info() {}, warn() {}, error() {} },
  progress: async () => {},
  attempt: 1,
});

describe("portraits", () => {
  it("renders a system role's portrait, content-addressed and served", async () => {
    const { avatarThumbnail } = await import("../../worker/processors/avatar-thumbnail.ts");
    const { portraitKey } = await import("../../shared/portraits.ts");
    const ctx = jobContext();
    const result = await avatarThumbnail({ kind: "role", id: "sys-f-03" }, ctx);
    const role = await t.db.role.findUniqueOrThrow({ where: { id: "sys-f-03" } });
    expect(result.imgKey).toBe(portraitKey(role.sex, role.faceParams, role.appearance));
    expect(role.imgKey).toBe(result.imgKey);
    const image = await t.request.get(`/media/${result.imgKey}`);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
  });

  it("renders a custom role's portrait again after its face is saved", async () => {
    const user = await t.user({ vipType: "gold" });
    const id = (await post(user.token, `${CR}/create`, { id: "sys-m-04" })).body.data;
    const before = (await get(user.token, `${CR}/detail/${id}`)).body.data.img;
    await post(user.token, `${CR}/update`, { id, faceParams: { "nose.scale": 1, "mandible.width": 1 } });
    let after = before;
    for (let i = 0; i < 100 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await get(user.token, `${CR}/detail/${id}`)).body.data.img;
    }
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\/media\/avatar-[0-9a-f]{24}\.webp$/);
  });

  it("renders a cartoon's portrait toon, under its own key, and keeps its hair style (decision 039)", async () => {
    const { avatarThumbnail } = await import("../../worker/processors/avatar-thumbnail.ts");
    const { portraitKey } = await import("../../shared/portraits.ts");
    const user = await t.user({ vipType: "gold" });
    const id = (await post(user.token, `${CR}/create`, { id: "sys-f-02" })).body.data;
    const saved = await post(user.token, `${CR}/update`, { id, appearance: { hairStyle: "ponytail" } });
    expect(saved.body.code).toBe(200);
    const refused = await post(user.token, `${CR}/update`, { id, appearance: { hairStyle: "mohawk" } });
    expect(refused.body).toMatchObject({ code: 400, data: null });
    await t.db.customRole.update({ where: { id }, data: { kind: "cartoon" } });
    const ctx = jobContext();
    const result = await avatarThumbnail({ kind: "custom", id }, ctx);
    const row = await t.db.customRole.findUniqueOrThrow({ where: { id } });
    expect(JSON.parse(row.appearance).hairStyle).toBe("ponytail");
    expect(result.imgKey).toBe(portraitKey(row.sex, row.faceParams, row.appearance, "toon"));
    expect(result.imgKey).not.toBe(portraitKey(row.sex, row.faceParams, row.appearance));
    expect(row.imgKey).toBe(result.imgKey);
  });

  it("saves glasses and a beard, refuses ones it does not know, and draws them in the portrait (decision 046)", async () => {
    const { avatarThumbnail } = await import("../../worker/processors/avatar-thumbnail.ts");
    const user = await t.user({ vipType: "gold" });
    const id = (await post(user.token, `${CR}/create`, { id: "sys-m-02" })).body.data;
    const ctx = jobContext();
    const bare = await avatarThumbnail({ kind: "custom", id }, ctx);
    const before = (await t.db.customRole.findUniqueOrThrow({ where: { id } })).appearance;
    for (const appearance of [{ glasses: "monocle" }, { beard: "mutton" }, { glasses: true }]) {
      const refused = await post(user.token, `${CR}/update`, { id, appearance });
      expect(refused.body).toMatchObject({ code: 400, data: null });
      expect(refused.body.message).toMatch(/glasses|beard/);
    }
    // nothing half-written: the refused updates left the appearance as it was
    expect((await t.db.customRole.findUniqueOrThrow({ where: { id } })).appearance).toBe(before);
    const saved = await post(user.token, `${CR}/update`, { id, appearance: { glasses: "square", beard: "goatee" } });
    expect(saved.body.code).toBe(200);
    const detail = await t.request.get(`${CR}/detail/${id}`).set("authorization", user.token);
    expect(detail.body.data.appearance).toEqual({ glasses: "square", beard: "goatee" });
    // (an update's appearance replaces the stored one whole, as the face editor sends it)
    // the portrait is drawn again, and differs from the bare face's
    const dressed = await avatarThumbnail({ kind: "custom", id }, ctx);
    expect(dressed.imgKey).not.toBe(bare.imgKey);
    const [a, b] = await Promise.all([t.app.deps.storage.read(bare.imgKey), t.app.deps.storage.read(dressed.imgKey)]);
    expect(a.equals(b)).toBe(false);
    // a moustache alone (decision 046, "A moustache") is a style of its own, drawn in the portrait
    const moustached = await post(user.token, `${CR}/update`, { id, appearance: { beard: "moustache" } });
    expect(moustached.body.code).toBe(200);
    const withMoustache = await avatarThumbnail({ kind: "custom", id }, ctx);
    expect(new Set([bare.imgKey, dressed.imgKey, withMoustache.imgKey]).size).toBe(3);
    // another user's id is refused as everywhere
    const other = await t.user({ vipType: "gold" });
    const theirs = await post(other.token, `${CR}/update`, { id, appearance: { glasses: "round" } });
    expect(theirs.body.code).toBe(1212);
  });
});
