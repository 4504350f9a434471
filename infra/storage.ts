/** Files on disk under the media folder, addressed by unguessable keys. */

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export interface Storage {
  readonly root: string;
  /** Store bytes under a new random key ending in `.ext`. */
  put(bytes: Buffer, ext: string): Promise<string>;
  /** Store bytes under a key the caller chose (derived keys keep retried jobs idempotent). */
  putAt(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  pathOf(key: string): string;
}

const KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

export function createStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const putAt = async (key: string, bytes: Buffer) => {
    await fs.mkdir(root, { recursive: true });
    const target = pathOf(key);
    const temp = `${target}.${randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
  };
  return {
    root,
    pathOf,
    putAt,
    async put(bytes, ext) {
      const key = `${randomBytes(18).toString("base64url")}.${ext}`;
      await putAt(key, bytes);
      return key;
    },
    read: (key) => fs.readFile(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
