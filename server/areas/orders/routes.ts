import type { FastifyRequest } from "fastify";
import { orderPublicEndpoints as p1, orderEndpoints as v1 } from "../../../shared/endpoints.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createOrderService } from "./service.ts";

/** This server as the caller reached it: the QR code holds an absolute checkout URL. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** p1: the catalogue and the status names, public so visitors can compare before logging in. */
export async function orderPublicRoutes(app: App) {
  const orders = createOrderService(app.deps);
  route(app, p1.vipSkus, async (request, reply) => reply.ok(orders.vipSkus(request.language)));
  route(app, p1.vipCompare, async (request, reply) => reply.ok(orders.vipCompare(request.language)));
  route(app, p1.hourPackages, async (request, reply) => reply.ok(orders.hourPackages(request.language)));
  route(app, p1.iosSkus, async (request, reply) => reply.ok(orders.iosSkus(request.language)));
  route(app, p1.orderStatuses, async (request, reply) => reply.ok(orders.statusList(request.language)));
}

/** v1: the user's membership, trial, orders and their payment. */
export async function orderRoutes(app: App) {
  const orders = createOrderService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;

  route(app, v1.userVip, async (request, reply) => reply.ok(await orders.userVip(me(request), request.language)));
  route(app, v1.trialStart, async (request, reply) => {
    await orders.startTrial(me(request));
    return reply.ok(await orders.userVip(me(request), request.language), "trialStarted");
  });
  route(app, v1.orderCreate, async (request, reply) =>
    reply.ok(await orders.create(me(request), request.body, request.language, originOf(request))),
  );
  route(app, v1.orderRepay, async (request, reply) =>
    reply.ok(
      await orders.repay(
        me(request),
        request.params.orderId,
        request.body?.channel,
        request.language,
        originOf(request),
      ),
    ),
  );
  route(app, v1.orderStatus, async (request, reply) =>
    reply.ok(await orders.status(me(request), request.params.orderId, request.language)),
  );
  route(
    app,
    v1.orderPage,
    async (request, reply) => reply.ok(await orders.page(me(request), request.body, request.language)),
    { memo: true }, // a hot read (docs/decisions/027)
  );
}
