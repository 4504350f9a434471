import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv, trustProxyOption } from "./env.ts";

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

describe("TRUST_PROXY (issue 45)", () => {
  it("believes no forwarded header by default, in production too", () => {
    expect(loadEnv({}).trustProxy).toBe(false);
    expect(loadEnv({ NODE_ENV: "production" }).trustProxy).toBe(false);
  });

  it("takes a hop count, or addresses, CIDRs and proxy-addr's names", () => {
    expect(loadEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8,uniquelocal" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "uniquelocal",
    ]);
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.1/8/2", "*"])
      expect(() => loadEnv({ TRUST_PROXY: bad })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });

  it("passes a hop count to Fastify as the nearest hops (Fastify 5 trusts no hop for a bare number)", () => {
    const option = trustProxyOption(2);
    expect(typeof option).toBe("function");
    const trust = option as (address: string, hop: number) => boolean;
    expect([trust("203.0.113.9", 0), trust("203.0.113.9", 1), trust("203.0.113.9", 2)]).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
  });

  it("leaves QUEUE_PREFIX to be derived when it is not given", () => {
    expect(loadEnv({})).toMatchObject({ QUEUE_PREFIX: "avalive", queuePrefixGiven: false });
    expect(loadEnv({ QUEUE_PREFIX: "site-a" })).toMatchObject({ QUEUE_PREFIX: "site-a", queuePrefixGiven: true });
  });
});
