import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { freshDataDir } from "../helpers/app.ts";

const children: ChildProcess[] = [];
afterEach(() => {
  // Kill the whole group: killing tsx alone would orphan the node process it starts.
  for (const child of children.splice(0)) if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
});

function start(entry: string, env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx CLI: the CLI relays signals to a child node process,
  // and under load a SIGTERM could reach it before it knew the child handles the signal (exit 143).
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      QUEUE_PREFIX: `avalive-test-${process.pid}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`never saw ${pattern}:\n${output}`);
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe("processes close gracefully on SIGTERM", () => {
  it("the server", async () => {
    const { dataDir, databaseUrl } = freshDataDir();
    const server = start("server/main.ts", {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      JOBS_MODE: "bullmq",
    });
    await server.waitFor(/Server listening at/);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/SIGTERM received, closing/);
  });

  it("the worker", async () => {
    const { dataDir, databaseUrl } = freshDataDir();
    const worker = start("worker/main.ts", { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    await worker.waitFor(/worker: processing thumbnail/);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toMatch(/SIGTERM received, finishing the current jobs/);
  });

  it("the worker refuses to start without Redis, with a clear line", async () => {
    const { dataDir, databaseUrl } = freshDataDir();
    const worker = start("worker/main.ts", {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "redis://127.0.0.1:6399",
    });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/no Redis answers at redis:\/\/127\.0\.0\.1:6399/);
  });
});
