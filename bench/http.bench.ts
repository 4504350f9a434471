/**
 * HTTP overhead of the API core. Baseline: a bare Fastify route answering the same JSON.
 * Measured: the same answer through the whole stack (helmet, rate limit, language, envelope),
 * and a v1 call that verifies a token and looks its session up in SQLite.
 * Each is run 3 times with autocannon, interleaved, and the means compared.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Fastify from "fastify";
import { loadEnv } from "../infra/env.ts";
import { createUser } from "../prisma/factories.ts";
import { migrate } from "../scripts/lib.ts";
import { buildApp } from "../server/app.ts";

const DURATION_S = 3;
const CONNECTIONS = 50;
const RUNS = 3;

async function rps(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function benchHttp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-bench-"));
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    JOBS_MODE: "in-process",
    RATE_LIMIT_MAX: "100000000",
    LOG_LEVEL: "silent",
  });
  migrate(env.DATABASE_URL);

  const bare = Fastify();
  const payload = {
    site: "intl",
    currency: "$",
    payMethods: ["card"],
    defaultLanguage: "EN",
    officialSite: null,
    hostOrigins: [],
  };
  bare.get("/config", async () => ({ code: 200, message: "Success", data: payload }));
  await bare.listen({ port: 0, host: "127.0.0.1" });

  const app = await buildApp({ env, webDist: null });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createUser(app.deps.db, {});
  const token = await app.deps.tokens.issue(user.id);

  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/config`;
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const results = { bare: [] as number[], p1: [] as number[], v1: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    results.bare.push(await rps(bareUrl));
    results.p1.push(await rps(`${base}/web-api/p1/base/config`));
    results.v1.push(await rps(`${base}/web-api/v1/base/account/getUserInfo`, { authorization: token }));
  }
  await app.close();
  await bare.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const b = mean(results.bare);
  const p1 = mean(results.p1);
  const v1 = mean(results.v1);
  console.log(`\nHTTP (${CONNECTIONS} connections, ${RUNS} x ${DURATION_S}s each, requests/s mean)`);
  console.log(`  baseline  bare Fastify route            ${b.toFixed(0).padStart(7)}   1.00x`);
  console.log(`  p1        config through the full stack ${p1.toFixed(0).padStart(7)}   ${(p1 / b).toFixed(2)}x`);
  console.log(`  v1        userInfo with token + session ${v1.toFixed(0).padStart(7)}   ${(v1 / b).toFixed(2)}x`);
  return { baseline: b, p1, v1 };
}
