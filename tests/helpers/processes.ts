/** A product process (the server, the worker) started for a test, its output collected. */

import { type ChildProcess, spawn } from "node:child_process";
import { ROOT } from "../../scripts/lib.ts";

export interface TestProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Until the output matches; fails if the process exits first or the time runs out. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  output(): string;
}

const children: ChildProcess[] = [];

/**
 * Node itself with tsx's loader, not the tsx CLI: the CLI relays signals to a child node process,
 * and under load a SIGTERM could reach it before it knew the child handles the signal (exit 143).
 * In its own process group, so that killAll() takes everything it started.
 */
export function startProcess(entry: string, env: Record<string, string>): TestProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
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
    for (;;) {
      const match = output.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`never saw ${pattern}:\n${output}`);
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

/** Kill every process started here that still runs, with its whole group. */
export function killAll(): void {
  for (const child of children.splice(0)) if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
}
