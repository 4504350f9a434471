import type { FastifyRequest } from "fastify";
import { shopPublicEndpoints as p1, shopEndpoints as v1 } from "../../../shared/endpoints.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createShopService } from "./service.ts";

/**
 * p1: the shop is open to visitors. A token, when sent, is checked like any other (a bad one is
 * code 600) and makes each product say whether the caller owns it.
 */
export async function shopPublicRoutes(app: App) {
  const shop = createShopService(app.deps);
  const caller = async (request: FastifyRequest) =>
    request.headers.authorization ? (await app.deps.tokens.verify(request.headers.authorization)).userId : null;

  route(app, p1.shopSearch, async (request, reply) =>
    reply.ok(await shop.search(request.body, await caller(request), request.language)),
  );
  route(app, p1.shopClassifyList, async (request, reply) => reply.ok(await shop.classifyList(request.language)));
  route(app, p1.shopTagList, async (request, reply) => reply.ok(await shop.tagList(request.language)));
  route(app, p1.shopItem, async (request, reply) =>
    reply.ok(await shop.detail(request.params.id, await caller(request), request.language)),
  );
}

/** v1: the user's shop orders, free claims and goods. */
export async function shopRoutes(app: App) {
  const shop = createShopService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;

  route(app, v1.shopOrderPage, async (request, reply) =>
    reply.ok(await shop.orderPage(me(request), request.body, request.language)),
  );
  route(app, v1.shopClaimFree, async (request, reply) =>
    reply.ok(await shop.claimFree(me(request), request.params.id, request.language), "shopClaimed"),
  );
  route(app, v1.shopMyGoods, async (request, reply) =>
    reply.ok(await shop.myGoods(me(request), request.query, request.language)),
  );
}
