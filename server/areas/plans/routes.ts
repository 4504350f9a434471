import type { FastifyRequest } from "fastify";
import Type from "typebox";
import type { CatalogueKind } from "../../../shared/plan/catalogue.ts";
import { Envelope } from "../../../shared/schemas/common.ts";
import {
  AttributeBody,
  BatchInteractBody,
  CataloguePage,
  CatalogueQuery,
  CatalogueRecord,
  InteractBody,
  PetsAssemblingBody,
  PlanExpression,
  PlanIdQuery,
  PlanIdsBody,
  PlanInfo,
  PlanInteract,
  PlanListQuery,
  PlanPage,
  PlanStatistics,
  PlanSummary,
  RoleIdQuery,
  SceneAssemblingBody,
  SelectionBody,
  UpdatePlanBody,
  WearBody,
} from "../../../shared/schemas/plans.ts";
import { AddPlanBody, IdData } from "../../../shared/schemas/roles.ts";
import type { App } from "../../types.ts";
import { createPlanService } from "./service.ts";

const Nothing = Envelope(Type.Null());

/** v1 /base: the plan catalogue, assembling a plan, and the user's plans (spec section 7 "Plans"; docs/api.md). */
export async function planRoutes(app: App) {
  const plans = createPlanService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;
  const tags = ["plans"];

  /** A catalogue list: these kinds, filtered by the query's type, with the caller's equityStatus. */
  const list = (path: string, summary: string, kinds: readonly CatalogueKind[]) =>
    app.get(
      path,
      { schema: { tags, summary, querystring: CatalogueQuery, response: { 200: Envelope(CataloguePage) } } },
      async (request, reply) =>
        reply.ok(await plans.catalogue.page(kinds, request.query, await vip(request), request.language)),
    );
  const vip = (request: FastifyRequest) => plans.vipOf(me(request));

  list("/base/digitalmanAttribute/getListPage", "Outfits by slot (top, headwear, glasses, accessory) and expressions", [
    "outfit",
    "expression",
  ]);
  list("/base/sceneAttribute/getListPage", "Backdrops, scenes and effects (type backdrop | scene | effect)", [
    "scene",
    "effect",
  ]);
  list("/base/petsAttribute/getListPage", "Pets", ["pet"]);
  list("/base/interactAttribute/getListPage", "Viewer events (type gift | like | comment | follow)", ["interact"]);
  list(
    "/base/interactAttribute/getPlayListPage",
    "What an interaction can play (type expression | motion | effect | sound)",
    ["expression", "motion", "effect", "sound"],
  );

  app.get(
    "/base/baseProductLabel/getVoiceList",
    {
      schema: {
        tags,
        summary: "The voices, each with a sample to play",
        response: { 200: Envelope(Type.Array(CatalogueRecord)) },
      },
    },
    async (request, reply) =>
      reply.ok(
        (await plans.catalogue.page(["voice"], { page: 1, limit: 200 }, await vip(request), request.language)).records,
      ),
  );

  app.get(
    "/base/planInfo/getPlanInfo",
    {
      schema: {
        tags,
        summary: "The whole plan: avatar, outfits, scene, effects, pets, expressions, interactions, voice",
        querystring: PlanIdQuery,
        response: { 200: Envelope(PlanInfo) },
      },
    },
    async (request, reply) => reply.ok(await plans.info(me(request), request.query.planId, request.language)),
  );

  app.post(
    "/base/planInfo/addPlanInfo",
    {
      schema: {
        tags,
        summary: "Create a draft around an avatar; answers the plan id",
        body: AddPlanBody,
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) => reply.ok(await plans.add(me(request), request.body, request.language), "saved"),
  );

  app.post(
    "/base/planInfo/updatePlanInfo",
    {
      schema: { tags, summary: "Save the plan's name and/or voice", body: UpdatePlanBody, response: { 200: Nothing } },
    },
    async (request, reply) => {
      await plans.update(me(request), request.body);
      return reply.ok(null, "saved");
    },
  );

  app.post(
    "/base/planInfo/resetPlanAttribute",
    { schema: { tags, summary: "Back to the bare avatar", body: PlanIdQuery, response: { 200: Nothing } } },
    async (request, reply) => {
      await plans.reset(me(request), request.body.planId);
      return reply.ok(null, "resetSuccess");
    },
  );

  app.post(
    "/base/planDigitalmanAttribute/addPlanDigitalmanAttribute",
    {
      schema: {
        tags,
        summary: "Wear an outfit item (replaces its slot), or take a slot off",
        body: WearBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await plans.wear(me(request), request.body);
      return reply.ok(null);
    },
  );

  app.post(
    "/base/planDigitalmanAttribute/addPlanDigitalmanAttributeExp",
    {
      schema: {
        tags,
        summary: "Add an expression to the plan's list; answers its id",
        body: AttributeBody,
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) => reply.ok(await plans.addExpression(me(request), request.body)),
  );

  app.get(
    "/base/planDigitalmanAttribute/getExpList",
    {
      schema: {
        tags,
        summary: "The plan's expressions",
        querystring: PlanIdQuery,
        response: { 200: Envelope(Type.Array(PlanExpression)) },
      },
    },
    async (request, reply) => reply.ok(await plans.expressions(me(request), request.query.planId, request.language)),
  );

  app.post(
    "/base/planDigitalmanAttribute/delPlanManEx",
    {
      schema: {
        tags,
        summary: "Delete selected expressions (a selection is needed)",
        body: SelectionBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await plans.removeExpressions(me(request), request.body);
      return reply.ok(null);
    },
  );

  app.post(
    "/base/planSceneAttribute/addSceneAssembling",
    {
      schema: {
        tags,
        summary: "Set the scene or backdrop and/or the effect layer",
        body: SceneAssemblingBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await plans.assembleScene(me(request), request.body);
      return reply.ok(null);
    },
  );

  app.post(
    "/base/planPetsAttribute/addPetsAssembling",
    { schema: { tags, summary: "Set the plan's pets", body: PetsAssemblingBody, response: { 200: Nothing } } },
    async (request, reply) => {
      await plans.assemblePets(me(request), request.body);
      return reply.ok(null);
    },
  );

  app.get(
    "/base/interactAttribute/getPlanInteractList",
    {
      schema: {
        tags,
        summary: "The plan's interactions and their actions",
        querystring: PlanIdQuery,
        response: { 200: Envelope(Type.Array(PlanInteract)) },
      },
    },
    async (request, reply) => reply.ok(await plans.interactions(me(request), request.query.planId, request.language)),
  );

  app.post(
    "/base/interactAttribute/addInteractAttributeExp",
    {
      schema: {
        tags,
        summary: "Add one interaction; answers its id",
        body: InteractBody,
        response: { 200: Envelope(IdData) },
      },
    },
    async (request, reply) => {
      const { planId, ...item } = request.body;
      const [id] = await plans.addInteractions(me(request), planId, [item]);
      return reply.ok(id as string);
    },
  );

  app.post(
    "/base/interactAttribute/addBatchPlanInteract",
    {
      schema: {
        tags,
        summary: "Add several interactions at once (all or none); answers their ids",
        body: BatchInteractBody,
        response: { 200: Envelope(Type.Array(Type.String())) },
      },
    },
    async (request, reply) =>
      reply.ok(await plans.addInteractions(me(request), request.body.planId, request.body.items)),
  );

  app.post(
    "/base/interactAttribute/delPlanInteract",
    {
      schema: {
        tags,
        summary: "Delete selected interactions (a selection is needed)",
        body: SelectionBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await plans.removeInteractions(me(request), request.body);
      return reply.ok(null);
    },
  );

  // The calls the spec names without paths: ours, in docs/api.md.
  app.get(
    "/base/planInfo/getListPage",
    {
      schema: {
        tags,
        summary: "The user's plans, last changed first",
        querystring: PlanListQuery,
        response: { 200: Envelope(PlanPage) },
      },
    },
    async (request, reply) => reply.ok(await plans.page(me(request), request.query, request.language)),
  );

  app.post(
    "/base/planInfo/usePlan",
    {
      schema: {
        tags,
        summary: "Mark the plan the live-stream client plays (one per user)",
        body: PlanIdQuery,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await plans.use(me(request), request.body.planId);
      return reply.ok(null, "saved");
    },
  );

  app.get(
    "/base/planInfo/getStatistics",
    {
      schema: {
        tags,
        summary: "Plans used of the limit, avatars, interactions, the plan in use",
        response: { 200: Envelope(PlanStatistics) },
      },
    },
    async (request, reply) => reply.ok(await plans.statistics(me(request))),
  );

  app.post(
    "/base/planInfo/delPlanInfo",
    {
      schema: {
        tags,
        summary: "Delete selected plans (a selection is needed; all or none)",
        body: PlanIdsBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await plans.remove(me(request), request.body.ids);
      return reply.ok(null);
    },
  );

  app.get(
    "/base/planInfo/getUsedPlan",
    {
      schema: {
        tags,
        summary: "The plan in use, or null",
        response: { 200: Envelope(Type.Union([PlanInfo, Type.Null()])) },
      },
    },
    async (request, reply) => reply.ok(await plans.used(me(request), request.language)),
  );

  app.get(
    "/base/planInfo/getPlansByRole",
    {
      schema: {
        tags,
        summary: "The user's plans built on one avatar",
        querystring: RoleIdQuery,
        response: { 200: Envelope(Type.Array(PlanSummary)) },
      },
    },
    async (request, reply) => reply.ok(await plans.byRole(me(request), request.query.roleId, request.language)),
  );
}
