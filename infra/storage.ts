/**
 * Media files (uploads, thumbnails, portraits, GLBs and their textures) addressed by unguessable
 * keys, behind one interface with two implementations: a folder on disk (the default) and an
 * S3-compatible bucket (STORAGE=s3, infra/storage-s3.ts). Nothing outside infra/ sees a path:
 * callers store and read bytes, open a stream, ask for a size or a signed URL.
 * docs/decisions/005-media-storage.md, docs/decisions/033-object-storage.md.
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { AppEnv } from "./env.ts";
import {
  checkKey,
  contentTypeOf,
  type ObjectInfo,
  ObjectMissingError,
  type Storage,
  storageOf,
} from "./storage-common.ts";
import { createS3Storage } from "./storage-s3.ts";

export * from "./storage-common.ts";

/** The media folder on disk. Writes go to a temporary file renamed into place. */
export function createDiskStorage(root: string): Storage {
  const pathOf = (key: string) => path.join(root, checkKey(key));
  const putAt = async (key: string, bytes: Buffer) => {
    await fs.mkdir(root, { recursive: true });
    const target = pathOf(key);
    const temp = `${target}.${randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
  };
  const stat = async (key: string): Promise<ObjectInfo | null> => {
    const info = await fs.stat(pathOf(key)).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      contentType: contentTypeOf(key),
    };
  };
  return storageOf({
    kind: "disk",
    putAt,
    async read(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ObjectMissingError(key);
        throw error;
      }
    },
    stat,
    async open(key) {
      const file = await fs.open(pathOf(key)).catch(() => null);
      if (!file) return null;
      const info = await file.stat();
      if (!info.isFile()) {
        await file.close();
        return null;
      }
      // The stream reads the file it was opened on: a file replaced meanwhile is sent whole, as it was.
      const body = file.createReadStream();
      return {
        body,
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        contentType: contentTypeOf(key),
      };
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    signedUrl: async () => null,
    async ready() {
      await fs.mkdir(root, { recursive: true });
    },
    close() {},
  });
}

/** The storage the environment describes: STORAGE=disk (DATA_DIR/media) or STORAGE=s3. */
export function createStorage(env: AppEnv): Storage {
  if (env.STORAGE === "s3") return createS3Storage(env);
  return createDiskStorage(env.mediaDir);
}
