/**
 * Start the whole product the way `npm start` does (scripts/start.ts) on a free port with a fresh
 * data folder and its own queue prefix, and wait until it answers. The E2E setup and the browser
 * benchmarks use it; stop() ends the process group and removes the data.
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildClientsIfStale } from "./build-clients.ts";
import { buildWebIfStale, ROOT } from "./lib.ts";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningProduct {
  baseUrl: string;
  /** Its DATA_DIR: the database and media files, for operator commands run beside it. */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startProduct(name: string, extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  buildWebIfStale();
  buildClientsIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `avalive-${name}-`));
  const port = await freePort();
  let log = "";
  const child: ChildProcess = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
      SKIP_WEB_BUILD: "1",
      SKIP_CLIENTS_BUILD: "1",
      // Its own queues: another Avalive on this Redis must not take this server's jobs.
      QUEUE_PREFIX: `avalive-${name}-${port}`,
      // rate limits raised: a suite logs in and sends codes far faster than people do
      AVALIVE_PROFILE: "test",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, so stop() ends tsx and the node process it starts.
    detached: true,
  });
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${log}`);
    const ok = await fetch(`${baseUrl}/web-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once("exit", r));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
