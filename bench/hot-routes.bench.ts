/**
 * The authenticated reads the web app makes most, each measured side by side with a bare Fastify
 * route answering the very same bytes from memory (issue 15). The product runs as `npm start` runs
 * it (SQLite, the whole plugin stack), with the rate limit raised and logs off; a gold member with a
 * few avatars, plans and orders asks. Each pair is first loaded once for WARMUP_S, not counted (the
 * JIT's first compilations), then run RUNS times with autocannon, alternating; the means of req/s,
 * p50 and p99 are printed with the ratio product / bare, and the server process's CPU time per
 * request for both (steadier than req/s on a shared machine; both servers share that process).
 */

import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import type { HotRoute } from "./hot-routes-server.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per request, µs. */
  cpu: number;
}

/** A process's user + system CPU time so far, µs (Linux; 0 where /proc is missing). */
function cpuOf(pid: number): number {
  try {
    const fields = (fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

async function load(pid: number, url: string, route: HotRoute, token?: string, seconds = DURATION_S): Promise<Sample> {
  const before = cpuOf(pid);
  const result = await autocannon({
    url,
    method: route.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...(token ? { authorization: token } : {}), "content-type": "application/json" },
    ...(route.body ? { body: JSON.stringify(route.body) } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpu = (cpuOf(pid) - before) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const average = (samples: Sample[]): Sample => ({
  rps: mean(samples.map((s) => s.rps)),
  p50: mean(samples.map((s) => s.p50)),
  p99: mean(samples.map((s) => s.p99)),
  cpu: mean(samples.map((s) => s.cpu)),
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
  return { ...info, pid: child.pid as number, stop };
}

export async function benchHotRoutes() {
  const { base, bareBase, token, routes, pid, stop } = await startHotServers();
  console.log(
    `\nHot authenticated reads (${CONNECTIONS} connections, ${WARMUP_S}s warm-up, then ${RUNS} x ${DURATION_S}s each, alternating; means; cpu = server CPU µs per request)`,
  );
  console.log(
    `  ${"route".padEnd(18)} ${"bare req/s".padStart(10)} ${"p50".padStart(5)} ${"p99".padStart(5)} ${"cpu".padStart(5)}   ${"avalive req/s".padStart(13)} ${"p50".padStart(5)} ${"p99".padStart(5)} ${"cpu".padStart(5)}   ratio`,
  );
  const results: Record<string, { bare: Sample; product: Sample; ratio: number }> = {};
  for (const route of routes) {
    await load(pid, bareBase + route.path, route, undefined, WARMUP_S);
    await load(pid, base + route.path, route, token, WARMUP_S);
    const bareRuns: Sample[] = [];
    const productRuns: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      bareRuns.push(await load(pid, bareBase + route.path, route));
      productRuns.push(await load(pid, base + route.path, route, token));
    }
    const b = average(bareRuns);
    const p = average(productRuns);
    const ratio = p.rps / b.rps;
    results[route.name] = { bare: b, product: p, ratio };
    const cells = (x: Sample, width: number) =>
      `${x.rps.toFixed(0).padStart(width)} ${x.p50.toFixed(0).padStart(5)} ${x.p99.toFixed(0).padStart(5)} ${x.cpu.toFixed(0).padStart(5)}`;
    console.log(`  ${route.name.padEnd(18)} ${cells(b, 10)}   ${cells(p, 13)}   ${ratio.toFixed(2)}x`);
  }
  await stop();
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchHotRoutes();
  process.exit(0);
}
