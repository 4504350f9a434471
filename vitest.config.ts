import { defineConfig } from "vitest/config";

/**
 * One config, five projects: `npm test` runs them in order (unit, integration, integration-pg,
 * queue, e2e). Each integration file gets its own database (tests/helpers/app.ts).
 * How they share the 2 cores: docs/decisions/007-testing.md, "Speed".
 */
/**
 * Test files at once in the unit and integration projects. Vitest's default on these 2 cores ran
 * them one at a time; the files wait on the database, Redis and timers as much as on the CPU, so
 * three at once took the SQLite integration run from 194 s to 107 s, PostgreSQL's from 221 s to
 * 154 s and the unit run from 101 s to 52 s (four was no faster).
 */
const WORKERS = 3;
/**
 * Unit and integration files share their worker's module cache (no isolation): a file imported
 * the whole server afresh, 2 s of a loaded core each. 107 -> 59 s (SQLite), 140 -> 96 s
 * (PostgreSQL), 53 -> 37 s (unit); a shuffled file order passes too. Every file builds its own
 * app, database and stores, and a test that changes a global puts it back.
 */
const ISOLATE = false;
/**
 * E2E files two at a time, each with its own browser, against the one server: 720 -> 562 s, with
 * both cores busy throughout (so a third is no faster). The queue suite stays serial.
 */
const E2E_WORKERS = 2;

/** The integration suite, on SQLite or (with TEST_DATABASE=postgres in its env) on PostgreSQL. */
function integration(name: string, env: Record<string, string> = {}) {
  return {
    test: {
      name,
      include: ["tests/integration/**/*.test.ts"],
      env,
      maxWorkers: WORKERS,
      isolate: ISOLATE,
      globalSetup: ["tests/setup/template-db.ts"],
      setupFiles: ["tests/setup/console.ts"],
      // A loaded 2-core machine (load 5 to 20, as CI can be) stretched tests past 20 s (issue 45): the
      // timeout only catches a hang, so it is generous; tests wait on conditions, never on the clock.
      testTimeout: 60_000,
      // Seeding a file's database is a few hundred writes: on PostgreSQL each is a round trip, and
      // on a loaded 2-core machine the default 10 s was not enough.
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    reporters: ["default", "./tests/setup/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "shared/**/*.test.ts",
            "infra/**/*.test.ts",
            "server/**/*.test.ts",
            "worker/**/*.test.ts",
            "web/**/*.test.{ts,tsx}",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/setup/console.ts"],
          // Building an avatar mesh takes about 1 s alone; a loaded 2-core machine stretched it past 5 s,
          // and at load 5 to 20 past 15 s (issue 45): the timeout only catches a hang.
          testTimeout: 60_000,
          maxWorkers: WORKERS,
          isolate: ISOLATE,
        },
      },
      integration("integration"),
      // the same files on PostgreSQL (tests/helpers/pg.ts)
      integration("integration-pg", { TEST_DATABASE: "postgres" }),
      {
        test: {
          name: "queue",
          include: ["tests/queue/**/*.test.ts"],
          globalSetup: ["tests/setup/template-db.ts"],
          setupFiles: ["tests/setup/console.ts"],
          testTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/setup/template-db.ts", "tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: E2E_WORKERS,
          // A browser on a loaded 2-core CI machine sometimes misses a frame; a test that fails
          // twice in a row is a real failure (docs/decisions/007-testing.md, "Retries").
          retry: 2,
          // expect.poll waits up to 10 s for a page to reach a state (vitest's default is 1 s: on a
          // loaded 2-core machine a reload and its fetch can take longer, and a retry costs the
          // whole test again). A poll that passes returns at once, so passing tests are no slower.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
