import { healthEndpoints } from "../../../shared/endpoints.ts";
import { Envelope, HealthData } from "../../../shared/schemas/common.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";

const started = Date.now();

export async function healthRoutes(app: App) {
  route(
    app,
    healthEndpoints.health,
    async (_request, reply) => {
      const { db, jobs } = app.deps;
      const t0 = performance.now();
      const dbOk = await db.$queryRaw`SELECT 1`.then(
        () => true,
        () => false,
      );
      const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
      const queueOk = await jobs.healthy();
      const ok = dbOk && queueOk;
      return reply.status(ok ? 200 : 503).send({
        code: ok ? 200 : 503,
        message: ok ? "ok" : "degraded",
        data: {
          status: ok ? "ok" : "degraded",
          database: { ok: dbOk, latencyMs },
          queue: { mode: jobs.mode, ok: queueOk },
          uptimeSeconds: Math.round((Date.now() - started) / 1000),
        },
      });
    },
    { config: { rateLimit: false }, responses: { 503: Envelope(HealthData) } },
  );
}
