/**
 * Does throughput grow with instances? (issue 19, docs/capacity.md) Two server processes as
 * `npm start` runs them (server/main.ts), sharing one PostgreSQL database and one Redis, each
 * loaded alone and then both at once, on the same hot reads. The baseline is one instance measured
 * in the same run; the ratio is both instances' summed req/s over it. Bounded: 2 routes x 3 loads x
 * BENCH_SECONDS. Needs PostgreSQL (PG_ADMIN_URL, default postgres@127.0.0.1:5432) and Redis.
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { loadEnv } from "../infra/env.ts";
import { createUser } from "../prisma/factories.ts";
import { seed } from "../prisma/seed.ts";
import { migrate, ROOT } from "../scripts/lib.ts";
import { freePort } from "../scripts/serve.ts";
import { buildApp } from "../server/app.ts";
import { endpoints } from "../shared/endpoints.ts";
import { adminQuery, dropDatabase, pgUrl } from "../tests/helpers/pg.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

async function startInstance(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    const ready = await fetch(`${base}/web-api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("an instance did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function load(url: string, token: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: token },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function benchScaleOut() {
  const name = `avalive_scale_bench_${process.pid}`;
  const databaseUrl = pgUrl(name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-bench-scale-"));
  const children: ChildProcess[] = [];
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const shared = {
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      QUEUE_PREFIX: name,
      JWT_SECRET: "scale-bench-secret-0123456789abcdef0123456789",
      RATE_LIMIT_MAX: "100000000",
      EMBEDDED_WORKER: "false",
    };
    migrate(databaseUrl);
    // The member and a token, issued by an in-process app on the same database and secret.
    const app = await buildApp({ env: loadEnv({ ...shared, JOBS_MODE: "in-process" }), webDist: null });
    await seed(app.deps.db);
    const user = await createUser(app.deps.db, { vipType: "gold" });
    const token = await app.deps.tokens.issue(user.id);
    await app.close();

    const a = await startInstance(shared);
    children.push(a.child);
    const b = await startInstance(shared);
    children.push(b.child);

    const routes = [
      { name: "getUserInfo", path: endpoints.userInfo.path },
      { name: "role list", path: `${endpoints.roleList.path}?limit=200&page=1` },
    ];
    console.log(
      `\nScale-out: two instances on one PostgreSQL and one Redis, this machine's ${os.availableParallelism()} cores (${CONNECTIONS} connections per instance, ${SECONDS}s)`,
    );
    console.log(
      `  ${"route".padEnd(14)} ${"one instance".padStart(14)} ${"p99".padStart(5)}   ${"two at once".padStart(12)} ${"p99".padStart(5)}   ratio`,
    );
    const results: Record<string, { one: number; two: number; ratio: number }> = {};
    for (const route of routes) {
      await load(a.base + route.path, token); // warm both
      await load(b.base + route.path, token);
      const one = await load(a.base + route.path, token);
      const [x, y] = await Promise.all([load(a.base + route.path, token), load(b.base + route.path, token)]);
      const two = x.rps + y.rps;
      results[route.name] = { one: one.rps, two, ratio: two / one.rps };
      console.log(
        `  ${route.name.padEnd(14)} ${one.rps.toFixed(0).padStart(14)} ${one.p99.toFixed(0).padStart(5)}   ${two.toFixed(0).padStart(12)} ${Math.max(x.p99, y.p99).toFixed(0).padStart(5)}   ${(two / one.rps).toFixed(2)}x`,
      );
    }
    return results;
  } finally {
    for (const child of children) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await dropDatabase(name).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchScaleOut();
  process.exit(0);
}
