/**
 * Run a downloaded PC client package the way a streamer does: unzip it, then start its launcher
 * (server.mjs) with Node on a free port, its own settings folder, and the given Avalive server.
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { freePort } from "../../scripts/serve.ts";

/** The Unix permissions each entry carries in the zip's central directory (what `unzip` restores). */
export function zipModes(bytes: Uint8Array): Map<string, number> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const modes = new Map<string, number>();
  for (let at = 0; at + 46 <= bytes.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString("utf8");
    // made by Unix (3): the high 16 bits of the external attributes are the mode
    if (view.getUint8(at + 5) === 3) modes.set(name, view.getUint32(at + 38, true) >>> 16);
    at += 45 + nameLength;
  }
  return modes;
}

/** Unzip into a fresh folder, with the permissions; returns the package's own folder (the zip's single root). */
export function unzipPackage(bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-client-"));
  const modes = zipModes(bytes);
  const entries = unzipSync(bytes);
  const roots = new Set(Object.keys(entries).map((name) => name.split("/")[0]));
  if (roots.size !== 1) throw new Error(`the package has ${roots.size} top folders, not one`);
  for (const [name, data] of Object.entries(entries)) {
    const file = path.join(dir, ...name.split("/"));
    if (!file.startsWith(dir + path.sep)) throw new Error(`unsafe entry ${name}`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    const mode = modes.get(name);
    if (mode) fs.chmodSync(file, mode & 0o777);
  }
  return path.join(dir, [...roots][0] as string);
}

export interface RunningClient {
  url: string;
  port: number;
  home: string;
  output(): string;
  stop(): Promise<void>;
}

/** `node server.mjs --server <server> --port <free>`; resolves once it listens. */
export async function startClient(folder: string, server: string): Promise<RunningClient> {
  const port = await freePort();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-client-home-"));
  let log = "";
  const child: ChildProcess = spawn(process.execPath, ["server.mjs", "--server", server, "--port", String(port)], {
    cwd: folder,
    env: { ...process.env, AVALIVE_CLIENT_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // never outlive the test run, even one that is cut short
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const deadline = Date.now() + 15_000;
  while (!log.includes("Client page:")) {
    if (child.exitCode !== null) throw new Error(`the client exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`the client did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    home,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(path.dirname(folder), { recursive: true, force: true });
    },
  };
}
