import type { FastifyRequest } from "fastify";
import { liveEndpoints as live, livePublicEndpoints as livePublic } from "../../../shared/endpoints.ts";
import { STREAM_KEY_HEADER } from "../../../shared/live.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createPlanService } from "../plans/service.ts";
import { createPlanSpeaker, sendWav, WAV_RESPONSES } from "../plans/speak.ts";
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

  // The OBS source says on air what the studio says and the interactions' replies (decision 040,
  // "On air"): the line in the used plan's voice, with the studio's speak call's checks and limit.
  const say = createPlanSpeaker(app.deps, createPlanService(app.deps));
  route(
    app,
    livePublic.liveObsSpeak,
    async (request, reply) => sendWav(reply, await say(await owner(request), null, request.body.text)),
    {
      config: {
        rateLimit: {
          max: app.deps.env.SPEECH_RATE_LIMIT,
          timeWindow: "1 minute",
          keyGenerator: (request: FastifyRequest) => `speak:key:${streamKeyOf(request) ?? request.ip}`,
        },
      },
      responses: WAV_RESPONSES,
    },
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
  // Every instance meters every open cloud session a few times a minute; each minute is charged
  // once whoever gets there first (docs/decisions/037).
  const meterMs = Math.min(10_000, Math.max(250, (app.deps.env.CLOUD_METER_SECONDS * 1000) / 4));
  let metering = false;
  const meter = setInterval(() => {
    if (metering) return;
    metering = true;
    service
      .meter()
      .catch((error: unknown) => app.log.warn({ err: error }, "cloud metering failed"))
      .finally(() => {
        metering = false;
      });
  }, meterMs);
  meter.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    clearInterval(meter);
  });

  route(app, live.liveSocket, async (request, reply) =>
    reply.ok(await service.socket(me(request), request.query.sessionId)),
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
  route(app, live.liveMode, async (request, reply) =>
    reply.ok(await service.switchMode(me(request), request.body, request.language)),
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
