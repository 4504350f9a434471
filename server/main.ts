/** Listens. `npm start` runs scripts/start.ts, which prepares the database and the web build first. */

import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import { loadEnv } from "../infra/env.ts";
import { buildApp } from "./app.ts";
import type { App } from "./types.ts";

/**
 * A graceful shutdown (docs/decisions/032-postgresql.md): readiness answers 503 at once, so a
 * reverse proxy stops sending new requests here; after `delayMs` the server stops listening, lets
 * the requests in flight finish (Fastify answers 503 to any new one on a kept-alive connection),
 * then waits for the jobs under way (in-process ones, embedded BullMQ workers' active jobs) and
 * closes the database connections (the app's onClose hook).
 */
export async function drain(app: App, delayMs: number) {
  app.lifecycle.draining = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  // Closing waits for every connection to end. A kept-alive connection whose request was still
  // running when the close began stays open after its answer (Fastify keeps them 72 s): close it
  // as soon as it is idle, or the close waits out SHUTDOWN_TIMEOUT_MS and exits 1.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
  }
}

export async function startServer(env = loadEnv()) {
  const app = await buildApp({ env });
  closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "closing after an error");
    else app.log.info(`${signal} received, closing (draining first)`);
    await drain(app, err ? 0 : env.DRAIN_DELAY_MS);
  });
  await app.listen({ host: env.HOST, port: env.PORT });
  return app;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  startServer().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
