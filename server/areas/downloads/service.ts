/**
 * The download centre: the entries of clients/releases.yaml, each PC client with the package
 * `npm run clients` built for it. A package is offered only when the bytes on disk are the ones
 * its manifest names (size and SHA-256, checked here); those very bytes are what the file route
 * sends, so the checksum on the page is the checksum of the download. docs/decisions/024.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Language } from "../../../shared/constants.ts";
import { fillPath } from "../../../shared/endpoint.ts";
import { endpoints } from "../../../shared/endpoints.ts";
import { translate } from "../../../shared/messages.ts";
import type { DownloadEntry } from "../../../shared/schemas/downloads.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { CLIENTS_DIST, loadReleases, PACKAGES_DIR, packageFileName, type Release, readManifest } from "./releases.ts";

/** A package as served: the bytes read, and their checksum. */
export interface ServedPackage {
  name: string;
  bytes: Buffer;
  size: number;
  sha256: string;
}

interface Cached extends ServedPackage {
  /** The file's size, modification time and expected checksum when it was read. */
  key: string;
}

export function downloadUrl(name: string): string {
  return fillPath(endpoints.downloadFile.path, { name });
}

export function createDownloadService(deps: Pick<Deps, "env"> & { log: { error(obj: object, msg: string): void } }) {
  const { env, log } = deps;
  const dir = path.resolve(env.CLIENTS_DIR ?? CLIENTS_DIST);
  // read once, at boot: a broken file stops the server with a line that says what is wrong
  const releases = loadReleases();
  const byFile = new Map(releases.filter((r) => r.package).map((r) => [packageFileName(r), r]));
  const cache = new Map<string, Cached>();

  /** The release's package if the file on disk is exactly what its manifest says, else null. */
  async function verified(release: Release): Promise<ServedPackage | null> {
    const name = packageFileName(release);
    const built = readManifest(dir)?.packages.find(
      (p) => p.id === release.id && p.version === release.version && p.file === name,
    );
    if (!built) return null;
    const file = path.join(dir, PACKAGES_DIR, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const key = `${stat.size}:${stat.mtimeMs}:${built.sha256}`;
    const hit = cache.get(name);
    if (hit?.key === key) return hit;
    const bytes = await fs.promises.readFile(file);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (sha256 !== built.sha256 || bytes.length !== built.size) {
      cache.delete(name);
      log.error(
        { file, expected: built.sha256, actual: sha256, size: bytes.length },
        "client package does not match its manifest: not offered",
      );
      return null;
    }
    const served: Cached = { key, name, bytes, size: bytes.length, sha256 };
    cache.set(name, served);
    return served;
  }

  async function entry(release: Release, language: Language): Promise<DownloadEntry> {
    const pkg = release.platform === "pc" ? await verified(release) : null;
    return {
      id: release.id,
      platform: release.platform,
      rendering: release.rendering ?? null,
      name: release.name[language],
      summary: release.summary[language],
      version: release.version,
      releasedAt: release.date,
      requirements: release.requirements[language],
      notes: release.notes[language],
      file: pkg ? { name: pkg.name, size: pkg.size, sha256: pkg.sha256, url: downloadUrl(pkg.name) } : null,
      unavailable: release.platform === "pc" && !pkg ? translate("downloadUnavailable", language) : null,
      storeUrl: release.platform === "ios" ? env.IOS_APP_STORE_URL : null,
    };
  }

  return {
    list(language: Language): Promise<DownloadEntry[]> {
      return Promise.all(releases.map((release) => entry(release, language)));
    },

    /** The package of this file name, checked; an unknown name 1601, one not on disk (or altered) 1602. */
    async file(name: string): Promise<ServedPackage> {
      const release = byFile.get(name);
      if (!release) throw new BizError("DOWNLOAD_NOT_FOUND");
      const pkg = await verified(release);
      if (!pkg) throw new BizError("DOWNLOAD_UNAVAILABLE");
      return pkg;
    },
  };
}
