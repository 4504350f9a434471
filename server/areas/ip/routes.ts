import { ipEndpoints } from "../../../shared/endpoints.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createIpService } from "./service.ts";

/** v1: activate an IP code; the licences the user holds. */
export async function ipRoutes(app: App) {
  const ip = createIpService(app.deps);
  const { env } = app.deps;

  route(
    app,
    ipEndpoints.ipActivate,
    async (request, reply) =>
      reply.ok(await ip.activate(request.userId as string, request.body.code, request.language), "ipActivated"),
    { config: { rateLimit: { max: env.IP_RATE_LIMIT, timeWindow: "1 hour" } } },
  );

  route(app, ipEndpoints.ipList, async (request, reply) =>
    reply.ok(await ip.held(request.userId as string, request.language)),
  );
}
