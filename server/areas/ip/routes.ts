import Type from "typebox";
import { Envelope } from "../../../shared/schemas/common.ts";
import { ActivateIpBody, IpLicenceHeld } from "../../../shared/schemas/ip.ts";
import type { App } from "../../types.ts";
import { createIpService } from "./service.ts";

const tags = ["IP activation"];

/** v1: activate an IP code; the licences the user holds. */
export async function ipRoutes(app: App) {
  const ip = createIpService(app.deps);
  const { env } = app.deps;

  app.post(
    "/ip/activate",
    {
      schema: {
        tags,
        summary: "Activate an IP code: single use, case-insensitive; unlocks the licence's avatars",
        body: ActivateIpBody,
        response: { 200: Envelope(IpLicenceHeld) },
      },
      config: { rateLimit: { max: env.IP_RATE_LIMIT, timeWindow: "1 hour" } },
    },
    async (request, reply) =>
      reply.ok(await ip.activate(request.userId as string, request.body.code, request.language), "ipActivated"),
  );

  app.get(
    "/ip/list",
    {
      schema: {
        tags,
        summary: "The licences the user holds, with the avatars they unlock",
        response: { 200: Envelope(Type.Array(IpLicenceHeld)) },
      },
    },
    async (request, reply) => reply.ok(await ip.held(request.userId as string, request.language)),
  );
}
