/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, s3rver in the tests) through @aws-sdk/client-s3.
 * The SDK (about 150 ms to load) is loaded on first use, so processes on disk storage never pay
 * for it. Keys are the same as on disk, under S3_PREFIX. docs/decisions/033-object-storage.md.
 */

import type { Readable } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { AppEnv } from "./env.ts";
import {
  checkKey,
  contentTypeOf,
  type ObjectInfo,
  ObjectMissingError,
  type Storage,
  storageOf,
} from "./storage-common.ts";

export type S3Settings = Pick<
  AppEnv,
  | "S3_ENDPOINT"
  | "S3_PUBLIC_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_PREFIX"
  | "S3_CREATE_BUCKET"
> & { S3_BUCKET?: string };

/** What media files answer with, once fetched straight from the bucket (signed URLs). */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

type Sdk = typeof import("@aws-sdk/client-s3");

/** The SDK's "no such key" (GetObject) or a bare 404 (HeadObject has no body to name it). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export function createS3Storage(settings: S3Settings): Storage {
  const bucket = settings.S3_BUCKET;
  if (!bucket) throw new Error("Invalid environment variable S3_BUCKET: STORAGE=s3 needs a bucket");
  const objectKey = (key: string) => `${settings.S3_PREFIX}${checkKey(key)}`;

  const config = (endpoint: string | undefined): S3ClientConfig => ({
    region: settings.S3_REGION,
    endpoint,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where the API requires them: S3-compatible servers differ in which they know.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });

  let loaded: Promise<{ sdk: Sdk; client: S3Client; signer: S3Client }> | undefined;
  const load = () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => {
      const client = new sdk.S3Client(config(settings.S3_ENDPOINT));
      // Signing makes no request: a second client only so that URLs name the public address.
      const signer = settings.S3_PUBLIC_ENDPOINT ? new sdk.S3Client(config(settings.S3_PUBLIC_ENDPOINT)) : client;
      return { sdk, client, signer };
    });
    return loaded;
  };

  const putAt = async (key: string, bytes: Buffer) => {
    const { sdk, client } = await load();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentTypeOf(key),
        CacheControl: CACHE_CONTROL,
      }),
    );
  };

  const stat = async (key: string): Promise<ObjectInfo | null> => {
    const { sdk, client } = await load();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${key}"`, contentType: contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return storageOf({
    kind: "s3",
    putAt,
    async read(key) {
      const { sdk, client } = await load();
      try {
        const got = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!got.Body) throw new ObjectMissingError(key);
        return Buffer.from(await got.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new ObjectMissingError(key);
        throw error;
      }
    },
    stat,
    async open(key) {
      const { sdk, client } = await load();
      try {
        const got = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!got.Body) return null;
        return {
          // In Node the body is the response stream itself (an IncomingMessage).
          body: got.Body as Readable,
          size: got.ContentLength ?? 0,
          etag: got.ETag ?? `"${key}"`,
          contentType: contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await load();
      // S3 answers a delete of a missing key with 204, like `rm -f`.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async signedUrl(key, validSeconds) {
      const { sdk, signer } = await load();
      const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
      // Signed at the start of a window of `validSeconds`, valid for two: the URL stays the same
      // within a window (so the browser's cache of the object is used), and is always valid for
      // at least `validSeconds` more when handed out.
      const now = Date.now();
      const windowMs = validSeconds * 1000;
      const signingDate = new Date(now - (now % windowMs));
      return getSignedUrl(signer, new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), {
        expiresIn: validSeconds * 2,
        signingDate,
      });
    },
    async ready() {
      const { sdk, client } = await load();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (!settings.S3_CREATE_BUCKET)
          throw new Error(`the bucket ${bucket} does not exist (create it, or set S3_CREATE_BUCKET=true)`);
        await client.send(new sdk.CreateBucketCommand({ Bucket: bucket }));
      }
    },
    close() {
      void loaded?.then(({ client, signer }) => {
        client.destroy();
        if (signer !== client) signer.destroy();
      });
    },
  });
}
