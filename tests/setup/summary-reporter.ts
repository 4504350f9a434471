import type { Reporter, TestModule } from "vitest/node";

/**
 * The retries a run may spend before it fails (docs/decisions/007-testing.md, "Retries"): a retry
 * hides a slow frame on a loaded machine, more than this many say something is flaky.
 * RETRY_BUDGET in the environment overrides it.
 */
export const RETRY_BUDGET = 2;

/**
 * Prints the plain closing line CI reads: "vitest: N passed, N failed, N skipped, N retried", and
 * before it every test that needed a retry (file, name, retries, how it ended), so a retry is never
 * hidden in the scroll. More retried tests than the budget fail the run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const retried: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries > 0)
          retried.push(
            `  retried ${retries}x, ${state}: ${module.relativeModuleId} > ${test.fullName.replaceAll(" > ", " › ")}`,
          );
      }
    }
    const budget = Number(process.env.RETRY_BUDGET ?? RETRY_BUDGET);
    if (retried.length) console.log(`\nTests that needed a retry (${retried.length}):\n${retried.join("\n")}`);
    console.log(
      `\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${retried.length} retried`,
    );
    if (retried.length > budget) {
      console.log(
        `vitest: ${retried.length} tests needed a retry, over the budget of ${budget} (decision 007): failing`,
      );
      process.exitCode = 1;
    }
  }
}
