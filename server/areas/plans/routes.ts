import type { FastifyRequest } from "fastify";
import { planEndpoints as plans } from "../../../shared/endpoints.ts";
import type { CatalogueKind } from "../../../shared/plan/catalogue.ts";
import { type EndpointHandler, route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createPlanService } from "./service.ts";
import { speakRoutes } from "./speak.ts";

/** v1 /base: the plan catalogue, assembling a plan, and the user's plans (spec section 7 "Plans"; docs/api.md). */
export async function planRoutes(app: App) {
  const service = createPlanService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;
  const equity = (request: FastifyRequest) => service.equityOf(me(request));

  /** A catalogue list: these kinds, filtered by the query's type, with the caller's equityStatus. */
  const list =
    (kinds: readonly CatalogueKind[]): EndpointHandler<typeof plans.outfitCatalogue> =>
    async (request, reply) =>
      reply.ok(await service.catalogue.page(kinds, request.query, await equity(request), request.language));

  route(app, plans.outfitCatalogue, list(["outfit", "expression"]));
  route(app, plans.sceneCatalogue, list(["scene", "effect"]));
  route(app, plans.petCatalogue, list(["pet"]));
  route(app, plans.eventCatalogue, list(["interact"]));
  route(app, plans.actionCatalogue, list(["expression", "motion", "effect", "sound"]));

  route(app, plans.voiceList, async (request, reply) =>
    reply.ok(
      (await service.catalogue.page(["voice"], { page: 1, limit: 200 }, await equity(request), request.language))
        .records,
    ),
  );

  // The hot reads (docs/decisions/027): kept per user until the database changes.
  route(
    app,
    plans.planInfo,
    async (request, reply) => reply.ok(await service.info(me(request), request.query.planId, request.language)),
    { memo: true },
  );

  route(app, plans.planAdd, async (request, reply) => {
    // The spec's body names the role's kind (system or own) `roleType`.
    const { roleId, roleType: roleKind, name } = request.body;
    return reply.ok(await service.add(me(request), { roleId, roleKind, name }, request.language), "saved");
  });

  route(app, plans.planUpdate, async (request, reply) => {
    await service.update(me(request), request.body);
    return reply.ok(null, "saved");
  });

  route(app, plans.planReset, async (request, reply) => {
    await service.reset(me(request), request.body.planId);
    return reply.ok(null, "resetSuccess");
  });

  route(app, plans.planWear, async (request, reply) => {
    await service.wear(me(request), request.body);
    return reply.ok(null);
  });

  route(app, plans.planAddExpression, async (request, reply) =>
    reply.ok(await service.addExpression(me(request), request.body)),
  );

  route(app, plans.planExpressions, async (request, reply) =>
    reply.ok(await service.expressions(me(request), request.query.planId, request.language)),
  );

  route(app, plans.planDeleteExpressions, async (request, reply) => {
    await service.removeExpressions(me(request), request.body);
    return reply.ok(null);
  });

  route(app, plans.planScene, async (request, reply) => {
    await service.assembleScene(me(request), request.body);
    return reply.ok(null);
  });

  route(app, plans.planPets, async (request, reply) => {
    await service.assemblePets(me(request), request.body);
    return reply.ok(null);
  });

  route(app, plans.planInteractions, async (request, reply) =>
    reply.ok(await service.interactions(me(request), request.query.planId, request.language)),
  );

  route(app, plans.planAddInteraction, async (request, reply) => {
    const { planId, ...item } = request.body;
    const [id] = await service.addInteractions(me(request), planId, [item]);
    return reply.ok(id as string);
  });

  route(app, plans.planAddInteractions, async (request, reply) =>
    reply.ok(await service.addInteractions(me(request), request.body.planId, request.body.items)),
  );

  route(app, plans.planDeleteInteractions, async (request, reply) => {
    await service.removeInteractions(me(request), request.body);
    return reply.ok(null);
  });

  route(
    app,
    plans.planList,
    async (request, reply) => reply.ok(await service.page(me(request), request.query, request.language)),
    { memo: true },
  );

  route(app, plans.planUse, async (request, reply) => {
    await service.use(me(request), request.body.planId);
    return reply.ok(null, "saved");
  });

  route(app, plans.planStatistics, async (request, reply) => reply.ok(await service.statistics(me(request))));

  route(app, plans.planDelete, async (request, reply) => {
    await service.remove(me(request), request.body.ids);
    return reply.ok(null);
  });

  route(app, plans.planUsed, async (request, reply) => reply.ok(await service.used(me(request), request.language)));

  speakRoutes(app, service);

  route(app, plans.plansByRole, async (request, reply) =>
    reply.ok(await service.byRole(me(request), request.query.roleId, request.language)),
  );
}
