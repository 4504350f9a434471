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

  it("stops with one clear line on a bad value", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadEnv({ SITE: "mars" })).toThrow(/SITE/);
    expect(() => loadEnv({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
  });
});
