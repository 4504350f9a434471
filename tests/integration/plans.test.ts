import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { LIMITS } from "../../shared/membership.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { CATALOGUE, PLAN_LIMITS } from "../../shared/plan/catalogue.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
  await seedCatalogue(t.db);
});
afterAll(() => t.close());

const B = `${V1}/base`;
const LOCKED = { code: 1201, message: "No privileges available. Unlock membership for more benefits.", data: null };
const NOT_FOUND = { code: 1212, message: "Not found", data: null };
const SELECT = { code: 1211, message: "Please select at least one item", data: null };

const get = (token: string, path: string) => t.request.get(path).set("authorization", token);
const post = (token: string, path: string, body: object = {}) =>
  t.request.post(path).set("authorization", token).send(body);

type User = Awaited<ReturnType<TestApp["user"]>>;

async function newPlan(user: User, roleId = "sys-f-01") {
  const res = await post(user.token, `${B}/planInfo/addPlanInfo`, { roleId, roleType: "1" });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.data as string;
}
const info = async (user: User, planId: string) =>
  (await get(user.token, `${B}/planInfo/getPlanInfo?planId=${planId}`)).body.data;
const ids = (records: { id: string }[]) => records.map((r) => r.id);
const locked = (kind: string, tier: "gold" | "diamond") =>
  CATALOGUE.find((i) => i.kind === kind && i.tier === tier)?.id as string;
const open = (kind: string, type?: string) =>
  CATALOGUE.find((i) => i.kind === kind && i.tier === null && (!type || i.type === type))?.id as string;

