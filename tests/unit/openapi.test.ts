/**
 * The served OpenAPI document (server/openapi.ts, docs/decisions/047): `redocly lint` with the
 * recommended ruleset, and the properties a generated client relies on. About 6 s: building the
 * app (2 s) and the redocly process (3 s).
 */

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../infra/env.ts";
import { buildApp } from "../../server/app.ts";
import type { App } from "../../server/types.ts";
import { CODES } from "../../shared/codes.ts";
import type { Endpoint } from "../../shared/endpoint.ts";
import { endpoints } from "../../shared/endpoints.ts";

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  security: Json[];
  parameters?: Json[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");

let app: App;
let dataDir: string;
let doc: { paths: Record<string, Record<string, Operation>>; components: Json; servers: Json[] };
let file: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-openapi-"));
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
    JOBS_MODE: "in-process",
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
    LOG_LEVEL: "silent",
  });
  app = await buildApp({ env, webDist: null });
  await app.ready();
  const res = await app.inject({ method: "GET", url: "/web-api/docs/json" });
  doc = res.json();
  file = path.join(dataDir, "openapi.json");
  fs.writeFileSync(file, res.body);
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method, op })),
  );

/** Every schema node under `schema`, with where it is. */
function* nodes(schema: unknown, at: string): Generator<[Json, string]> {
  if (!schema || typeof schema !== "object") return;
  yield [schema as Json, at];
  for (const [key, value] of Object.entries(schema)) {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* nodes(v, `${at}.${key}[${i}]`);
    else if (typeof value === "object") yield* nodes(value, `${at}.${key}`);
  }
}

/** What a client may send: parameters and request bodies. */
function* inputs(): Generator<[Json, string]> {
  for (const { path: p, method, op } of operations()) {
    for (const parameter of op.parameters ?? [])
      if (parameter.schema) yield* nodes(parameter.schema, `${method} ${p} ${parameter.in}.${parameter.name}`);
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
      yield* nodes(media.schema, `${method} ${p} body(${type})`);
  }
}

