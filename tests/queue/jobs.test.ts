import { randomUUID } from "node:crypto";
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_REDIS_URL, redisAnswers, redisOptions } from "../../infra/redis.ts";
import type { Storage } from "../../infra/storage.ts";
import { createBullRunner } from "../../server/jobs/bullmq.ts";
import { createInProcessRunner } from "../../server/jobs/in-process.ts";
import { JobFailedError } from "../../server/jobs/runner.ts";
import { startWorkers } from "../../worker/workers.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { fixture } from "../helpers/images.ts";

const REDIS_URL = process.env.REDIS_URL ?? LOCAL_REDIS_URL;
const silentLog = { info() {}, warn() {}, error() {} };

/** Storage whose first `failures` reads throw, as a flaky disk or network share would. */
function flaky(storage: Storage, failures: number) {
  const state = { reads: 0 };
  const wrapped: Storage = {
    ...storage,
    async read(key) {
      state.reads++;
      if (state.reads <= failures) throw new Error("transient read failure");
      return storage.read(key);
    },
  };
  return { storage: wrapped, state };
}

type Mode = "bullmq" | "in-process";

async function setUp(mode: Mode, failures = 0) {
  const prefix = `avalive-test-${randomUUID()}`;
  let workers: Worker[] = [];
  let state = { reads: 0 };
  const t = await makeTestApp(
    {},
    {
      makeJobs({ db, storage: real }) {
        const wrapped = flaky(real, failures);
        state = wrapped.state;
        if (mode === "in-process") return createInProcessRunner({ db, storage: wrapped.storage, log: silentLog });
        const connection = redisOptions(REDIS_URL);
        workers = startWorkers({ db, storage: wrapped.storage, log: silentLog }, { connection, prefix });
        return createBullRunner(connection, prefix);
      },
    },
  );
  return {
    t,
    runner: t.app.deps.jobs,
    reads: () => state.reads,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await t.close();
    },
  };
}

async function storedFile(t: TestApp) {
  const user = await t.user();
  const key = await t.app.deps.storage.put(fixture("astronaut.png"), "png");
  return t.db.storedFile.create({
    data: { userId: user.id, name: "a.png", mime: "image/png", size: 1, width: 512, height: 512, key },
  });
}

beforeAll(async () => {
  if (!(await redisAnswers(REDIS_URL, 2000))) throw new Error(`these tests need Redis at ${REDIS_URL}`);
});

describe.each<Mode>(["bullmq", "in-process"])("the thumbnail job (%s)", (mode) => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(mode, 1);
  });
  afterAll(() => s.close());

  it("retries with backoff after a transient failure and finishes", async () => {
    const file = await storedFile(s.t);
    const progress: number[] = [];
    const result = await s.runner.run(
      "thumbnail",
      { fileId: file.id, size: 128 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result).toMatchObject({ fileId: file.id, width: 128, height: 128 });
    expect(s.reads()).toBe(2);
    const row = await s.t.db.storedFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.thumbKey).toBe(result.thumbKey);
    if (mode === "in-process") expect(progress).toContain(100);
    else expect(progress.length).toBeGreaterThanOrEqual(0);
  });

  it("runs a job id once even when enqueued twice", async () => {
    const file = await storedFile(s.t);
    const before = s.reads();
    const jobId = `thumb-${file.id}`;
    const [a, b] = await Promise.all([
      s.runner.run("thumbnail", { fileId: file.id, size: 96 }, { jobId }),
      s.runner.run("thumbnail", { fileId: file.id, size: 96 }, { jobId }),
    ]);
    expect(a).toEqual(b);
    expect(s.reads() - before).toBe(1);
  });

  it("gives up at once on a permanent failure", async () => {
    const started = Date.now();
    await expect(s.runner.run("thumbnail", { fileId: "missing", size: 64 })).rejects.toBeInstanceOf(JobFailedError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("serves uploads end to end through this runner", async () => {
    const user = await s.t.user();
    const res = await s.t.request
      .post("/web-api/v1/base/file/upload")
      .set("authorization", user.token)
      .attach("file", fixture("astronaut.png"), "a.png");
    expect(res.body.code).toBe(200);
    expect(res.body.data.thumbnailUrl).toMatch(/thumb256\.webp$/);
    const thumb = await s.t.request.get(res.body.data.thumbnailUrl);
    expect(thumb.status).toBe(200);
  });
});

describe("a producer with Redis down", () => {
  it("fails fast with a clear error", async () => {
    const runner = createBullRunner(redisOptions("redis://127.0.0.1:6399"), `avalive-test-${randomUUID()}`);
    const started = Date.now();
    await expect(runner.run("thumbnail", { fileId: "x", size: 64 }, { timeoutMs: 3000 })).rejects.toBeInstanceOf(
      JobFailedError,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await runner.healthy()).toBe(false);
    await runner.close();
  });
});
