import type { Language } from "../../../shared/constants.ts";
import { appearanceColumn, faceParamsColumn } from "../../../shared/json-column.ts";
import { limitsOf } from "../../../shared/membership.ts";
import { translate } from "../../../shared/messages.ts";
import { type CatalogueKind, OUTFIT_SLOTS, PLAN_LIMITS } from "../../../shared/plan/catalogue.ts";
import type { InteractInput, PlanInfo, PlanSummary } from "../../../shared/schemas/plans.ts";
import type { RoleKind } from "../../../shared/schemas/roles.ts";
import { SPEECH_MAX_CHARS, speechLength } from "../../../shared/speech.ts";
import { isBlankName } from "../../../shared/validation.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { mediaUrl } from "../files/service.ts";
import { createRoleService, roleName } from "../roles/service.ts";
import { loadShopAccess } from "../shop/access.ts";
import { type CatalogueRow, createCatalogue, type Equity, toCatalogueRecord } from "./catalogue.ts";
import { type PlanRow, planReads } from "./reads.ts";

type OutfitSlot = (typeof OUTFIT_SLOTS)[number];
const OUTFIT_SLOT_SET = new Set<string>(OUTFIT_SLOTS);

/** Plans (live-stream drafts) and what they are assembled from. Every query is scoped to its owner. */
export function createPlanService(deps: Pick<Deps, "db" | "reads" | "clock" | "jobs" | "storage">) {
  const { db, clock } = deps;
  const roles = createRoleService(deps);
  const catalogue = createCatalogue(deps);
  const hot = planReads(deps.reads);

  async function ownPlan(userId: string, planId: string) {
    const plan = await db.plan.findFirst({ where: { id: planId, userId } });
    if (!plan) throw new BizError("NOT_FOUND");
    return plan;
  }

  /** The caller's membership now and what they own from the shop: what each item's equity depends on. */
  async function equityOf(userId: string): Promise<Equity> {
    const [{ vip, lapsed }, shop] = await Promise.all([roles.membership(userId), loadShopAccess(deps.reads, userId)]);
    return { vip, lapsed, shop };
  }

  /** The plan, after checking it is the caller's, and the caller's equity now. */
  async function editable(userId: string, planId: string) {
    const plan = await ownPlan(userId, planId);
    return { plan, equity: await equityOf(userId) };
  }

  const touch = (planId: string) => db.plan.update({ where: { id: planId }, data: { updatedAt: clock.now() } });

  function checkCount(count: number, max: number) {
    if (count > max) throw new BizError("PLAN_ITEM_LIMIT", { max });
  }

  /** Replace every item of these slots with the given ones, in one transaction. */
  async function replaceSlot(planId: string, slot: string, rows: { id: string }[]) {
    await db.$transaction([
      db.planItem.deleteMany({ where: { planId, slot } }),
      ...rows.map((row) => db.planItem.create({ data: { planId, itemId: row.id, slot } })),
      touch(planId),
    ]);
  }

  /** The avatar a plan is built on, as the preview needs it. A deleted one cannot be: its plans go with it. */
  async function planRole(plan: { roleId: string; roleKind: string }, userId: string, language: Language) {
    const role = await (plan.roleKind === "1"
      ? hot.roles(userId).system(plan.roleId)
      : hot.roles(userId).own(plan.roleId));
    if (!role) throw new BizError("NOT_FOUND");
    return {
      id: role.id,
      name: "kind" in role ? role.name : roleName(role, language),
      sex: role.sex,
      kind: "kind" in role ? role.kind : "system",
      img: role.imgKey ? mediaUrl(role.imgKey) : null,
      faceParams: faceParamsColumn.decodeOr(role.faceParams, {}),
      appearance: appearanceColumn.decodeOr(role.appearance, {}),
    };
  }

  /** The plan's expressions: its own list of catalogue items. */
  async function expressionsOf(planId: string, equity: Equity, language: Language) {
    return (await hot.items(planId))
      .filter((row) => row.slot === "expression")
      .map((row) => ({ id: row.rowId, attribute: toCatalogueRecord(row, equity.vip, language, equity.shop) }));
  }

  async function interactionsOf(planId: string, equity: Equity, language: Language) {
    return (await hot.interactions(planId)).map((r) => ({
      id: r.id,
      event: toCatalogueRecord(r.event, equity.vip, language, equity.shop),
      actionKind: r.actionKind,
      action: toCatalogueRecord(r.action, equity.vip, language, equity.shop),
      reply: r.reply,
    }));
  }

  /** Check a list of interactions (event and action, each of its kind and open) before any is written. */
  async function checkInteractions(items: readonly InteractInput[], equity: Equity) {
    for (const item of items) {
      if (item.reply && speechLength(item.reply) > SPEECH_MAX_CHARS) {
        throw new BizError("INTERACT_REPLY_TOO_LONG", { max: SPEECH_MAX_CHARS });
      }
      await catalogue.usable([item.interactId], ["interact"], equity);
      await catalogue.usable([item.actionId], [item.actionKind as CatalogueKind], equity);
    }
  }

  /** The whole plan (a hot read: the plan page asks on every visit), from prepared statements. */
  async function info(userId: string, planId: string, language: Language): Promise<PlanInfo> {
    const plan = await hot.plan(userId, planId);
    if (!plan) throw new BizError("NOT_FOUND");
    // Independent reads: on PostgreSQL each is a round trip, so they go out together.
    const [equity, items, voice, role] = await Promise.all([
      equityOf(userId),
      hot.items(planId),
      plan.voiceId ? hot.catalogueItem(plan.voiceId) : undefined,
      planRole(plan, userId, language),
    ]);
    const record = (row: CatalogueRow) => toCatalogueRecord(row, equity.vip, language, equity.shop);
    const of = (slot: string) => items.filter((i) => i.slot === slot).map(record);
    return {
      planId: plan.id,
      name: plan.name,
      roleId: plan.roleId,
      roleKind: plan.roleKind,
      roleType: plan.roleType,
      used: plan.usedAt !== null,
      updatedAt: new Date(plan.updatedAt).toISOString(),
      role,
      voice: voice ? record(voice) : null,
      outfits: items.filter((i) => OUTFIT_SLOT_SET.has(i.slot)).map(record),
      scene: of("scene")[0] ?? null,
      effects: of("effect"),
      pets: of("pet"),
      expressions: items
        .filter((row) => row.slot === "expression")
        .map((row) => ({ id: row.rowId, attribute: record(row) })),
      interactions: await interactionsOf(planId, equity, language),
    };
  }

  /** Plan rows as the list answers them, with the avatar's name and portrait and what each holds. */
  async function summaries(plans: PlanRow[], userId: string, language: Language): Promise<PlanSummary[]> {
    const roleRows = hot.roles(userId);
    const [{ items, interacts }, roleOf] = await Promise.all([
      hot.counts(
        userId,
        plans.map((p) => p.id),
      ),
      Promise.all(plans.map((p) => (p.roleKind === "1" ? roleRows.system(p.roleId) : roleRows.own(p.roleId)))),
    ]);
    return plans.map((p, index) => {
      const role = roleOf[index];
      const count = (slots: string[]) =>
        items.filter((i) => i.planId === p.id && slots.includes(i.slot)).reduce((n, i) => n + i.n, 0);
      return {
        planId: p.id,
        name: p.name,
        roleId: p.roleId,
        roleKind: p.roleKind,
        roleType: p.roleType,
        roleName: role ? ("kind" in role ? role.name : roleName(role, language)) : "",
        img: role?.imgKey ? mediaUrl(role.imgKey) : null,
        used: p.usedAt !== null,
        updatedAt: new Date(p.updatedAt).toISOString(),
        counts: {
          outfits: count([...OUTFIT_SLOTS]),
          expressions: count(["expression"]),
          scene: count(["scene"]),
          pets: count(["pet"]),
          effects: count(["effect"]),
          interactions: interacts.find((i) => i.planId === p.id)?.n ?? 0,
        },
      };
    });
  }

  return {
    catalogue,
    vipOf: roles.vipOf,
    equityOf,
    info,

    /** 'Create a draft' around a system role ('1') or one of the user's custom roles ('2'). */
    async add(userId: string, input: { roleId: string; roleKind: RoleKind; name?: string }, language: Language) {
      if (input.name !== undefined && isBlankName(input.name)) throw new BizError("FILENAME_EMPTY");
      const role =
        input.roleKind === "1"
          ? await roles
              .usableSystemRole(userId, input.roleId)
              .then((r) => ({ sex: r.sex, name: roleName(r, language) }))
          : await roles.ownRole(userId, input.roleId);
      await roles.checkPlanLimit(userId);
      const plan = await db.plan.create({
        data: {
          userId,
          name: input.name?.trim() || `${role.name}${translate("draftSuffix", language)}`.slice(0, 40),
          roleId: input.roleId,
          roleKind: input.roleKind,
          // The avatar's sex: what /plan's roleType query carries.
          roleType: String(role.sex),
        },
      });
      return plan.id;
    },

    /** Save the plan's name and/or its voice. */
    async update(userId: string, input: { planId: string; name?: string; voiceId?: string | null }) {
      const { equity } = await editable(userId, input.planId);
      if (input.name !== undefined && isBlankName(input.name)) throw new BizError("FILENAME_EMPTY");
      if (input.voiceId) await catalogue.usable([input.voiceId], ["voice"], equity);
      await db.plan.update({
        where: { id: input.planId },
        data: {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.voiceId !== undefined ? { voiceId: input.voiceId } : {}),
          updatedAt: clock.now(),
        },
      });
    },

    /** Wear an outfit item (replacing its slot), or take a slot off. */
    async wear(userId: string, input: { planId: string; attributeId?: string; slot?: OutfitSlot }) {
      const { equity } = await editable(userId, input.planId);
      if (input.attributeId) {
        const [item] = await catalogue.usable([input.attributeId], ["outfit"], equity);
        if (!item) throw new BizError("NOT_FOUND");
        await replaceSlot(input.planId, item.type, [item]);
      } else if (input.slot) {
        await replaceSlot(input.planId, input.slot, []);
      } else {
        throw new BizError("SELECTION_REQUIRED");
      }
    },

    async addExpression(userId: string, input: { planId: string; attributeId: string }) {
      const { equity } = await editable(userId, input.planId);
      const [item] = await catalogue.usable([input.attributeId], ["expression"], equity);
      if (!item) throw new BizError("NOT_FOUND");
      const existing = await db.planItem.findFirst({
        where: { planId: input.planId, slot: "expression", itemId: item.id },
      });
      if (existing) return existing.id;
      checkCount(
        (await db.planItem.count({ where: { planId: input.planId, slot: "expression" } })) + 1,
        PLAN_LIMITS.expressions,
      );
      const [row] = await db.$transaction([
        db.planItem.create({ data: { planId: input.planId, itemId: item.id, slot: "expression" } }),
        touch(input.planId),
      ]);
      return row.id;
    },

    async expressions(userId: string, planId: string, language: Language) {
      const { equity } = await editable(userId, planId);
      return expressionsOf(planId, equity, language);
    },

    /** Delete selected expressions; every id must be one of this plan's, or nothing is deleted. */
    async removeExpressions(userId: string, input: { planId: string; ids: string[] }) {
      if (!input.ids.length) throw new BizError("SELECTION_REQUIRED");
      await ownPlan(userId, input.planId);
      const ids = [...new Set(input.ids)];
      const found = await db.planItem.count({ where: { planId: input.planId, slot: "expression", id: { in: ids } } });
      if (found !== ids.length) throw new BizError("NOT_FOUND");
      await db.$transaction([db.planItem.deleteMany({ where: { id: { in: ids } } }), touch(input.planId)]);
    },

    /** Set the scene (or backdrop) and/or the whole effect layer. */
    async assembleScene(userId: string, input: { planId: string; sceneId?: string | null; effectIds?: string[] }) {
      const { equity } = await editable(userId, input.planId);
      const scene = input.sceneId ? await catalogue.usable([input.sceneId], ["scene"], equity) : [];
      const effects = input.effectIds ? await catalogue.usable(input.effectIds, ["effect"], equity) : null;
      if (effects) checkCount(effects.length, PLAN_LIMITS.effects);
      await db.$transaction([
        ...(input.sceneId !== undefined
          ? [
              db.planItem.deleteMany({ where: { planId: input.planId, slot: "scene" } }),
              ...scene.map((row) =>
                db.planItem.create({ data: { planId: input.planId, itemId: row.id, slot: "scene" } }),
              ),
            ]
          : []),
        ...(effects
          ? [
              db.planItem.deleteMany({ where: { planId: input.planId, slot: "effect" } }),
              ...effects.map((row) =>
                db.planItem.create({ data: { planId: input.planId, itemId: row.id, slot: "effect" } }),
              ),
            ]
          : []),
        touch(input.planId),
      ]);
    },

    async assemblePets(userId: string, input: { planId: string; petIds: string[] }) {
      const { equity } = await editable(userId, input.planId);
      const pets = await catalogue.usable(input.petIds, ["pet"], equity);
      checkCount(pets.length, PLAN_LIMITS.pets);
      await replaceSlot(input.planId, "pet", pets);
    },

    async interactions(userId: string, planId: string, language: Language) {
      const { equity } = await editable(userId, planId);
      return interactionsOf(planId, equity, language);
    },

    /** Add interactions (one or a batch): all of them, or none when any is refused. */
    async addInteractions(userId: string, planId: string, items: InteractInput[]) {
      if (!items.length) throw new BizError("SELECTION_REQUIRED");
      const { equity } = await editable(userId, planId);
      await checkInteractions(items, equity);
      checkCount((await db.planInteract.count({ where: { planId } })) + items.length, PLAN_LIMITS.interactions);
      const rows = await db.$transaction([
        ...items.map((item) =>
          db.planInteract.create({
            data: {
              planId,
              eventId: item.interactId,
              actionKind: item.actionKind,
              actionId: item.actionId,
              reply: item.reply?.trim() || null,
            },
          }),
        ),
        touch(planId),
      ]);
      return rows.slice(0, items.length).map((row) => (row as { id: string }).id);
    },

    async removeInteractions(userId: string, input: { planId: string; ids: string[] }) {
      if (!input.ids.length) throw new BizError("SELECTION_REQUIRED");
      await ownPlan(userId, input.planId);
      const ids = [...new Set(input.ids)];
      const found = await db.planInteract.count({ where: { planId: input.planId, id: { in: ids } } });
      if (found !== ids.length) throw new BizError("NOT_FOUND");
      await db.$transaction([db.planInteract.deleteMany({ where: { id: { in: ids } } }), touch(input.planId)]);
    },

    /** Back to the bare avatar: no outfits, expressions, scene, effects, pets, interactions or voice. */
    async reset(userId: string, planId: string) {
      await ownPlan(userId, planId);
      await db.$transaction([
        db.planItem.deleteMany({ where: { planId } }),
        db.planInteract.deleteMany({ where: { planId } }),
        db.plan.update({ where: { id: planId }, data: { voiceId: null, updatedAt: clock.now() } }),
      ]);
    },

    /** The user's plans, last changed first (a hot read). */
    async page(userId: string, query: { page: number; limit: number }, language: Language) {
      const { rows, total } = await hot.page(userId, query.page, query.limit);
      return { records: await summaries(rows, userId, language), total };
    },

    async byRole(userId: string, roleId: string, language: Language) {
      return summaries(await hot.byRole(userId, roleId), userId, language);
    },

    /** Mark the plan the live-stream client plays: one per user. */
    async use(userId: string, planId: string) {
      await ownPlan(userId, planId);
      const now = clock.now();
      await db.$transaction([
        db.plan.updateMany({ where: { userId, usedAt: { not: null }, id: { not: planId } }, data: { usedAt: null } }),
        db.plan.update({ where: { id: planId }, data: { usedAt: now } }),
      ]);
    },

    async used(userId: string, language: Language) {
      const plan = await db.plan.findFirst({ where: { userId, usedAt: { not: null } }, select: { id: true } });
      return plan ? info(userId, plan.id, language) : null;
    },

    async statistics(userId: string) {
      const [total, vip, used, roleGroups, interactions, last] = await Promise.all([
        db.plan.count({ where: { userId } }),
        roles.vipOf(userId),
        db.plan.findFirst({ where: { userId, usedAt: { not: null } }, select: { id: true, name: true } }),
        db.plan.groupBy({ by: ["roleKind", "roleId"], where: { userId } }),
        db.planInteract.count({ where: { plan: { userId } } }),
        db.plan.findFirst({ where: { userId }, orderBy: { updatedAt: "desc" }, select: { updatedAt: true } }),
      ]);
      return {
        total,
        limit: limitsOf(vip).plans,
        usedPlanId: used?.id ?? null,
        usedPlanName: used?.name ?? null,
        avatars: roleGroups.length,
        interactions,
        lastUpdatedAt: last?.updatedAt.toISOString() ?? null,
      };
    },

    /** Delete selected plans: every id must be the caller's, or none is deleted. */
    async remove(userId: string, ids: string[]) {
      if (!ids.length) throw new BizError("SELECTION_REQUIRED");
      const unique = [...new Set(ids)];
      const found = await db.plan.count({ where: { userId, id: { in: unique } } });
      if (found !== unique.length) throw new BizError("NOT_FOUND");
      await db.plan.deleteMany({ where: { userId, id: { in: unique } } });
    },
  };
}
