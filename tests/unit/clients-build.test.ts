/**
 * The client packages are reproducible (docs/decisions/024): the zip writer gives the same bytes
 * for the same files in any order and any time zone, and two whole builds of the same sources
 * give packages with the same SHA-256.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { buildClients, type PackageInput, zipPackage } from "../../scripts/build-clients.ts";
import { loadReleases, packageFileName } from "../../server/areas/downloads/releases.ts";
import { zipModes } from "../helpers/client.ts";

const text = (s: string) => new Uint8Array(Buffer.from(s));

function input(order: string[]): PackageInput {
  const all: Record<string, PackageInput["files"] extends Map<string, infer V> ? V : never> = {
    "server.mjs": { bytes: text("console.log('hi')\n"), executable: true },
    "app/index.html": { bytes: text("<!doctype html>") },
    "README.txt": { bytes: text("read me\r\n") },
  };
  return { root: "pkg-1.0.0", date: "2026-11-25", files: new Map(order.map((name) => [name, all[name] as never])) };
}

function inZone<T>(zone: string, run: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe("zipPackage", () => {
  it("gives the same bytes in any order and any time zone", () => {
    const names = ["server.mjs", "app/index.html", "README.txt"];
    const first = inZone("UTC", () => zipPackage(input(names)));
    for (const zone of ["Asia/Shanghai", "America/Los_Angeles", "Pacific/Kiritimati"]) {
      expect(Buffer.from(inZone(zone, () => zipPackage(input([...names].reverse())))).equals(Buffer.from(first))).toBe(
        true,
      );
    }
  });

  it("sorts the entries under one folder, with Unix permissions and the release date", () => {
    const zip = zipPackage(input(["server.mjs", "README.txt", "app/index.html"]));
    expect(Object.keys(unzipSync(zip))).toEqual([
      "pkg-1.0.0/README.txt",
      "pkg-1.0.0/app/index.html",
      "pkg-1.0.0/server.mjs",
    ]);
    const modes = zipModes(zip);
    expect(modes.get("pkg-1.0.0/server.mjs")).toBe(0o100755);
    expect(modes.get("pkg-1.0.0/README.txt")).toBe(0o100644);
    // DOS date of the first local header: 2026-11-25
    const dosDate = Buffer.from(zip).readUInt16LE(12);
    expect([(dosDate >> 9) + 1980, (dosDate >> 5) & 15, dosDate & 31]).toEqual([2026, 11, 25]);
  });
});

describe("buildClients", () => {
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "avalive-clients-repro-")));
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("builds every PC client twice to the same SHA-256", { timeout: 180_000 }, () => {
    const [a, b] = dirs.map((dir) => buildClients(dir).manifest);
    const pc = loadReleases().filter((r) => r.platform === "pc");
    expect(a?.packages.map((p) => p.file)).toEqual(pc.map(packageFileName));
    expect(b?.packages).toEqual(a?.packages);
    for (const p of a?.packages ?? []) {
      const [x, y] = dirs.map((dir) => fs.readFileSync(path.join(dir, "packages", p.file)));
      expect(x?.equals(y as Buffer), p.file).toBe(true);
      expect(x?.length).toBe(p.size);
    }
  });
});
