/**
 * One contract, both storages: what infra/storage.ts promises is checked against a folder on disk
 * and against an S3 API (s3rver on a free port, its data in a temp folder). docs/decisions/033.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../infra/env.ts";
import { createDiskStorage, createStorage, ObjectMissingError, type Storage } from "../../infra/storage.ts";
import { type LocalS3, startS3 } from "../helpers/s3.ts";

let s3: LocalS3;
const folders: string[] = [];
let buckets = 0;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function onDisk(): Storage {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-storage-"));
  folders.push(folder);
  return createDiskStorage(path.join(folder, "media"));
}

async function onS3(prefix = ""): Promise<Storage> {
  const storage = createStorage(loadEnv(s3.env(`contract-${++buckets}`, prefix)));
  await storage.ready();
  return storage;
}

const bytes = (text: string) => Buffer.from(text);

describe.each([
  ["disk", async () => onDisk()],
  ["s3", () => onS3("media/")],
])("the %s storage", (kind, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
    await storage.ready();
  });
  afterAll(() => storage.close());

  it("is the kind it says", () => {
    expect(storage.kind).toBe(kind);
  });

  it("stores bytes under a new unguessable key with the extension, and reads them back", async () => {
    const a = await storage.put(bytes("first"), "png");
    const b = await storage.put(bytes("second"), "png");
    expect(a).toMatch(/^[A-Za-z0-9_-]{24}\.png$/);
    expect(b).not.toBe(a);
    expect((await storage.read(a)).toString()).toBe("first");
    expect((await storage.read(b)).toString()).toBe("second");
  });

  it("tells an object's size and type, and that it exists", async () => {
    const key = await storage.put(Buffer.alloc(1234, 7), "glb");
    expect(await storage.exists(key)).toBe(true);
    const info = await storage.stat(key);
    expect(info).toMatchObject({ size: 1234, contentType: "model/gltf-binary" });
    expect(info?.etag).toMatch(/^".+"$/);
  });

  it("streams an object with its size and type", async () => {
    const data = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31) & 0xff;
    const key = await storage.put(data, "jpg");
    const opened = await storage.open(key);
    expect(opened).toMatchObject({ size: data.length, contentType: "image/jpeg" });
    expect((await buffer(opened?.body as NodeJS.ReadableStream)).equals(data)).toBe(true);
  });

  it("puts at a chosen key and overwrites it whole (derived keys make retried jobs idempotent)", async () => {
    const source = await storage.put(bytes("original"), "png");
    const derived = `${source}.thumb256.webp`;
    await storage.putAt(derived, bytes("one"));
    await storage.putAt(derived, bytes("the second"));
    expect((await storage.read(derived)).toString()).toBe("the second");
    expect((await storage.stat(derived))?.size).toBe("the second".length);
    expect((await storage.stat(derived))?.contentType).toBe("image/webp");
  });

  it("answers a missing key as missing, everywhere", async () => {
    const key = "never-stored.png";
    await expect(storage.read(key)).rejects.toBeInstanceOf(ObjectMissingError);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it("removes an object", async () => {
    const key = await storage.put(bytes("gone soon"), "png");
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.read(key)).rejects.toBeInstanceOf(ObjectMissingError);
  });

  it("refuses keys it could not have made, before touching anything", async () => {
    for (const key of ["../escape.png", "a/b.png", "", ".hidden", "a..b", "sp ace.png", "x".repeat(201)]) {
      await expect((async () => storage.read(key))(), JSON.stringify(key)).rejects.toThrow(/invalid storage key/);
      await expect((async () => storage.putAt(key, bytes("x")))(), JSON.stringify(key)).rejects.toThrow(
        /invalid storage key/,
      );
    }
  });

  it("keeps parallel writes apart", async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => storage.put(bytes(`file ${i}`), "png")));
    expect(new Set(keys).size).toBe(20);
    const texts = await Promise.all(keys.map(async (key) => (await storage.read(key)).toString()));
    expect(texts).toEqual(keys.map((_, i) => `file ${i}`));
  });

  it("hands out a signed URL only where the store can serve by itself", async () => {
    const key = await storage.put(bytes("signed bytes"), "png");
    const url = await storage.signedUrl(key, 600);
    if (kind === "disk") {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/contract-\\d+/media/${key}\\?`));
    const parsed = new URL(url as string);
    expect(parsed.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    // valid for at least the time asked for, and the same URL within a window (browsers can cache it)
    expect(Number(parsed.searchParams.get("X-Amz-Expires"))).toBe(1200);
    expect(await storage.signedUrl(key, 600)).toBe(url);
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe("signed bytes");
  });
});

describe("the s3 storage's bucket and prefix", () => {
  it("keeps two prefixes of one bucket apart", async () => {
    const env = s3.env("shared-bucket");
    const one = createStorage(loadEnv({ ...env, S3_PREFIX: "one/" }));
    const two = createStorage(loadEnv({ ...env, S3_PREFIX: "two/" }));
    await one.ready();
    const key = await one.put(bytes("only in one"), "png");
    expect(await one.exists(key)).toBe(true);
    expect(await two.exists(key)).toBe(false);
    one.close();
    two.close();
  });

  it("stops the boot on a missing bucket unless asked to create it", async () => {
    const env = { ...s3.env("not-there-yet"), S3_CREATE_BUCKET: "false" };
    const storage = createStorage(loadEnv(env));
    await expect(storage.ready()).rejects.toThrow(/the bucket not-there-yet does not exist .*S3_CREATE_BUCKET=true/);
    const creating = createStorage(loadEnv({ ...env, S3_CREATE_BUCKET: "true" }));
    await creating.ready();
    await storage.ready();
    storage.close();
    creating.close();
  });
});