describe("the catalogue lists", () => {
  it("list every kind by its call and type, paged, with equityStatus by tier", async () => {
    const gold = await t.user({ vipType: "gold" });
    const tops = await get(gold.token, `${B}/digitalmanAttribute/getListPage?type=top`);
    expect(tops.body.code).toBe(200);
    const expectedTops = CATALOGUE.filter((i) => i.type === "top");
    expect(ids(tops.body.data.records)).toEqual(ids(expectedTops));
    for (const record of tops.body.data.records) {
      const item = expectedTops.find((i) => i.id === record.id);
      expect(record.equityStatus).toBe(item?.tier === "diamond" ? 2 : 1);
      expect(record.look).toEqual(item?.look);
    }
    const count = async (path: string) => (await get(gold.token, `${B}/${path}`)).body.data.total;
    expect(await count("digitalmanAttribute/getListPage")).toBe(
      CATALOGUE.filter((i) => i.kind === "outfit" || i.kind === "expression").length,
    );
    expect(await count("digitalmanAttribute/getListPage?type=expression")).toBe(
      CATALOGUE.filter((i) => i.kind === "expression").length,
    );
    expect(await count("sceneAttribute/getListPage?type=scene")).toBe(
      CATALOGUE.filter((i) => i.type === "scene").length,
    );
    expect(await count("sceneAttribute/getListPage?type=effect")).toBe(
      CATALOGUE.filter((i) => i.kind === "effect").length,
    );
    expect(await count("petsAttribute/getListPage")).toBe(CATALOGUE.filter((i) => i.kind === "pet").length);
    expect(await count("interactAttribute/getListPage?type=gift")).toBe(
      CATALOGUE.filter((i) => i.kind === "interact" && i.type === "gift").length,
    );
    expect(await count("interactAttribute/getPlayListPage?type=motion")).toBe(
      CATALOGUE.filter((i) => i.kind === "motion").length,
    );
    expect(await count("interactAttribute/getPlayListPage")).toBe(
      CATALOGUE.filter((i) => ["expression", "motion", "effect", "sound"].includes(i.kind)).length,
    );
    // Pets never show up in another call's list.
    expect(await count("sceneAttribute/getListPage?type=pet")).toBe(0);

    const page2 = await get(gold.token, `${B}/petsAttribute/getListPage?page=2&limit=3`);
    expect(page2.body.data.records[0].id).toBe(CATALOGUE.filter((i) => i.kind === "pet")[3]?.id);
  });

  it("answers the voices with a sample URL, named in the request's language", async () => {
    const silver = await t.user({ vipType: "silver" });
    const res = await get(silver.token, `${B}/baseProductLabel/getVoiceList`).set("language", "ZH_CN");
    const voices = CATALOGUE.filter((i) => i.kind === "voice");
    expect(ids(res.body.data)).toEqual(ids(voices));
    expect(res.body.data[0]).toMatchObject({
      name: voices[0]?.names.ZH_CN,
      url: `/web-api/p1/media/sound/${voices[0]?.id}.wav`,
      equityStatus: 1,
    });
    expect(res.body.data.find((v: { tier: string }) => v.tier === "gold").equityStatus).toBe(2);
    const sounds = await get(silver.token, `${B}/interactAttribute/getPlayListPage?type=sound`);
    expect(sounds.body.data.records.every((r: { url: string }) => r.url.endsWith(".wav"))).toBe(true);
    const pets = await get(silver.token, `${B}/petsAttribute/getListPage`);
    expect(pets.body.data.records.every((r: { url: null }) => r.url === null)).toBe(true);
  });

  it("locks everything for a user without membership, and refuses bad paging", async () => {
    const free = await t.user();
    const res = await get(free.token, `${B}/petsAttribute/getListPage`);
    expect(res.body.data.records.every((r: { equityStatus: number }) => r.equityStatus === 2)).toBe(true);
    const bad = await get(free.token, `${B}/petsAttribute/getListPage?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain("limit");
    expect((await t.request.get(`${B}/petsAttribute/getListPage`)).body.code).toBe(600);
  });
});

describe("assembling a plan", () => {
  it("wears one outfit per slot, takes a slot off, and getPlanInfo answers the whole plan", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    const wear = (body: object) =>
      post(gold.token, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttribute`, { planId, ...body });
    expect((await wear({ attributeId: "outfit.tee-white" })).body.code).toBe(200);
    expect((await wear({ attributeId: "outfit.hoodie-lilac" })).body.code).toBe(200);
    expect((await wear({ attributeId: "outfit.cap-blue" })).body.code).toBe(200);
    expect((await wear({ attributeId: "outfit.glasses-round" })).body.code).toBe(200);
    let plan = await info(gold, planId);
    expect(ids(plan.outfits).sort()).toEqual(["outfit.cap-blue", "outfit.glasses-round", "outfit.hoodie-lilac"]);
    expect((await wear({ slot: "glasses" })).body.code).toBe(200);
    plan = await info(gold, planId);
    expect(ids(plan.outfits).sort()).toEqual(["outfit.cap-blue", "outfit.hoodie-lilac"]);
    expect(plan).toMatchObject({
      planId,
      roleId: "sys-f-01",
      roleKind: "1",
      roleType: "2",
      used: false,
      voice: null,
      scene: null,
    });
    expect(plan.role).toMatchObject({ id: "sys-f-01", sex: 2, kind: "system" });
    expect(Object.keys(plan.role.faceParams).length).toBeGreaterThan(10);
    // Neither an item nor a slot: nothing selected.
    expect((await wear({})).body).toEqual(SELECT);
    // A pet is not an outfit.
    expect((await wear({ attributeId: "pet.cat" })).body).toEqual(NOT_FOUND);
    expect((await wear({ attributeId: "outfit.nope" })).body).toEqual(NOT_FOUND);
    expect((await wear({ slot: "shoes" })).status).toBe(400);
  });

  it("adds expressions to the plan's list once each, lists them, and deletes a selection", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    const add = (attributeId: string) =>
      post(gold.token, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttributeExp`, { planId, attributeId });
    const smile = (await add("expression.smile")).body.data;
    const wink = (await add("expression.wink")).body.data;
    const pout = (await add("expression.pout")).body.data;
    expect((await add("expression.smile")).body.data).toBe(smile);
    expect((await add("motion.nod")).body).toEqual(NOT_FOUND);
    const list = await get(gold.token, `${B}/planDigitalmanAttribute/getExpList?planId=${planId}`);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([smile, wink, pout]);
    expect(list.body.data[0].attribute).toMatchObject({ id: "expression.smile", kind: "expression" });
    const del = (body: object) => post(gold.token, `${B}/planDigitalmanAttribute/delPlanManEx`, { planId, ...body });
    expect((await del({ ids: [] })).body).toEqual(SELECT);
    // One id that is not this plan's: nothing is deleted.
    expect((await del({ ids: [smile, "nope"] })).body).toEqual(NOT_FOUND);
    expect((await info(gold, planId)).expressions).toHaveLength(3);
    expect((await del({ ids: [smile, pout] })).body.code).toBe(200);
    expect((await info(gold, planId)).expressions.map((e: { id: string }) => e.id)).toEqual([wink]);
  });

  it("caps a plan's expression list", async () => {
    const diamond = await t.user({ vipType: "diamond" });
    const planId = await newPlan(diamond);
    const expressions = CATALOGUE.filter((i) => i.kind === "expression");
    // The catalogue has fewer than the cap: all of them fit.
    expect(expressions.length).toBeLessThanOrEqual(PLAN_LIMITS.expressions);
    for (const e of expressions) {
      const res = await post(diamond.token, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttributeExp`, {
        planId,
        attributeId: e.id,
      });
      expect(res.body.code).toBe(200);
    }
    expect((await info(diamond, planId)).expressions).toHaveLength(expressions.length);
  });

  it("sets the scene and the effect layer, together or apart, up to three effects", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    const assemble = (body: object) =>
      post(gold.token, `${B}/planSceneAttribute/addSceneAssembling`, { planId, ...body });
    expect((await assemble({ sceneId: "scene.beach", effectIds: ["effect.hearts", "effect.sunset"] })).body.code).toBe(
      200,
    );
    let plan = await info(gold, planId);
    expect(plan.scene.id).toBe("scene.beach");
    expect(ids(plan.effects)).toEqual(["effect.hearts", "effect.sunset"]);
    // Only the effects: the scene stays.
    expect((await assemble({ effectIds: ["effect.snow"] })).body.code).toBe(200);
    plan = await info(gold, planId);
    expect(plan.scene.id).toBe("scene.beach");
    expect(ids(plan.effects)).toEqual(["effect.snow"]);
    // A backdrop replaces the scene; null clears it.
    expect((await assemble({ sceneId: "backdrop.ocean" })).body.code).toBe(200);
    expect((await info(gold, planId)).scene.id).toBe("backdrop.ocean");
    expect((await assemble({ sceneId: null })).body.code).toBe(200);
    expect((await info(gold, planId)).scene).toBeNull();
    const four = ["effect.hearts", "effect.snow", "effect.sparkles", "effect.spotlight"];
    expect((await assemble({ effectIds: four })).body).toEqual({
      code: 1213,
      message: "A plan holds at most 3 of these",
      data: null,
    });
    expect(ids((await info(gold, planId)).effects)).toEqual(["effect.snow"]);
    expect((await assemble({ sceneId: "pet.cat" })).body).toEqual(NOT_FOUND);
  });

  it("sets the pets, up to three", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    const pets = (petIds: string[]) => post(gold.token, `${B}/planPetsAttribute/addPetsAssembling`, { planId, petIds });
    expect((await pets(["pet.cat", "pet.fox"])).body.code).toBe(200);
    expect(ids((await info(gold, planId)).pets)).toEqual(["pet.cat", "pet.fox"]);
    expect((await pets(["pet.cat", "pet.dog", "pet.bunny", "pet.chick"])).body.code).toBe(1213);
    expect(ids((await info(gold, planId)).pets)).toEqual(["pet.cat", "pet.fox"]);
    expect((await pets([])).body.code).toBe(200);
    expect((await info(gold, planId)).pets).toEqual([]);
  });

  it("adds interactions one at a time or in a batch (all or none), lists and deletes a selection", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    const one = await post(gold.token, `${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      interactId: "interact.gift-rose",
      actionKind: "expression",
      actionId: "expression.smile",
    });
    expect(one.body.code).toBe(200);
    const batch = await post(gold.token, `${B}/interactAttribute/addBatchPlanInteract`, {
      planId,
      items: [
        { interactId: "interact.like", actionKind: "effect", actionId: "effect.hearts" },
        { interactId: "interact.follow", actionKind: "sound", actionId: "sound.applause" },
        { interactId: "interact.comment-hello", actionKind: "motion", actionId: "motion.nod" },
      ],
    });
    expect(batch.body.data).toHaveLength(3);
    const list = await get(gold.token, `${B}/interactAttribute/getPlanInteractList?planId=${planId}`);
    expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([one.body.data, ...batch.body.data]);
    expect(list.body.data[2]).toMatchObject({
      event: { id: "interact.follow", type: "follow" },
      actionKind: "sound",
      action: { id: "sound.applause", url: "/web-api/p1/media/sound/sound.applause.wav" },
    });

    // One locked (diamond) action in a batch: none of it is written.
    const refused = await post(gold.token, `${B}/interactAttribute/addBatchPlanInteract`, {
      planId,
      items: [
        { interactId: "interact.gift-heart", actionKind: "motion", actionId: "motion.tilt" },
        { interactId: "interact.like", actionKind: "motion", actionId: "motion.spin" },
      ],
    });
    expect(refused.body).toEqual(LOCKED);
    // An action of the wrong kind (a pet as a sound) is not found.
    const wrongKind = await post(gold.token, `${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      interactId: "interact.like",
      actionKind: "sound",
      actionId: "pet.cat",
    });
    expect(wrongKind.body).toEqual(NOT_FOUND);
    const badKind = await post(gold.token, `${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      interactId: "interact.like",
      actionKind: "dance",
      actionId: "motion.nod",
    });
    expect(badKind.status).toBe(400);
    expect((await post(gold.token, `${B}/interactAttribute/addBatchPlanInteract`, { planId, items: [] })).body).toEqual(
      SELECT,
    );
    expect((await info(gold, planId)).interactions).toHaveLength(4);

    const del = (body: object) => post(gold.token, `${B}/interactAttribute/delPlanInteract`, { planId, ...body });
    expect((await del({ ids: [] })).body).toEqual(SELECT);
    expect((await del({ ids: [one.body.data, batch.body.data[0]] })).body.code).toBe(200);
    expect((await info(gold, planId)).interactions.map((i: { id: string }) => i.id)).toEqual(batch.body.data.slice(1));
  });

  it("caps a plan's interactions", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    const item = { interactId: "interact.like", actionKind: "motion", actionId: "motion.nod" };
    const full = await post(gold.token, `${B}/interactAttribute/addBatchPlanInteract`, {
      planId,
      items: Array.from({ length: PLAN_LIMITS.interactions }, () => item),
    });
    expect(full.body.code).toBe(200);
    const over = await post(gold.token, `${B}/interactAttribute/addInteractAttributeExp`, { planId, ...item });
    expect(over.body.code).toBe(1213);
    expect(await t.db.planInteract.count({ where: { planId } })).toBe(PLAN_LIMITS.interactions);
  });

  it("saves the name and the voice; an empty name is refused with the spec's message", async () => {
    const silver = await t.user({ vipType: "silver" });
    const planId = await newPlan(silver);
    const update = (body: object) => post(silver.token, `${B}/planInfo/updatePlanInfo`, { planId, ...body });
    expect((await update({ name: " Friday stream ", voiceId: "voice.calm-male" })).body).toEqual({
      code: 200,
      message: "Saved",
      data: null,
    });
    const plan = await info(silver, planId);
    expect(plan.name).toBe("Friday stream");
    expect(plan.voice).toMatchObject({ id: "voice.calm-male", url: "/web-api/p1/media/sound/voice.calm-male.wav" });
    expect((await update({ name: "   " })).body).toEqual({
      code: 1204,
      message: "Filename cannot be empty",
      data: null,
    });
    const zh = await update({ name: "" }).set("language", "ZH_TN");
    expect(zh.body.message).toBe("檔案名不能為空");
    expect((await update({ voiceId: "voice.deep-male" })).body).toEqual(LOCKED);
    expect((await update({ voiceId: "sound.chime" })).body).toEqual(NOT_FOUND);
    expect((await info(silver, planId)).voice.id).toBe("voice.calm-male");
    expect((await update({ voiceId: null })).body.code).toBe(200);
    expect((await info(silver, planId)).voice).toBeNull();
    expect((await update({ name: "x".repeat(41) })).status).toBe(400);
  });

  it("resets the plan to the bare avatar", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    await post(gold.token, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttribute`, {
      planId,
      attributeId: "outfit.cap-blue",
    });
    await post(gold.token, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttributeExp`, {
      planId,
      attributeId: "expression.smile",
    });
    await post(gold.token, `${B}/planSceneAttribute/addSceneAssembling`, {
      planId,
      sceneId: "scene.beach",
      effectIds: ["effect.snow"],
    });
    await post(gold.token, `${B}/planPetsAttribute/addPetsAssembling`, { planId, petIds: ["pet.cat"] });
    await post(gold.token, `${B}/interactAttribute/addInteractAttributeExp`, {
      planId,
      interactId: "interact.like",
      actionKind: "motion",
      actionId: "motion.nod",
    });
    await post(gold.token, `${B}/planInfo/updatePlanInfo`, { planId, name: "Kept", voiceId: "voice.warm-female" });
    const res = await post(gold.token, `${B}/planInfo/resetPlanAttribute`, { planId });
    expect(res.body).toEqual({ code: 200, message: "Reset successful", data: null });
    const plan = await info(gold, planId);
    expect(plan).toMatchObject({
      name: "Kept",
      outfits: [],
      expressions: [],
      scene: null,
      effects: [],
      pets: [],
      interactions: [],
      voice: null,
    });
  });
});

describe("locked items", () => {
  it("refuses every item above the membership with the locked message, and writes nothing", async () => {
    const silver = await t.user({ vipType: "silver" });
    const planId = await newPlan(silver);
    const calls: [string, object][] = [
      ["planDigitalmanAttribute/addPlanDigitalmanAttribute", { attributeId: locked("outfit", "gold") }],
      ["planDigitalmanAttribute/addPlanDigitalmanAttributeExp", { attributeId: locked("expression", "gold") }],
      ["planSceneAttribute/addSceneAssembling", { sceneId: locked("scene", "gold") }],
      ["planSceneAttribute/addSceneAssembling", { effectIds: [open("effect"), locked("effect", "diamond")] }],
      ["planPetsAttribute/addPetsAssembling", { petIds: [open("pet"), locked("pet", "gold")] }],
      [
        "interactAttribute/addInteractAttributeExp",
        { interactId: locked("interact", "gold"), actionKind: "motion", actionId: open("motion") },
      ],
      [
        "interactAttribute/addInteractAttributeExp",
        { interactId: open("interact"), actionKind: "sound", actionId: locked("sound", "gold") },
      ],
      ["planInfo/updatePlanInfo", { voiceId: locked("voice", "gold") }],
    ];
    for (const [path, body] of calls) {
      const res = await post(silver.token, `${B}/${path}`, { planId, ...body });
      expect(res.body, path).toEqual(LOCKED);
    }
    const zh = await post(silver.token, `${B}/planPetsAttribute/addPetsAssembling`, {
      planId,
      petIds: [locked("pet", "diamond")],
    }).set("language", "ZH_CN");
    expect(zh.body.message).toBe("暂无权限，开通会员享更多权益。");
    expect(await t.db.planItem.count({ where: { planId } })).toBe(0);
    expect(await t.db.planInteract.count({ where: { planId } })).toBe(0);
    expect((await info(silver, planId)).voice).toBeNull();
  });

  it("a lapsed membership locks what it had unlocked, and asks to renew (1208)", async () => {
    const gold = await t.user({ vipType: "gold" });
    const planId = await newPlan(gold);
    await t.db.user.update({ where: { id: gold.id }, data: { vipExpiresAt: new Date(Date.now() - 1000) } });
    const res = await post(gold.token, `${B}/planPetsAttribute/addPetsAssembling`, { planId, petIds: [open("pet")] });
    expect(res.body).toEqual({ code: 1208, message: MESSAGES.membershipExpired.EN, data: null });
  });
});

describe("the user's plans", () => {
  it("lists plans with their counts, last changed first, and by avatar", async () => {
    const gold = await t.user({ vipType: "gold" });
    const a = await newPlan(gold, "sys-f-01");
    const b = await newPlan(gold, "sys-m-02");
    await post(gold.token, `${B}/planPetsAttribute/addPetsAssembling`, { planId: a, petIds: ["pet.cat", "pet.dog"] });
    await post(gold.token, `${B}/interactAttribute/addInteractAttributeExp`, {
      planId: a,
      interactId: "interact.like",
      actionKind: "motion",
      actionId: "motion.nod",
    });
    const page = await get(gold.token, `${B}/planInfo/getListPage?page=1&limit=20`);
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.records.map((r: { planId: string }) => r.planId)).toEqual([a, b]);
    expect(page.body.data.records[0]).toMatchObject({
      roleId: "sys-f-01",
      roleName: "Aria",
      used: false,
      counts: { outfits: 0, expressions: 0, scene: 0, pets: 2, effects: 0, interactions: 1 },
    });
    const second = await get(gold.token, `${B}/planInfo/getListPage?page=2&limit=1`);
    expect(second.body.data.records[0].planId).toBe(b);
    const byRole = await get(gold.token, `${B}/planInfo/getPlansByRole?roleId=sys-m-02`);
    expect(byRole.body.data.map((r: { planId: string }) => r.planId)).toEqual([b]);
  });

  it("uses one plan at a time, answers it from getUsedPlan, and counts in the statistics", async () => {
    const gold = await t.user({ vipType: "gold" });
    expect((await get(gold.token, `${B}/planInfo/getUsedPlan`)).body.data).toBeNull();
    const a = await newPlan(gold, "sys-f-01");
    const b = await newPlan(gold, "sys-f-01");
    const c = await newPlan(gold, "sys-m-02");
    await post(gold.token, `${B}/interactAttribute/addBatchPlanInteract`, {
      planId: c,
      items: [
        { interactId: "interact.like", actionKind: "motion", actionId: "motion.nod" },
        { interactId: "interact.follow", actionKind: "sound", actionId: "sound.chime" },
      ],
    });
    expect((await post(gold.token, `${B}/planInfo/usePlan`, { planId: a })).body.code).toBe(200);
    expect((await post(gold.token, `${B}/planInfo/usePlan`, { planId: b })).body.code).toBe(200);
    const used = await get(gold.token, `${B}/planInfo/getUsedPlan`);
    expect(used.body.data).toMatchObject({ planId: b, used: true });
    expect(await t.db.plan.count({ where: { userId: gold.id, usedAt: { not: null } } })).toBe(1);
    await post(gold.token, `${B}/planInfo/updatePlanInfo`, { planId: b, name: "Live now" });
    const stats = await get(gold.token, `${B}/planInfo/getStatistics`);
    expect(stats.body.data).toMatchObject({
      total: 3,
      limit: LIMITS.gold.plans,
      usedPlanId: b,
      usedPlanName: "Live now",
      avatars: 2,
      interactions: 2,
    });
    expect(typeof stats.body.data.lastUpdatedAt).toBe("string");
  });

  it("deletes a selection of plans (all or none), and refuses an empty one", async () => {
    const gold = await t.user({ vipType: "gold" });
    const a = await newPlan(gold);
    const b = await newPlan(gold);
    const c = await newPlan(gold);
    await post(gold.token, `${B}/planPetsAttribute/addPetsAssembling`, { planId: a, petIds: ["pet.cat"] });
    const del = (ids: string[]) => post(gold.token, `${B}/planInfo/delPlanInfo`, { ids });
    expect((await del([])).body).toEqual(SELECT);
    expect((await del([a, "nope"])).body).toEqual(NOT_FOUND);
    expect(await t.db.plan.count({ where: { userId: gold.id } })).toBe(3);
    expect((await del([a, b])).body.code).toBe(200);
    expect((await t.db.plan.findMany({ where: { userId: gold.id } })).map((p) => p.id)).toEqual([c]);
    expect(await t.db.planItem.count({ where: { planId: a } })).toBe(0);
  });

  it("enforces the plan limit of the tier, and frees a place when a plan is deleted", async () => {
    const silver = await t.user({ vipType: "silver" });
    const made: string[] = [];
    for (let i = 0; i < LIMITS.silver.plans; i++) made.push(await newPlan(silver));
    const over = await post(silver.token, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" });
    expect(over.body).toEqual({ code: 1202, message: "user reached the plan limit", data: null });
    expect(await t.db.plan.count({ where: { userId: silver.id } })).toBe(LIMITS.silver.plans);
    await post(silver.token, `${B}/planInfo/delPlanInfo`, { ids: [made[0]] });
    expect(
      (await post(silver.token, `${B}/planInfo/addPlanInfo`, { roleId: "sys-f-01", roleType: "1" })).body.code,
    ).toBe(200);
  });

  it("takes an avatar's plans along when the avatar is deleted", async () => {
    const gold = await t.user({ vipType: "gold" });
    const roleId = (await post(gold.token, `${V1}/douyin/customRole/create`, { id: "sys-f-01", name: "Mine" })).body
      .data;
    const planId = (await post(gold.token, `${B}/planInfo/addPlanInfo`, { roleId, roleType: "2" })).body.data;
    expect((await info(gold, planId)).role).toMatchObject({ id: roleId, name: "Mine", kind: "diy" });
    await t.request.delete(`${V1}/douyin/customRole/${roleId}`).set("authorization", gold.token);
    expect((await get(gold.token, `${B}/planInfo/getPlanInfo?planId=${planId}`)).body).toEqual(NOT_FOUND);
  });
});

describe("owner scoping", () => {
  it("answers not found for another user's plan on every call that takes an id, and changes nothing", async () => {
    const owner = await t.user({ vipType: "diamond" });
    const other = await t.user({ vipType: "diamond" });
    const planId = await newPlan(owner);
    const expId = (
      await post(owner.token, `${B}/planDigitalmanAttribute/addPlanDigitalmanAttributeExp`, {
        planId,
        attributeId: "expression.smile",
      })
    ).body.data;
    const [interactId] = (
      await post(owner.token, `${B}/interactAttribute/addBatchPlanInteract`, {
        planId,
        items: [{ interactId: "interact.like", actionKind: "motion", actionId: "motion.nod" }],
      })
    ).body.data;
    await post(owner.token, `${B}/planPetsAttribute/addPetsAssembling`, { planId, petIds: ["pet.cat"] });
    await post(owner.token, `${B}/planInfo/updatePlanInfo`, { planId, name: "Owner's" });
    const before = await info(owner, planId);

    const reads = [
      `planInfo/getPlanInfo?planId=${planId}`,
      `planDigitalmanAttribute/getExpList?planId=${planId}`,
      `interactAttribute/getPlanInteractList?planId=${planId}`,
    ];
    for (const path of reads) expect((await get(other.token, `${B}/${path}`)).body, path).toEqual(NOT_FOUND);
    const writes: [string, object][] = [
      ["planDigitalmanAttribute/addPlanDigitalmanAttribute", { planId, attributeId: "outfit.cap-blue" }],
      ["planDigitalmanAttribute/addPlanDigitalmanAttribute", { planId, slot: "top" }],
      ["planDigitalmanAttribute/addPlanDigitalmanAttributeExp", { planId, attributeId: "expression.wink" }],
      ["planDigitalmanAttribute/delPlanManEx", { planId, ids: [expId] }],
      ["planSceneAttribute/addSceneAssembling", { planId, sceneId: "scene.beach" }],
      ["planPetsAttribute/addPetsAssembling", { planId, petIds: [] }],
      [
        "interactAttribute/addInteractAttributeExp",
        { planId, interactId: "interact.like", actionKind: "motion", actionId: "motion.nod" },
      ],
      [
        "interactAttribute/addBatchPlanInteract",
        { planId, items: [{ interactId: "interact.like", actionKind: "motion", actionId: "motion.nod" }] },
      ],
      ["interactAttribute/delPlanInteract", { planId, ids: [interactId] }],
      ["planInfo/resetPlanAttribute", { planId }],
      ["planInfo/updatePlanInfo", { planId, name: "Stolen" }],
      ["planInfo/usePlan", { planId }],
      ["planInfo/delPlanInfo", { ids: [planId] }],
    ];
    for (const [path, body] of writes)
      expect((await post(other.token, `${B}/${path}`, body)).body, path).toEqual(NOT_FOUND);

    // The other user's own plan cannot reach into the owner's items either.
    const theirs = await newPlan(other);
    expect(
      (await post(other.token, `${B}/planDigitalmanAttribute/delPlanManEx`, { planId: theirs, ids: [expId] })).body,
    ).toEqual(NOT_FOUND);
    expect(
      (await post(other.token, `${B}/interactAttribute/delPlanInteract`, { planId: theirs, ids: [interactId] })).body,
    ).toEqual(NOT_FOUND);
    // Nor list, count or use it.
    expect(
      (await get(other.token, `${B}/planInfo/getListPage`)).body.data.records.map((r: { planId: string }) => r.planId),
    ).toEqual([theirs]);
    expect((await get(other.token, `${B}/planInfo/getPlansByRole?roleId=sys-f-01`)).body.data).toHaveLength(1);
    expect((await get(other.token, `${B}/planInfo/getStatistics`)).body.data).toMatchObject({
      total: 1,
      usedPlanId: null,
    });
    expect((await get(other.token, `${B}/planInfo/getUsedPlan`)).body.data).toBeNull();

    const after = await info(owner, planId);
    expect(after).toEqual(before);
  });

  it("cannot build a plan on another user's avatar", async () => {
    const owner = await t.user({ vipType: "gold" });
    const other = await t.user({ vipType: "gold" });
    const roleId = (await post(owner.token, `${V1}/douyin/customRole/create`, { id: "sys-f-01" })).body.data;
    expect((await post(other.token, `${B}/planInfo/addPlanInfo`, { roleId, roleType: "2" })).body).toEqual(NOT_FOUND);
    expect((await get(other.token, `${B}/planInfo/getPlansByRole?roleId=${roleId}`)).body.data).toEqual([]);
  });
});
