import { healthEndpoints } from "../../../shared/endpoints.ts";
import { Envelope, HealthData, ReadinessData } from "../../../shared/schemas/common.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";

const started = Date.now();
const uptimeSeconds = () => Math.round((Date.now() - started) / 1000);

export async function healthRoutes(app: App) {
  const databaseAnswers = () =>
    app.deps.db.$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    );

  route(
    app,
    healthEndpoints.health,
    async (_request, reply) => {
      const { jobs } = app.deps;
      const t0 = performance.now();
      const dbOk = await databaseAnswers();
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
          uptimeSeconds: uptimeSeconds(),
        },
      });
    },
    { config: { rateLimit: false }, responses: { 503: Envelope(HealthData) } },
  );

  // Liveness asks nothing of the database: a database outage must not get every instance restarted.
  route(
    app,
    healthEndpoints.live,
    async (_request, reply) => reply.ok({ status: "ok", uptimeSeconds: uptimeSeconds() }),
    {
      config: { rateLimit: false },
    },
  );

  route(
    app,
    healthEndpoints.ready,
    async (_request, reply) => {
      const draining = app.lifecycle.draining;
      const [database, queue] = draining
        ? [false, false]
        : await Promise.all([databaseAnswers(), app.deps.jobs.healthy()]);
      const ready = !draining && database && queue;
      const status = ready ? "ready" : draining ? "draining" : "unavailable";
      return reply.status(ready ? 200 : 503).send({
        code: ready ? 200 : 503,
        message: status,
        data: { status, database, queue },
      });
    },
    { config: { rateLimit: false }, responses: { 503: Envelope(ReadinessData) } },
  );
}
