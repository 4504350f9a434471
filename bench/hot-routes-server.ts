/**
 * The servers bench/hot-routes.bench.ts measures, in their own process so that the load generator
 * does not share their event loop: the product as `npm start` builds it (limits raised, logs off)
 * with a gold member's things, and a bare Fastify answering the very same bytes from memory.
 * Prints one JSON line, {base, bareBase, token, routes}, and runs until killed. On SQLite by
 * default; BENCH_DATABASE_URL=postgresql://… (an empty database) measures PostgreSQL instead
 * (docs/capacity.md).
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { loadEnv } from "../infra/env.ts";
import { createUser } from "../prisma/factories.ts";
import { seed } from "../prisma/seed.ts";
import { migrate } from "../scripts/lib.ts";
import { buildApp } from "../server/app.ts";
import { endpoints } from "../shared/endpoints.ts";

export interface HotRoute {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: object;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-bench-hot-"));
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JOBS_MODE: "in-process",
    RATE_LIMIT_MAX: "100000000",
    LOG_LEVEL: "silent",
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  migrate(env.DATABASE_URL);
  const app = await buildApp({ env, webDist: null });
  await seed(app.deps.db);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const user = await createUser(app.deps.db, { vipType: "gold" });
  const token = await app.deps.tokens.issue(user.id);
  const call = async (method: string, url: string, body?: object) => {
    const res = await fetch(base + url, {
      method,
      headers: { authorization: token, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { code: number; message: string; data: unknown };
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.code} ${json.message}`);
    return json.data;
  };

  // The member's things: three avatars, three plans around them, three orders.
  const roles = (await call("GET", `${endpoints.roleList.path}?limit=200&page=1`)) as {
    records: { id: string; equityStatus: number }[];
  };
  const open = roles.records.filter((r) => r.equityStatus === 1);
  const planIds: string[] = [];
  for (const role of open.slice(0, 3)) {
    await call("POST", endpoints.customRoleCreate.path, { id: role.id });
    planIds.push((await call("POST", endpoints.planAdd.path, { roleId: role.id, roleType: "1" })) as string);
  }
  const skus = (await call("GET", endpoints.vipSkus.path)) as { id: string; tier: string }[];
  for (const sku of skus.filter((s) => s.tier === "diamond").slice(0, 3))
    await call("PUT", endpoints.orderCreate.path, { skuId: sku.id, channel: "card" });

  const routes: HotRoute[] = [
    { name: "role list", method: "GET", path: `${endpoints.roleList.path}?limit=200&page=1` },
    { name: "getUserInfo", method: "GET", path: endpoints.userInfo.path },
    { name: "getPlanInfo", method: "GET", path: `${endpoints.planInfo.path}?planId=${planIds[0]}` },
    { name: "plan list", method: "GET", path: `${endpoints.planList.path}?page=1&limit=20` },
    { name: "custom-role page", method: "POST", path: endpoints.customRolePage.path, body: { page: 1, limit: 20 } },
    { name: "order list", method: "POST", path: endpoints.orderPage.path, body: { page: 1, limit: 10 } },
  ];

  // The bare server answers each route with the product's own bytes, held in memory.
  const bare = Fastify();
  for (const route of routes) {
    const res = await fetch(base + route.path, {
      method: route.method,
      headers: { authorization: token, "content-type": "application/json" },
      body: route.body ? JSON.stringify(route.body) : undefined,
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const answer = JSON.parse(bytes.toString("utf8")) as { code: number; message: string };
    if (answer.code !== 200) throw new Error(`${route.name}: ${answer.code} ${answer.message}`);
    const url = route.path.split("?")[0] as string;
    bare.route({
      method: route.method,
      url,
      handler: (_request, reply) => reply.type("application/json; charset=utf-8").send(bytes),
    });
  }
  await bare.listen({ port: 0, host: "127.0.0.1" });
  const bareBase = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

  process.stdout.write(`${JSON.stringify({ base, bareBase, token, routes })}\n`);
  const stop = async () => {
    await app.close();
    await bare.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

await main();
