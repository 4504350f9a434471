/**
 * The authenticated reads the web app makes most, each measured side by side with a bare Fastify
 * route answering the very same bytes from memory (issue 15). The product runs as `npm start` runs
 * it (SQLite, the whole plugin stack), with the rate limit raised and logs off; a gold member with a
 * few avatars, plans and orders asks. Each pair is run RUNS times with autocannon, alternating, and
 * the means of req/s, p50 and p99 are printed with the ratio product / bare.
 */

import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import type { HotRoute } from "./hot-routes-server.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Sample {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, route: HotRoute, token?: string): Promise<Sample> {
  const result = await autocannon({
    url,
    method: route.method,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { ...(token ? { authorization: token } : {}), "content-type": "application/json" },
    ...(route.body ? { body: JSON.stringify(route.body) } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const average = (samples: Sample[]): Sample => ({
  rps: mean(samples.map((s) => s.rps)),
  p50: mean(samples.map((s) => s.p50)),
  p99: mean(samples.map((s) => s.p99)),
});

/** Start bench/hot-routes-server.ts and read its JSON line. `nodeArgs` can add --cpu-prof. */
export async function startHotServers(nodeArgs: string[] = []) {
  const child = spawn(
    process.execPath,
    [...nodeArgs, "--import", "tsx", path.join(import.meta.dirname, "hot-routes-server.ts")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = readline.createInterface({ input: child.stdout });
  const [line] = (await once(lines, "line")) as [string];
  const info = JSON.parse(line) as { base: string; bareBase: string; token: string; routes: HotRoute[] };
  const stop = async () => {
    child.kill("SIGTERM");
    await once(child, "exit");
  };
  return { ...info, stop };
}

export async function benchHotRoutes() {
  const { base, bareBase, token, routes, stop } = await startHotServers();
  console.log(
    `\nHot authenticated reads (${CONNECTIONS} connections, ${RUNS} x ${DURATION_S}s each, alternating; means)`,
  );
  console.log(
    `  ${"route".padEnd(18)} ${"bare req/s".padStart(10)} ${"p50".padStart(5)} ${"p99".padStart(5)}   ${"avalive req/s".padStart(13)} ${"p50".padStart(5)} ${"p99".padStart(5)}   ratio`,
  );
  const results: Record<string, { bare: Sample; product: Sample; ratio: number }> = {};
  for (const route of routes) {
    const bareRuns: Sample[] = [];
    const productRuns: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      bareRuns.push(await load(bareBase + route.path, route));
      productRuns.push(await load(base + route.path, route, token));
    }
    const b = average(bareRuns);
    const p = average(productRuns);
    const ratio = p.rps / b.rps;
    results[route.name] = { bare: b, product: p, ratio };
    console.log(
      `  ${route.name.padEnd(18)} ${b.rps.toFixed(0).padStart(10)} ${b.p50.toFixed(0).padStart(5)} ${b.p99.toFixed(0).padStart(5)}   ${p.rps.toFixed(0).padStart(13)} ${p.p50.toFixed(0).padStart(5)} ${p.p99.toFixed(0).padStart(5)}   ${ratio.toFixed(2)}x`,
    );
  }
  await stop();
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchHotRoutes();
  process.exit(0);
}
