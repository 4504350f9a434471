import { afterEach, describe, expect, it } from "vitest";
import { freshDataDir } from "../helpers/app.ts";
import { killAll, startProcess } from "../helpers/processes.ts";

afterEach(killAll);

const start = (entry: string, env: Record<string, string>) =>
  startProcess(entry, {
    NODE_ENV: "development",
    LOG_LEVEL: "info",
    QUEUE_PREFIX: `avalive-test-${process.pid}`,
    ...env,
  });

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
