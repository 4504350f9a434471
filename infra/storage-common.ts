/** What both storages share: the interface, keys and media types (infra/storage.ts). */

import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";

export interface ObjectInfo {
  size: number;
  /** A strong validator of the bytes (quoted, as in an ETag header). */
  etag: string;
  contentType: string;
}

export interface OpenedObject extends ObjectInfo {
  body: Readable;
}

export interface Storage {
  readonly kind: "disk" | "s3";
  /** Store bytes under a new random key ending in `.ext`. */
  put(bytes: Buffer, ext: string): Promise<string>;
  /** Store bytes under a key the caller chose (derived keys keep retried jobs idempotent). */
  putAt(key: string, bytes: Buffer): Promise<void>;
  /** The whole object; rejects with ObjectMissingError when there is none. */
  read(key: string): Promise<Buffer>;
  /** The object's size, validator and type, or null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** The object as a stream with its size and type, or null when there is none. */
  open(key: string): Promise<OpenedObject | null>;
  /** Removing a key that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /**
   * A URL the object can be fetched at without the server, valid for at least `validSeconds`
   * (null where the store has no such URLs: on disk the server serves the bytes itself).
   */
  signedUrl(key: string, validSeconds: number): Promise<string | null>;
  /** Check the store can be used (the folder is writable, the bucket is there); run at boot. */
  ready(): Promise<void>;
  close(): void;
}

export class ObjectMissingError extends Error {
  readonly code = "ENOENT";
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = "ObjectMissingError";
  }
}

const KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** Is this a key the storage could have made? (`..`, slashes and empty segments never are) */
export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key);
}

export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

export const newKey = (ext: string) => `${randomBytes(18).toString("base64url")}.${ext}`;

/** A store from what each kind does itself: `put` (a new random key) and `exists` follow from the rest. */
export function storageOf(own: Omit<Storage, "put" | "exists">): Storage {
  return {
    ...own,
    async put(bytes, ext) {
      const key = newKey(ext);
      await own.putAt(key, bytes);
      return key;
    },
    exists: async (key) => (await own.stat(key)) !== null,
  };
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  glb: "model/gltf-binary",
  gltf: "model/gltf+json",
  json: "application/json",
  wav: "audio/wav",
};

/** The media type of a key, by its last extension (keys are made here: the extension is ours). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[ext] ?? "application/octet-stream";
}
