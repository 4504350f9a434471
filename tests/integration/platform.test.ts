import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ HOST_ORIGINS: "https://host.example.com" });
});
afterAll(() => t.close());

describe("health", () => {
  it("reports the database and the queue", async () => {
    const res = await t.request.get("/web-api/health");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "ok",
      database: { ok: true },
      queue: { mode: "in-process", ok: true },
    });
  });
});

describe("security headers", () => {
  // The pages' set rides on every path outside /web-api/ (the web app's routes, its files, media).
  const PAGE = "/workbench/myplan";

  it("allow framing of the pages only by the configured hosts", async () => {
    const res = await t.request.get(PAGE);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self' https://host.example.com");
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    // the web app learns the same list from its config, to check where host messages come from
    const config = await t.request.get("/web-api/p1/base/config");
    expect(config.body.data.hostOrigins).toEqual(["https://host.example.com"]);
  });

  it("forbid framing of the pages altogether when no host is configured", async () => {
    const plain = await makeTestApp();
    try {
      const res = await plain.request.get(PAGE);
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    } finally {
      await plain.close();
    }
  });

  it("are the short API set on the API's answers, success or refusal", async () => {
    const answers = [
      await t.request.get("/web-api/p1/base/config"),
      await t.request.get("/web-api/v1/user/getUserInfo"), // 600, no token
      await t.request.get("/web-api/p1/nothing"), // 404
    ];
    for (const res of answers) {
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
      // nothing of the pages' set, and the rate limit's counters only on a 429
      expect(res.headers["x-frame-options"]).toBeUndefined();
      expect(res.headers["cross-origin-opener-policy"]).toBeUndefined();
      expect(res.headers["x-ratelimit-remaining"]).toBeUndefined();
    }
  });

  it("keep the pages' set on the OpenAPI pages under /web-api/docs", async () => {
    const res = await t.request.get("/web-api/docs/json");
    expect(res.headers["content-security-policy"]).not.toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("rate limits", () => {
  it("answers 429 in the envelope past the limit", async () => {
    const limited = await makeTestApp({ RATE_LIMIT_MAX: "3" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.request.get("/web-api/p1/base/config")).status);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.request.get("/web-api/p1/base/config").set("language", "EN");
      expect(res.body.code).toBe(429);
      expect(res.body.message).toMatch(/^Too many requests, please retry in \d+ seconds$/);
      expect(res.body.data).toBeNull();
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.headers["x-ratelimit-limit"]).toBe("3");
      expect(res.headers["x-ratelimit-remaining"]).toBe("0");
      const zh = await limited.request.get("/web-api/p1/base/config").set("language", "ZH_CN");
      expect(zh.body.message).toMatch(/^请求过于频繁/);
      // The web app's files and media are not the API: a page load is never limited.
      for (const path of ["/", "/assets/index.js", "/media/x.png"]) {
        expect((await limited.request.get(path)).status, path).not.toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe("code send limits", () => {
  const send = (app: TestApp, email: string, ip: string) =>
    app.app.inject({
      method: "GET",
      url: `/web-api/p1/uc/account/email/sendEmailCode?email=${encodeURIComponent(email)}`,
      remoteAddress: ip,
      headers: { language: "EN" },
    });

  it("count per target across addresses, and per address across targets", async () => {
    const limited = await makeTestApp({
      CODES_PER_TARGET_HOUR: "2",
      CODES_PER_IP_HOUR: "3",
      CODE_COOLDOWN_SECONDS: "0",
    });
    try {
      // one email, three addresses: the third send is refused
      const perTarget = [];
      for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"])
        perTarget.push((await send(limited, "one@example.test", ip)).json().code);
      expect(perTarget.slice(0, 2)).toEqual([200, 200]);
      expect(perTarget[2]).not.toBe(200);
      // one address, many emails: the fourth send is refused
      const perIp = [];
      for (const n of [1, 2, 3, 4]) perIp.push((await send(limited, `many${n}@example.test`, "10.0.0.9")).json().code);
      expect(perIp.slice(0, 3)).toEqual([200, 200, 200]);
      expect(perIp[3]).not.toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("AVALIVE_PROFILE=test raises them, so a suite can send many codes", async () => {
    const raised = await makeTestApp({
      AVALIVE_PROFILE: "test",
      SEND_RATE_LIMIT: "",
      LOGIN_RATE_LIMIT: "",
      CODES_PER_IP_HOUR: "",
    });
    try {
      expect(raised.env.CODES_PER_IP_HOUR).toBeGreaterThanOrEqual(10_000);
      const codes = [];
      for (let n = 0; n < 40; n++)
        codes.push((await send(raised, `suite${n % 3}@example.test`, "10.0.1.1")).json().code);
      expect(new Set(codes)).toEqual(new Set([200]));
    } finally {
      await raised.close();
    }
  });
});

describe("the OpenAPI document", () => {
  it("is generated from the route schemas", async () => {
    const res = await t.request.get("/web-api/docs/json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        "/web-api/health",
        "/web-api/p1/base/config",
        "/web-api/v1/base/file/upload",
        "/web-api/p1/uc/account/email/emailLogin",
      ]),
    );
  });

  it("has a browsable UI", async () => {
    const res = await t.request.get("/web-api/docs/").redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toContain("swagger");
  });
});

describe("the /dev area", () => {
  it("exists outside production", async () => {
    const res = await t.request.get("/dev");
    expect(res.body).toMatchObject({ code: 200, data: { environment: "test" } });
  });

  it("does not exist in production", async () => {
    const prod = await makeTestApp({ NODE_ENV: "production" });
    try {
      const res = await prod.request.get("/dev");
      expect(res.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe("a forced database error", () => {
  it("answers 500 without driver text, and health reports it", async () => {
    const broken = await makeTestApp();
    try {
      const user = await broken.user();
      await broken.db.$executeRawUnsafe('DROP TABLE "StoredFile"');
      const res = await broken.request.get("/web-api/v1/base/file/pageList").set("authorization", user.token);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 500,
        message: "The service is temporarily unavailable, please try again later",
        data: null,
      });
      expect(res.text).not.toMatch(/prisma|sqlite|StoredFile|no such table|stack|\.ts/i);

      await broken.db.$executeRawUnsafe('DROP TABLE "Session"');
      const login = await broken.request.get("/web-api/v1/base/account/getUserInfo").set("authorization", user.token);
      expect(login.status).toBe(500);
      expect(login.text).not.toMatch(/prisma|sqlite|Session|no such table/i);
    } finally {
      await broken.close();
    }
  });
});

describe("request logs", () => {
  it("carry the tracking ids", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logged = await makeTestApp({}, { logger: pino({ level: "info" }, stream) });
    try {
      await logged.request.get("/web-api/p1/base/config").set("web_id", "web-123").set("ssid", "ss-456");
      // one summary line per request, with the tracking ids and the fields for JSON readers
      const summaries = lines.filter((l) => String(l.msg).startsWith("GET /web-api/p1/base/config"));
      expect(summaries).toHaveLength(1);
      expect(summaries[0]?.msg).toMatch(/^GET \/web-api\/p1\/base\/config 200 \d+ ms$/);
      expect(summaries[0]).toMatchObject({ web_id: "web-123", ssid: "ss-456", statusCode: 200 });
    } finally {
      await logged.close();
    }
  });
});

describe("serving the web app", () => {
  it("answers app routes with index.html, files as they are, and unknown API paths with the envelope", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
    fs.writeFileSync(path.join(dist, "assets", "a.js"), "console.log(1)");
    const web = await makeTestApp({}, { webDist: dist });
    try {
      const home = await web.request.get("/");
      expect(home.status).toBe(200);
      expect(home.text).toContain("<title>app</title>");
      const page = await web.request.get("/workbench/myplan");
      expect(page.status).toBe(200);
      expect(page.text).toContain("<title>app</title>");
      const asset = await web.request.get("/assets/a.js");
      expect(asset.headers["cache-control"]).toContain("immutable");
      // a file written after start is served too (the web app can be rebuilt under a running server)
      fs.writeFileSync(path.join(dist, "assets", "b.js"), "console.log(2)");
      expect((await web.request.get("/assets/b.js")).status).toBe(200);
      const api = await web.request.get("/web-api/p1/nothing");
      expect(api.status).toBe(404);
      expect(api.body.code).toBe(404);
      expect((await web.request.post("/workbench")).status).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
