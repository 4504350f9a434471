/** Listens. `npm start` runs scripts/start.ts, which prepares the database and the web build first. */

import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import { loadEnv } from "../infra/env.ts";
import { buildApp } from "./app.ts";

export async function startServer(env = loadEnv()) {
  const app = await buildApp({ env });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "closing after an error");
    else app.log.info(`${signal} received, closing`);
    await app.close();
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
