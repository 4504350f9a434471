import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("has defaults for a fresh machine", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      SITE: "intl",
      JOBS_MODE: "auto",
      EMBEDDED_WORKER: true,
    });
    expect(env.DATABASE_URL).toBe(`file:${path.resolve("data", "app.db")}`);
    expect(env.hostOrigins).toEqual([]);
  });

  it("converts and splits values", () => {
    const env = loadEnv({
      PORT: "8080",
      EMBEDDED_WORKER: "false",
      HOST_ORIGINS: "https://a.example, https://b.example",
    });
    expect(env.PORT).toBe(8080);
    expect(env.EMBEDDED_WORKER).toBe(false);
    expect(env.hostOrigins).toEqual(["https://a.example", "https://b.example"]);
  });

  it("keeps host origins canonical and refuses what is not an origin", () => {
    const env = loadEnv({ HOST_ORIGINS: "https://A.example:443/, http://b.example:8080,https://a.example" });
    expect(env.hostOrigins).toEqual(["https://a.example", "http://b.example:8080"]);
    for (const bad of ["a.example", "https://a.example/path", "null", "ftp://a.example", "https://*.a.example"])
      expect(() => loadEnv({ HOST_ORIGINS: bad }), bad).toThrow(/^Invalid environment variable HOST_ORIGINS: /);
  });

  it("stops with one clear line on a bad value", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadEnv({ SITE: "mars" })).toThrow(/SITE/);
    expect(() => loadEnv({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
  });
  it("raises every limit under AVALIVE_PROFILE=test, unless a value is given", () => {
    const plain = loadEnv({});
    expect(plain.AVALIVE_PROFILE).toBe("default");
    expect(plain.RATE_LIMIT_MAX).toBe(600);
    expect(plain.CODE_COOLDOWN_SECONDS).toBe(60);
    const test = loadEnv({ AVALIVE_PROFILE: "test", LOGIN_RATE_LIMIT: "50" });
    expect(test.RATE_LIMIT_MAX).toBe(100_000);
    expect(test.SEND_RATE_LIMIT).toBe(10_000);
    expect(test.CODES_PER_IP_HOUR).toBe(100_000);
    expect(test.CODES_PER_TARGET_HOUR).toBe(10_000);
    expect(test.CODE_COOLDOWN_SECONDS).toBe(0);
    expect(test.LOGIN_RATE_LIMIT).toBe(50);
  });
});

describe("storage variables", () => {
  it("default to files on disk, served through the server", () => {
    expect(loadEnv({})).toMatchObject({
      STORAGE: "disk",
      MEDIA_URLS: "proxy",
      S3_PREFIX: "",
      S3_FORCE_PATH_STYLE: false,
    });
  });

  it("take an S3 bucket, and refuse settings that do not go together", () => {
    const env = loadEnv({
      STORAGE: "s3",
      S3_BUCKET: "avalive-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      MEDIA_URLS: "signed",
    });
    expect(env).toMatchObject({ STORAGE: "s3", S3_FORCE_PATH_STYLE: true, MEDIA_URLS: "signed" });
    expect(() => loadEnv({ STORAGE: "s3" })).toThrow(/^Invalid environment variable S3_BUCKET: /);
    expect(() => loadEnv({ STORAGE: "s3", S3_BUCKET: "No_Such" })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /^Invalid environment variable S3_SECRET_ACCESS_KEY: /,
    );
    expect(() => loadEnv({ MEDIA_URLS: "signed" })).toThrow(/^Invalid environment variable MEDIA_URLS: /);
    expect(() => loadEnv({ STORAGE: "gcs" })).toThrow(/STORAGE/);
    expect(() => loadEnv({ S3_PREFIX: "../" })).toThrow(/S3_PREFIX/);
  });
});