describe("the served OpenAPI document", () => {
  it("passes redocly lint (recommended) with no errors and no warnings", async () => {
    const redocly = path.join(ROOT, "node_modules/.bin/redocly");
    const run = promisify(execFile);
    const { stdout } = await run(
      redocly,
      ["lint", "--extends", "recommended", "--format", "json", "--max-problems", "10000", file],
      { cwd: dataDir },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const where = (p: (typeof report.problems)[number]) =>
      `${p.ruleId} ${
        decodeURIComponent(p.location[0]?.pointer ?? "")
          .replace(/^#\/paths\//, "")
          .replaceAll("~1", "/")
          .split("/get")[0]
      }`;
    expect(report.problems.filter((p) => p.severity === "error").map(where)).toEqual([]);
    expect(report.problems.filter((p) => p.severity === "warn").map(where)).toEqual([]);
  }, 60_000);

  it("is the document the server serves, OpenAPI 3.1 with a server", () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: "/", description: expect.any(String) }]);
  });

  it("names every operation of the endpoint table by its entry, with the token or key it takes", () => {
    const table = Object.entries(endpoints) as [string, Endpoint][];
    for (const [name, entry] of table) {
      const op = doc.paths[entry.path.replace(/:(\w+)/g, "{$1}")]?.[entry.method.toLowerCase()];
      expect(op?.operationId, entry.path).toBe(name);
      const expected =
        entry.auth === "v1"
          ? [{ token: [] }]
          : entry.streamKey
            ? [{ streamKey: [] }, { streamKeyQuery: [] }]
            : entry.token
              ? [{}, { token: [] }]
              : [];
      expect(op?.security, name).toEqual(expected);
      if (entry.multipart) expect(Object.keys(op?.requestBody?.content ?? {}), name).toEqual(["multipart/form-data"]);
    }
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares an answer for every status and the codes each may carry", () => {
    for (const { path: p, method, op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status === "204" || status === "304" || "$ref" in answer) continue;
        const content = answer.content as Record<string, { schema: Json }> | undefined;
        expect(content, `${method} ${p} ${status}`).toBeDefined();
      }
      expect(Object.keys(op.responses), `${method} ${p}`).toContain("500");
    }
    // every v1 call may answer 600; its uploads name the file field
    const upload = doc.paths["/web-api/v1/douyin/customRole/createPhoto/{sex}"]?.post;
    const form = upload?.requestBody?.content["multipart/form-data"]?.schema as { required: string[] };
    expect(form.required).toContain("file");
    const ok = JSON.stringify(upload?.responses["200"]);
    for (const code of [600, CODES.PHOTO_TOO_LARGE.code, CODES.PHOTO_NO_FACE.code]) expect(ok).toContain(String(code));
  });

  it("bounds every number a client may send, and every path parameter's length", () => {
    const unbounded = [...inputs()]
      .filter(([n]) => (n.type === "integer" || n.type === "number") && !n.enum && n.const === undefined)
      .filter(([n]) => n.minimum === undefined || n.maximum === undefined)
      .map(([, at]) => at);
    expect(unbounded).toEqual([]);
    const longPaths = operations().flatMap(({ path: p, method, op }) =>
      (op.parameters ?? [])
        .filter((x) => x.in === "path")
        .filter((x) => {
          const s = x.schema as Json;
          return s.type === "string" && typeof s.maxLength !== "number";
        })
        .map((x) => `${method} ${p} ${x.name}`),
    );
    expect(longPaths).toEqual([]);
  });

  it("marks no parameter or field required that the server defaults", () => {
    const wrong: string[] = [];
    for (const { path: p, method, op } of operations()) {
      for (const parameter of op.parameters ?? [])
        if (parameter.required && (parameter.schema as Json | undefined)?.default !== undefined)
          wrong.push(`${method} ${p} ${parameter.name}`);
    }
    for (const [node, at] of inputs()) {
      const properties = node.properties as Record<string, Json> | undefined;
      for (const name of (node.required as string[] | undefined) ?? [])
        if (properties?.[name]?.default !== undefined) wrong.push(`${at}.${name}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("the codes the endpoint table declares", () => {
  /**
   * Codes no operation answers: said only on the live sockets (docs/api.md, "Live studio"), by the
   * studio's operator command (`npm run custom`), or inside a payment notification (answered in the
   * provider's protocol).
   */
  const NOT_ANSWERED = new Set([
    "FACE_FRAME_INVALID",
    "CLOUD_TICKET_INVALID",
    "CLOUD_RENDER_FAILED",
    "BAD_REQUEST",
    "CUSTOM_STATE_REFUSED",
    "CUSTOM_QUOTE_INVALID",
    "CUSTOM_REASON_REQUIRED",
    "PAY_ERROR",
  ]);

  it("cover every business code the server and worker raise", () => {
    const declared = new Set(Object.values(endpoints).flatMap((e: Endpoint) => e.codes));
    declared.add("TOKEN_INVALID");
    const raised = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const text = fs.readFileSync(full, "utf8");
          for (const m of text.matchAll(/(?:BizError|PermanentJobError)\([^)]*?"([A-Z_]+)"/g))
            raised.add(m[1] as string);
          for (const m of text.matchAll(/BizError\(\w+ \? "([A-Z_]+)" : "([A-Z_]+)"\)/g)) {
            raised.add(m[1] as string);
            raised.add(m[2] as string);
          }
        }
      }
    };
    walk(path.join(ROOT, "server"));
    walk(path.join(ROOT, "worker"));
    // the tailored-model form's problems (shared/custom.ts)
    for (const m of fs.readFileSync(path.join(ROOT, "shared/custom.ts"), "utf8").matchAll(/code: "([A-Z_]+)"/g))
      raised.add(m[1] as string);
    const undeclared = [...raised].filter((name) => !declared.has(name as never) && !NOT_ANSWERED.has(name));
    expect(undeclared).toEqual([]);
  });
});
