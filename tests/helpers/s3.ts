/**
 * A real S3 API on a free port for the tests: s3rver (pure JavaScript, files in a temp folder).
 * It speaks the S3 REST protocol the AWS SDK uses; it does not check signatures' secrets, so
 * what a signature guards is tested against MinIO (docker compose's scale profile), not here.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// The SDK warns once per process that its 2027 releases will need Node 22; these tests know.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

export interface LocalS3 {
  endpoint: string;
  /** The S3_* variables for a storage on this server: path style, its fixed keys, this bucket. */
  env(bucket: string, prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (bucket, prefix = "") => ({
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: prefix,
      S3_CREATE_BUCKET: "true",
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
