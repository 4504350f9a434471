/**
 * `npm start`: build the web app and the client packages of /download when their sources
 * changed, apply migrations, seed demo data, start the server with its jobs, and print where to
 * go and who to log in as.
 */

import { announceCatalogueChange } from "../infra/catalogue-cache.ts";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { DEMO_PASSWORD, seed, unusedDemoIpCodes } from "../prisma/seed.ts";
import { refreshRolePortraits } from "../server/areas/roles/portraits.ts";
import { startServer } from "../server/main.ts";
import { buildClientsIfStale } from "./build-clients.ts";
import { buildWebIfStale, migrate } from "./lib.ts";

const env = loadEnv();

if (process.env.SKIP_WEB_BUILD !== "1") {
  console.log(buildWebIfStale() ? "web: built" : "web: up to date");
}
if (process.env.SKIP_CLIENTS_BUILD !== "1") {
  try {
    console.log(buildClientsIfStale() ? "clients: built" : "clients: up to date");
  } catch (error) {
    // the product still runs; /download says the PC packages are not available
    console.error(
      `clients: the build failed, /download offers no PC package until \`npm run clients\` works\n${error}`,
    );
  }
}
migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL);
// a new system avatar or shop product: the site's other running instances drop their cached lists
const accounts = await seed(db, (tables) => announceCatalogueChange(env, tables));
const ipCodes = await unusedDemoIpCodes(db);
await db.$disconnect();

const app = await startServer(env);
const portraits = await refreshRolePortraits(app.deps, app.log);
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : env.PORT;
// the studio's voice: espeak-ng when it is installed (docs/decisions/040)
const speech = (await app.deps.speech.ready) ?? "off";
const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;

console.log(`
Avalive is running at http://${host}:${port}
  API docs:  http://${host}:${port}/web-api/docs
  Jobs:      ${app.deps.jobs.mode === "bullmq" ? "BullMQ on Redis" : "in-process (no Redis answered)"}
  Speech:    ${speech}
  Database:  ${env.DATABASE_URL}${portraits ? `\n  Rendering ${portraits} avatar portraits in the background` : ""}${
    env.AVALIVE_PROFILE === "test"
      ? "\n  Profile:   test (rate limits raised, no code cooldown: not for a public server)"
      : ""
  }

Demo accounts (password ${DEMO_PASSWORD}):
${accounts.map((a) => `  ${a.email.padEnd(28)} ${a.vipType ?? "no membership"}`).join("\n")}
${ipCodes.length ? `\nDemo IP activation codes (/ip, single use): ${ipCodes.join(", ")}\n` : ""}`);
