import { afterEach, beforeEach, vi } from "vitest";

/**
 * console.error in a test is a failure unless the test expects it: a test that expects one
 * replaces console.error with its own mock, and this check then stands aside.
 */
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  if (!spy) return;
  const calls = [...spy.mock.calls];
  const replaced = (console.error as unknown) !== spy;
  spy.mockRestore();
  spy = undefined;
  if (calls.length && !replaced) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});
