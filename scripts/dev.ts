/**
 * `npm run dev`: Vite with hot reload on :5173 (proxying /web-api, /media and /dev), and the
 * server on :3000 restarting on change (tsx watch). Ctrl-C stops both.
 */

import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { seed } from "../prisma/seed.ts";
import { buildClientsIfStale } from "./build-clients.ts";
import { migrate, ROOT } from "./lib.ts";

const env = loadEnv();
try {
  // /download offers what is built: the client packages, when their sources changed
  if (buildClientsIfStale()) console.log("clients: built");
} catch (error) {
  console.error(`clients: the build failed, /download offers no PC package until \`npm run clients\` works\n${error}`);
}
migrate(env.DATABASE_URL);
const db = createDb(env.DATABASE_URL);
await seed(db);
await db.$disconnect();

const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
const children: ChildProcess[] = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "server/main.ts"], { cwd: ROOT, stdio: "inherit" }),
  spawn(bin("vite"), ["--port", "5173"], { cwd: ROOT, stdio: "inherit" }),
];
console.log("dev: open http://localhost:5173 (API on :3000)");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
