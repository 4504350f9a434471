/**
 * The download centre's two files: clients/releases.yaml (under version control: versions, dates,
 * requirements and notes in three languages) and clients/dist/manifest.json (written by
 * `npm run clients`: what was built, its size and SHA-256). The server and the build script both
 * read them through here. docs/decisions/024-client-downloads.md.
 */

import fs from "node:fs";
import path from "node:path";
import type { Static } from "typebox";
import * as Type from "typebox";
import { Value } from "typebox/value";
import YAML from "yaml";

export const CLIENTS_ROOT = path.resolve(import.meta.dirname, "../../../clients");
export const RELEASES_FILE = path.join(CLIENTS_ROOT, "releases.yaml");
export const CLIENTS_DIST = path.join(CLIENTS_ROOT, "dist");
export const MANIFEST_NAME = "manifest.json";
/** Where the packages are in the build folder. */
export const PACKAGES_DIR = "packages";
/** The scene the thin (cloud) client loads from the server, as the server hosts it (/clients/scene/). */
export const SCENE_DIR = "scene";

const Text = Type.String({ minLength: 1 });
const Texts = Type.Object({ EN: Text, ZH_CN: Text, ZH_TN: Text });
const List = Type.Array(Text, { minItems: 1 });
const Lists = Type.Object({ EN: List, ZH_CN: List, ZH_TN: List });

export const Release = Type.Object({
  id: Type.String({ pattern: "^[a-z0-9-]+$" }),
  platform: Type.Union([Type.Literal("pc"), Type.Literal("ios")]),
  rendering: Type.Optional(Type.Union([Type.Literal("local"), Type.Literal("cloud")])),
  version: Type.String({ pattern: "^\\d+\\.\\d+\\.\\d+$" }),
  date: Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" }),
  /** PC clients: the package's base name; the file is `<package>-<version>.zip`. */
  package: Type.Optional(Type.String({ pattern: "^[a-z0-9-]+$" })),
  name: Texts,
  summary: Texts,
  requirements: Lists,
  notes: Lists,
});
export type Release = Static<typeof Release>;

const Releases = Type.Object({ clients: Type.Array(Release, { minItems: 1 }) });

export const ManifestPackage = Type.Object({
  id: Type.String(),
  version: Type.String(),
  file: Type.String(),
  size: Type.Integer({ minimum: 1 }),
  sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
});
export type ManifestPackage = Static<typeof ManifestPackage>;

export const Manifest = Type.Object({
  /** When the packages were built (not part of any package: their bytes depend on the sources only). */
  builtAt: Type.String(),
  /** The hash of the sources they were built from (scripts/build-clients.ts). */
  sourceHash: Type.String(),
  packages: Type.Array(ManifestPackage),
});
export type Manifest = Static<typeof Manifest>;

/** The file name of a PC client's package. */
export const packageFileName = (release: Release) => `${release.package}-${release.version}.zip`;

/** Read and check clients/releases.yaml; a bad file stops with a line that says what is wrong. */
export function loadReleases(file = RELEASES_FILE): Release[] {
  const parsed: unknown = YAML.parse(fs.readFileSync(file, "utf8"));
  if (!Value.Check(Releases, parsed)) {
    const [first] = Value.Errors(Releases, parsed);
    throw new Error(`${path.basename(file)}: ${first?.instancePath || "/"} ${first?.message ?? "is invalid"}`);
  }
  const ids = new Set<string>();
  for (const release of parsed.clients) {
    if (ids.has(release.id)) throw new Error(`${path.basename(file)}: the id ${release.id} is used twice`);
    ids.add(release.id);
    if (release.platform === "pc" && (!release.package || !release.rendering)) {
      throw new Error(`${path.basename(file)}: the PC client ${release.id} needs a package and a rendering`);
    }
    if (Number.isNaN(Date.parse(`${release.date}T00:00:00Z`))) {
      throw new Error(`${path.basename(file)}: ${release.id} has no real date (${release.date})`);
    }
  }
  return parsed.clients;
}

/** The manifest of a build folder, or null when there is none (or it is not one). */
export function readManifest(dir: string): Manifest | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_NAME), "utf8"));
    return Value.Check(Manifest, parsed) ? parsed : null;
  } catch {
    return null;
  }
}
