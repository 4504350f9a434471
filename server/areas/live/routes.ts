import type { FastifyRequest } from "fastify";
import { liveEndpoints as live, livePublicEndpoints as livePublic } from "../../../shared/endpoints.ts";
import { LIVE_HEARTBEAT_SECONDS, LIVE_SOCKET_PATH, STREAM_KEY_HEADER } from "../../../shared/live.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createLiveService } from "./service.ts";

/** How often any instance ends the sessions whose studio went silent. */
const SWEEP_MS = 30_000;

/** The stream key: the header, or the `key` query for senders that only take a URL (masked in the logs). */
export function streamKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[STREAM_KEY_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const query = request.query as { key?: unknown } | undefined;
  return fromHeader ?? (typeof query?.key === "string" ? query.key : undefined);
}

/** p1, authenticated by the stream key: the webhook and the OBS source's plan. */
export async function livePublicRoutes(app: App) {
  const service = createLiveService(app.deps);
  const owner = (request: FastifyRequest) => service.keys.owner(streamKeyOf(request));

  route(app, livePublic.liveWebhook, async (request, reply) =>
    reply.ok(await service.trigger(await owner(request), request.body, "webhook", request.language)),
  );
  route(app, livePublic.liveObsPlan, async (request, reply) =>
    reply.ok(await service.usedPlan(await owner(request), request.language)),
  );
}

/** v1: the studio, its stream key, its sessions and the records. */
export async function liveRoutes(app: App) {
  const service = createLiveService(app.deps);
  const me = (request: FastifyRequest) => request.userId as string;

  const timer = setInterval(() => {
    service.sweep().catch((error: unknown) => app.log.warn({ err: error }, "live session sweep failed"));
  }, SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));

  route(app, live.liveSocket, async (_request, reply) =>
    reply.ok({ path: LIVE_SOCKET_PATH, heartbeatSeconds: LIVE_HEARTBEAT_SECONDS }),
  );
  route(app, live.liveStudioInit, async (request, reply) =>
    reply.ok(await service.init(me(request), request.language)),
  );
  route(app, live.liveKeyRotate, async (request, reply) => reply.ok(await service.keys.rotate(me(request))));
  route(app, live.liveKeyRevoke, async (request, reply) => {
    await service.keys.revoke(me(request));
    return reply.ok(null);
  });
  route(app, live.liveStart, async (request, reply) =>
    reply.ok(await service.start(me(request), request.body, request.language)),
  );
  route(app, live.liveHeartbeat, async (request, reply) =>
    reply.ok(await service.heartbeat(me(request), request.body.id, request.language)),
  );
  route(app, live.liveEnd, async (request, reply) =>
    reply.ok(await service.end(me(request), request.body.id, request.body.reason ?? "exit", request.language)),
  );
  route(app, live.liveRehearse, async (request, reply) =>
    reply.ok(await service.trigger(me(request), request.body, "rehearsal", request.language)),
  );
  route(app, live.liveHistory, async (request, reply) =>
    reply.ok(await service.history(me(request), request.query, request.language)),
  );
}
