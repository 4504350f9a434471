/**
 * Jobs per minute per worker (issue 19, docs/capacity.md): photo cloning and toonify, the two
 * heavy queues, run by one `npm run worker` process and then by two against the same Redis. The
 * baseline is one worker measured in the same run; the ratio is two workers' jobs per minute over
 * it. Each measurement enqueues a batch at once (as a busy moment would) and times it from the
 * first enqueue to the last job's answer, after a warm-up batch (model loading, JIT). Workers run
 * with their default concurrency (2 per queue). The database is a SQLite file both workers write
 * (one small write per job). Needs Redis (REDIS_URL or 127.0.0.1:6379); `npm run bench` skips it
 * without one. Bounded: BENCH_PHOTO_JOBS (16) and BENCH_TOONIFY_JOBS (6) per measurement.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { LOCAL_REDIS_URL, redisAnswers, redisOptions } from "../infra/redis.ts";
import { createStorage } from "../infra/storage.ts";
import { createUser } from "../prisma/factories.ts";
import { migrate, ROOT } from "../scripts/lib.ts";
import { createBullRunner } from "../server/jobs/bullmq.ts";
import { buildAvatar, exportGlb } from "../shared/avatar/index.ts";
import { cartoonSpecColumn } from "../shared/json-column.ts";
import type { JobPayload, QueueName } from "../shared/queues.ts";
import type { CartoonSpec } from "../shared/schemas/cartoon.ts";
import { fixture } from "../tests/helpers/images.ts";

const PHOTO_JOBS = Number(process.env.BENCH_PHOTO_JOBS ?? 16);
const TOONIFY_JOBS = Number(process.env.BENCH_TOONIFY_JOBS ?? 6);

const SPEC: CartoonSpec = {
  sex: 2,
  faceParams: { "eye.size": 0.8, "face.cheeks": 0.5, "chin.length": -0.4 },
  appearance: { skinTone: 0.2, hairColor: "#d9468f", eyeColor: "#3a7bd5" },
  outfit: "#ffd166",
  name: "Bench",
};

export const redisUrl = () => process.env.REDIS_URL ?? LOCAL_REDIS_URL;

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const check = setInterval(() => {
      if (/worker: processing/.test(output)) {
        clearInterval(check);
        resolve(child);
      } else if (child.exitCode !== null || Date.now() > deadline) {
        clearInterval(check);
        reject(new Error(`the worker did not start:\n${output}`));
      }
    }, 100);
  });
}

export async function benchJobs() {
  const url = redisUrl();
  if (!(await redisAnswers(url))) {
    console.log(`\nJobs per worker: skipped (no Redis at ${url})`);
    return null;
  }
  const prefix = `avalive-jobs-bench-${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-bench-jobs-"));
  const databaseUrl = `file:${path.join(dataDir, "app.db")}`;
  const env = {
    NODE_ENV: "production",
    // info: the worker says when it is processing
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: url,
    QUEUE_PREFIX: prefix,
  };
  migrate(databaseUrl);
  const db = createDb(databaseUrl);
  const storage = createStorage(loadEnv(env));
  await storage.ready();
  const runner = createBullRunner(redisOptions(url), prefix);
  const workers: ChildProcess[] = [];
  try {
    const user = await createUser(db, { vipType: "diamond" });
    const photoKey = await storage.put(fixture("astronaut.png"), "png");
    const glbKey = await storage.put(
      Buffer.from(
        exportGlb(buildAvatar({ sex: 2 }), {
          includeMorphs: false,
          weights: SPEC.faceParams as Record<string, number>,
          extras: { avatar: SPEC },
        }),
      ),
      "glb",
    );
    const source = await db.cartoonSource.create({
      data: { userId: user.id, key: glbKey, spec: cartoonSpecColumn.encode(SPEC) },
    });
    const payloads: { [Q in "photoClone" | "toonify"]: () => JobPayload<Q> } = {
      photoClone: () => ({ userId: user.id, sex: 2, photoKey, requestId: randomUUID(), name: "Bench" }),
      toonify: () => ({
        userId: user.id,
        sourceId: source.id,
        textureSize: 1024,
        pose: "A",
        requestId: randomUUID(),
        planName: "Bench",
      }),
    };
    /** A batch enqueued at once; jobs per minute from the first enqueue to the last answer. */
    const batch = async (queue: "photoClone" | "toonify", count: number) => {
      const started = performance.now();
      await Promise.all(
        Array.from({ length: count }, () =>
          runner.run(queue as QueueName, payloads[queue]() as never, { timeoutMs: 600_000 }),
        ),
      );
      return (count / (performance.now() - started)) * 60_000;
    };
    const measure = async () => ({
      photoClone: await batch("photoClone", PHOTO_JOBS),
      toonify: await batch("toonify", TOONIFY_JOBS),
    });
    const warm = async (n: number) => {
      await batch("photoClone", 2 * n);
      await batch("toonify", 2 * n);
    };

    console.log(
      `\nJobs per minute: one worker, then two against one Redis (this machine's ${os.availableParallelism()} cores; ${PHOTO_JOBS} photo clones, ${TOONIFY_JOBS} toonifies (1024 atlas) per batch)`,
    );
    workers.push(await startWorker(env));
    await warm(1);
    const one = await measure();
    workers.push(await startWorker(env));
    await warm(2);
    const two = await measure();
    console.log(`  ${"queue".padEnd(12)} ${"one worker".padStart(12)} ${"two workers".padStart(12)}   ratio`);
    const results: Record<string, { one: number; two: number; ratio: number }> = {};
    for (const queue of ["photoClone", "toonify"] as const) {
      results[queue] = { one: one[queue], two: two[queue], ratio: two[queue] / one[queue] };
      console.log(
        `  ${queue.padEnd(12)} ${one[queue].toFixed(1).padStart(12)} ${two[queue].toFixed(1).padStart(12)}   ${(two[queue] / one[queue]).toFixed(2)}x`,
      );
    }
    return results;
  } finally {
    for (const child of workers) child.kill("SIGTERM");
    await Promise.all(
      workers.map((child) => (child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null)),
    );
    await runner.close();
    await db.$disconnect();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchJobs();
  process.exit(0);
}
