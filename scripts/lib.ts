/** Steps `npm start`, `npm run dev` and the E2E harness share. */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { isPostgresUrl, sqliteFile } from "../infra/sql.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed (exit ${result.status})`);
}

/**
 * Apply every migration to the database at `url`: prisma/migrations on SQLite,
 * prisma/postgres/migrations on PostgreSQL (prisma.config.ts picks them by the URL).
 */
export function migrate(url: string) {
  fs.mkdirSync(path.join(ROOT, "data"), { recursive: true });
  if (url.startsWith("file:")) fs.mkdirSync(path.dirname(path.resolve(ROOT, url.slice(5))), { recursive: true });
  const result = spawnSync(bin("prisma"), ["migrate", "deploy"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`prisma migrate deploy failed:\n${result.stdout}\n${result.stderr}`);
  if (isPostgresUrl(url)) return;
  // WAL, kept in the file: the hot reads' connection never waits for a writer (infra/sql.ts).
  const db = new Database(sqliteFile(url));
  try {
    db.pragma("journal_mode = WAL");
  } finally {
    db.close();
  }
}

const WEB_INPUTS = ["web", "shared", "vite.config.ts", "package-lock.json", "index.html"];
const STAMP = path.join(ROOT, "web", "dist", ".build-hash");

function* walk(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === "dist" || name === "node_modules" || name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    yield* walk(path.join(entry, name));
  }
}

/** A hash of the files under these paths (relative to the root), their names included. */
export function sourceHash(inputs: readonly string[]): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of walk(path.join(ROOT, input))) {
      // the same name on every system, so the hash is too
      hash.update(path.relative(ROOT, file).split(path.sep).join("/"));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest("hex");
}

/** A hash of everything the web build reads. */
export function webSourceHash(): string {
  return sourceHash(WEB_INPUTS);
}

/** Run `vite <args>` unless `stamp` says it ran on exactly these sources. Returns whether it built. */
export function buildIfStale(build: { inputs: readonly string[]; stamp: string; args: string[] }): boolean {
  const hash = sourceHash(build.inputs);
  if (fs.existsSync(build.stamp) && fs.readFileSync(build.stamp, "utf8") === hash) return false;
  run(bin("vite"), [...build.args, "--logLevel", "warn"]);
  fs.writeFileSync(build.stamp, hash);
  return true;
}

/** Build the web app unless web/dist was built from exactly these sources. Returns whether it built. */
export function buildWebIfStale(): boolean {
  return buildIfStale({ inputs: WEB_INPUTS, stamp: STAMP, args: ["build"] });
}
