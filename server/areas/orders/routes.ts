import type { FastifyRequest } from "fastify";
import Type from "typebox";
import { Envelope } from "../../../shared/schemas/common.ts";
import {
  CreateOrderBody,
  HourPackage,
  IosSku,
  NamedValue,
  OrderIdParams,
  OrderPage,
  OrderPageBody,
  OrderStatusData,
  PayTicket,
  RepayBody,
  UserVip,
  VipSku,
} from "../../../shared/schemas/orders.ts";
import type { App } from "../../types.ts";
import { createOrderService } from "./service.ts";

const tags = ["membership and orders"];

/** This server as the caller reached it: the QR code holds an absolute checkout URL. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** p1: the catalogue and the status names, public so visitors can compare before logging in. */
export async function orderPublicRoutes(app: App) {
  const orders = createOrderService(app.deps);
  app.get(
    "/vip/sku/list",
    {
      schema: {
        tags,
        summary: "VIP SKUs: each tier by month, season and year, in the site currency",
        response: { 200: Envelope(Type.Array(VipSku)) },
      },
    },
    async (request, reply) => reply.ok(orders.vipSkus(request.language)),
  );
  app.get(
    "/vip/supplyTime/list",
    {
      schema: {
        tags,
        summary: "The supply-time list: cloud-rendering hour packages",
        response: { 200: Envelope(Type.Array(HourPackage)) },
      },
    },
    async (request, reply) => reply.ok(orders.hourPackages(request.language)),
  );
  app.get(
    "/vip/iosSku/list",
    {
      schema: {
        tags,
        summary: "The iOS SKU list, with App Store product ids",
        response: { 200: Envelope(Type.Array(IosSku)) },
      },
    },
    async (request, reply) => reply.ok(orders.iosSkus(request.language)),
  );
  app.get(
    "/order/statusList",
    {
      schema: { tags, summary: "Order statuses and their names", response: { 200: Envelope(Type.Array(NamedValue)) } },
    },
    async (request, reply) => reply.ok(orders.statusList(request.language)),
  );
}

/** v1: the user's membership, trial, orders and their payment. */
export async function orderRoutes(app: App) {
  const orders = createOrderService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;

  app.get(
    "/vip/userVip/list",
    {
      schema: {
        tags,
        summary: "The user's membership now, its history, cloud hours and the trial",
        response: { 200: Envelope(UserVip) },
      },
    },
    async (request, reply) => reply.ok(await orders.userVip(me(request), request.language)),
  );
  app.post(
    "/vip/trial",
    { schema: { tags, summary: "Start the one-time free trial", response: { 200: Envelope(UserVip) } } },
    async (request, reply) => {
      await orders.startTrial(me(request));
      return reply.ok(await orders.userVip(me(request), request.language), "trialStarted");
    },
  );
  app.put(
    "/order/create",
    {
      schema: {
        tags,
        summary: "Create an order and its payment at the chosen channel",
        body: CreateOrderBody,
        response: { 200: Envelope(PayTicket) },
      },
    },
    async (request, reply) =>
      reply.ok(await orders.create(me(request), request.body, request.language, originOf(request))),
  );
  app.post(
    "/order/pay/:orderId",
    {
      schema: {
        tags,
        summary: "Proceed Pay: pay the same pending or failed order again",
        params: OrderIdParams,
        body: Type.Optional(RepayBody),
        response: { 200: Envelope(PayTicket) },
      },
    },
    async (request, reply) =>
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
  app.get(
    "/order/status/:orderId",
    {
      schema: {
        tags,
        summary: "An order's status by its id",
        params: OrderIdParams,
        response: { 200: Envelope(OrderStatusData) },
      },
    },
    async (request, reply) => reply.ok(await orders.status(me(request), request.params.orderId, request.language)),
  );
  app.post(
    "/order/pageList",
    {
      schema: {
        tags,
        summary: "The user's orders, newest first; all, today, last 7 or 30 days",
        body: OrderPageBody,
        response: { 200: Envelope(OrderPage) },
      },
    },
    async (request, reply) => reply.ok(await orders.page(me(request), request.body, request.language)),
  );
}
