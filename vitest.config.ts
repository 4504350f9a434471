import { defineConfig } from "vitest/config";

/**
 * One config, four projects: `npm test` runs them in order (unit, integration, queue, e2e).
 * Each integration file gets its own SQLite database (tests/helpers/app.ts).
 */
/**
 * Test files at once in the unit and integration projects. Vitest's default on these 2 cores ran
 * them one at a time; the files wait on the database, Redis and timers as much as on the CPU, so
 * three at once took the SQLite integration run from 194 s to 107 s, PostgreSQL's from 221 s to
 * 154 s and the unit run from 101 s to 52 s (four was no faster). E2E and queue stay serial.
 */
const WORKERS = 3;

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
          // Building an avatar mesh takes about 1 s alone; a loaded 2-core machine stretched it past 5 s.
          testTimeout: 15_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          maxWorkers: WORKERS,
          globalSetup: ["tests/setup/template-db.ts"],
          setupFiles: ["tests/setup/console.ts"],
          testTimeout: 20_000,
          // Seeding a file's database is a few hundred writes: on PostgreSQL (TEST_DATABASE=postgres)
          // each is a round trip, and on a loaded 2-core machine the default 10 s was not enough.
          hookTimeout: 60_000,
        },
      },
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
          fileParallelism: false,
          // A browser on a loaded 2-core CI machine sometimes misses a frame; a test that fails
          // twice in a row is a real failure (docs/decisions/007-testing.md, "Retries").
          retry: 2,
        },
      },
    ],
  },
});
