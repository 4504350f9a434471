/**
 * The served OpenAPI document against the server, by property (issue 44, decision 047): for every
 * operation of the document, requests generated from its schemas, valid ones (anonymous and as a
 * gold member) and ones with a single field made invalid. It fails on any 5xx, any answer outside
 * the envelope or the declared content types, any status the operation does not declare, any
 * body that does not match its declared schema, and any invalid input not refused with 400 and a
 * message naming the field.
 *
 * Seeded and bounded by the number of runs (not by the clock, so a loaded machine runs the same
 * requests, only slower): CONTRACT_RUNS (default 4) valid and as many invalid requests per
 * operation, about 1,100 requests in all; about 40 s on a quiet 2-core machine. Runs on SQLite only:
 * the PostgreSQL suite runs the same services through their own tests.
 */

import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { seedShop } from "../../prisma/shop.ts";
import { LANGUAGES } from "../../shared/constants.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { onPostgres } from "../helpers/pg.ts";
import {
  candidates,
  type Examples,
  NOT_TEXT,
  type Part,
  type Schema,
  validValue,
} from "../helpers/schema-arbitrary.ts";

const SEED = 44;
const RUNS = Number(process.env.CONTRACT_RUNS ?? 4);

type Json = Record<string, unknown>;
interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  security: Json[];
  parameters: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, Json>;
}
interface Call {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  form?: Record<string, unknown>;
  language?: string;
}
interface Caller {
  token?: string;
  streamKey?: string;
  examples: Record<string, unknown[]>;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components: Json };
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addFormat("binary", true);
/** The server's own coercion of text parts, to judge which URL values a schema refuses. */
const coercing = new Ajv2020({ strict: false, coerceTypes: "array" });
addFormats(coercing);
const strict = new Ajv2020({ strict: false });
addFormats(strict);
const blankPng = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#888" } })
  .png()
  .toBuffer();

/** `#/components/...` references, inlined. */
function deref<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deref) as T;
  if (!value || typeof value !== "object") return value;
  const ref = (value as Json).$ref;
  if (typeof ref === "string" && ref.startsWith("#/")) {
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (node as Json)[key], doc);
    return deref(target as T);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deref(v)])) as T;
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(key: string, schema: Schema) {
  let found = validators.get(key);
  if (!found) {
    found = ajv.compile(schema);
    validators.set(key, found);
  }
  return found;
}

/** A multipart body (the document's form: text fields and binary parts). */
function multipart(form: Record<string, unknown>): { payload: Buffer; type: string } {
  const boundary = "contract-boundary-44";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const file = Buffer.isBuffer(item);
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name}.png"\r\nContent-Type: image/png` : ""}\r\n\r\n`,
        ),
        file ? item : Buffer.from(String(item)),
        Buffer.from("\r\n"),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function send(method: string, template: string, call: Call, caller: Caller) {
  const url =
    template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(call.path[name]))) +
    (() => {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(call.query))
        for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
      const text = query.toString();
      return text ? `?${text}` : "";
    })();
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (caller.streamKey) headers["x-stream-key"] = caller.streamKey;
  if (call.language) headers.language = call.language;
  let payload: string | Buffer | undefined;
  if (call.form) {
    const body = multipart(call.form);
    payload = body.payload;
    headers["content-type"] = body.type;
  } else if (call.body !== undefined) {
    payload = JSON.stringify(call.body);
    headers["content-type"] = "application/json";
  }
  return t.app.inject({ method: method.toUpperCase() as "GET", url, headers, ...(payload ? { payload } : {}) });
}

function parametersOf(op: Operation): Parameter[] {
  return deref(op.parameters ?? []).filter((p): p is Parameter => "in" in p && (p.in === "path" || p.in === "query"));
}

/** The caller's real ids a schema takes (an `id` may be a role's string or an announcement's number). */
function examplesOf(caller: Caller, part: Part): Examples {
  return (name, schema) =>
    (caller.examples[name] ?? []).filter((value) =>
      part === "body"
        ? strict.validate(schema, value)
        : coercing.validate({ type: "object", properties: { v: schema } }, { v: value }),
    );
}

/** A valid call of the operation, generated from its parameters and body. */
function callOf(op: Operation, caller: Caller): fc.Arbitrary<Call> {
  const parameters = parametersOf(op);
  const part = (where: "path" | "query") =>
    fc.record(
      Object.fromEntries(
        parameters
          .filter((p) => p.in === where)
          .map((p) => [p.name, validValue(p.schema, examplesOf(caller, where), p.name)]),
      ),
      { requiredKeys: parameters.filter((p) => p.in === where && (p.required || where === "path")).map((p) => p.name) },
    );
  const json = op.requestBody?.content["application/json"]?.schema;
  const form = op.requestBody?.content["multipart/form-data"]?.schema;
  const file = fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
    fc.constant(blankPng),
  );
  const formValue = form
    ? fc.record(
        Object.fromEntries(
          Object.entries((form.properties ?? {}) as Record<string, Schema>).map(([name, schema]) => [
            name,
            schema.format === "binary"
              ? file
              : schema.type === "array"
                ? fc.array(file, { minLength: 1, maxLength: 2 })
                : validValue(schema, examplesOf(caller, "query"), name),
          ]),
        ),
        { requiredKeys: (form.required as string[] | undefined) ?? [] },
      )
    : fc.constant(undefined);
  const body =
    json && op.requestBody?.required === false
      ? fc.option(validValue(json, examplesOf(caller, "body")), { nil: undefined })
      : json
        ? validValue(json, examplesOf(caller, "body"))
        : fc.constant(undefined);
  return fc.record({
    path: part("path"),
    query: part("query"),
    body,
    form: formValue,
    language: fc.constantFrom(undefined, ...LANGUAGES),
  }) as fc.Arbitrary<Call>;
}

/** One field made invalid: its part, its name, the value (or removed), and what the 400 must name. */
interface Mutation {
  part: Part;
  name: string;
  value?: unknown;
  missing?: true;
}

function mutationsOf(op: Operation): Mutation[] {
  const found: Mutation[] = [];
  const judge = (schema: Schema, part: Part, value: unknown) => {
    if (part === "body") return !strict.validate(schema, value);
    const holder = { v: value };
    return !coercing.validate({ type: "object", properties: { v: schema } }, holder);
  };
  for (const p of parametersOf(op)) {
    const part: Part = p.in === "path" ? "path" : "query";
    for (const value of candidates(p.schema, part))
      if (judge(p.schema, part, value)) found.push({ part, name: p.name, value });
    const textLike = JSON.stringify(p.schema).includes('"string"') && !p.schema.enum && !p.schema.pattern;
    if (textLike) found.push({ part, name: p.name, value: NOT_TEXT[0] });
    if (p.required && part === "query") found.push({ part, name: p.name, missing: true });
  }
  const body = op.requestBody?.content["application/json"]?.schema;
  if (body?.type === "object") {
    const properties = (body.properties ?? {}) as Record<string, Schema>;
    for (const [name, schema] of Object.entries(properties)) {
      for (const value of candidates(schema, "body"))
        if (judge(schema, "body", value)) found.push({ part: "body", name, value });
      if (JSON.stringify(schema).includes('"string"'))
        for (const value of NOT_TEXT) found.push({ part: "body", name, value });
    }
    for (const name of (body.required as string[] | undefined) ?? []) found.push({ part: "body", name, missing: true });
  }
  // a form's fields are text, like a URL's
  const form = op.requestBody?.content["multipart/form-data"]?.schema;
  for (const [name, schema] of Object.entries((form?.properties ?? {}) as Record<string, Schema>)) {
    if (schema.format === "binary" || schema.type === "array") continue;
    for (const value of candidates(schema, "query"))
      if (judge(schema, "query", value)) found.push({ part: "body", name, value });
    found.push({ part: "body", name, value: NOT_TEXT[0] });
  }
  for (const name of (form?.required as string[] | undefined) ?? []) found.push({ part: "body", name, missing: true });
  return found;
}

function mutate(call: Call, m: Mutation): Call {
  const copy: Call = { ...call, path: { ...call.path }, query: { ...call.query } };
  let target: Record<string, unknown>;
  if (m.part === "path") target = copy.path;
  else if (m.part === "query") target = copy.query;
  else if (call.form) target = copy.form = { ...call.form };
  else target = copy.body = { ...((call.body as Json | undefined) ?? {}) };
  if (m.missing) delete target[m.name];
  else target[m.name] = m.value;
  return copy;
}

const CONTEXT: Record<Part, string> = { path: "params", query: "querystring", body: "body" };

/** The checks every answer passes; `refused` expects a 400 naming that field. */
function checkAnswer(
  key: string,
  op: Operation,
  res: Awaited<ReturnType<typeof send>>,
  refused?: Mutation,
): string | null {
  const status = String(res.statusCode);
  const where = `${key} → ${status} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return `a 5xx: ${where}`;
  const declared = deref(op.responses[status]) as { content?: Record<string, { schema: Schema }> } | undefined;
  if (!declared) return `a status the operation does not declare: ${where}`;
  // a request the document allows is never refused as malformed (a provider callback answers in its protocol)
  if (!refused && res.statusCode === 400 && !op.operationId.startsWith("payNotify"))
    return `a valid request refused: ${where}`;
  if (refused) {
    if (res.statusCode !== 400) return `invalid ${CONTEXT[refused.part]}.${refused.name} not refused: ${where}`;
    const field = `${CONTEXT[refused.part]}.${refused.name}`;
    const message = (res.json() as { message: string }).message;
    if (!message.includes(field)) return `the 400 does not name ${field}: ${where}`;
  }
  if (res.statusCode === 204 || res.statusCode === 304) return null;
  const type = String(res.headers["content-type"] ?? "").split(";")[0] ?? "";
  const media = declared.content?.[type];
  if (!media) return `content type ${type} not declared: ${where}`;
  if (type !== "application/json") return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${where}`;
  }
  const validate = validatorFor(`${key} ${status}`, media.schema);
  if (!validate(body))
    return `the body does not match the declared schema (${ajv.errorsText(validate.errors)}): ${where}`;
  return null;
}

beforeAll(async () => {
  t = await makeTestApp({ AVALIVE_PROFILE: "test" });
  await seedRoles(t.db);
  await seedCatalogue(t.db);
  await seedShop(t.db);
  doc = (await t.app.inject({ url: "/web-api/docs/json" })).json();
}, 120_000);
afterAll(() => t?.close());

/** A gold member with a plan, an avatar and a stream key of their own, whose ids the generators may use. */
async function goldCaller(): Promise<Caller> {
  const user = await t.user({ vipType: "gold" });
  const auth = { authorization: user.token };
  const plan = await t.app.inject({
    method: "POST",
    url: "/web-api/v1/base/planInfo/addPlanInfo",
    headers: auth,
    payload: { roleId: "sys-f-01", roleType: "1" },
  });
  const role = await t.app.inject({
    method: "POST",
    url: "/web-api/v1/douyin/customRole/create",
    headers: auth,
    payload: { id: "sys-f-01" },
  });
  const key = await t.app.inject({ method: "POST", url: "/web-api/v1/live/streamKey/rotate", headers: auth });
  const planId = plan.json().data as string;
  const roleId = role.json().data as string;
  return {
    token: user.token,
    streamKey: (key.json().data as { key: string }).key,
    examples: { planId: [planId], roleId: [roleId, "sys-f-01"], id: [roleId, "sys-f-01", planId] },
  };
}

describe.skipIf(onPostgres())("the served document against the server", () => {
  it("answers every operation within its contract, valid and invalid requests alike", async () => {
    const failures: string[] = [];
    let requests = 0;
    const seen = new Map<string, number>();
    const count = (kind: string, res: Awaited<ReturnType<typeof send>>) => {
      const code = res.headers["content-type"]?.toString().startsWith("application/json")
        ? (res.json() as { code?: unknown }).code
        : "file";
      const label = `${kind} ${res.statusCode}/${String(code)}`;
      seen.set(label, (seen.get(label) ?? 0) + 1);
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        const takesToken = op.security.some((s) => "token" in s);
        const takesKey = op.security.some((s) => "streamKey" in s);
        const gold = await goldCaller();
        const member: Caller = {
          ...gold,
          ...(takesToken ? {} : { token: undefined }),
          ...(takesKey ? {} : { streamKey: undefined }),
        };
        const anonymous: Caller = { examples: {} };
        // valid requests: once anonymous, RUNS times as the member
        const valid = callOf(op, member);
        for (const [i, call] of fc.sample(valid, { seed: SEED, numRuns: RUNS + 1 }).entries()) {
          const res = await send(method, path, call, i === 0 ? anonymous : member);
          requests++;
          count("valid", res);
          const failure = checkAnswer(key, op, res);
          if (failure) failures.push(`${failure}\n  request: ${JSON.stringify(call).slice(0, 300)}`);
        }
        // one field at a time made invalid, as the member
        const mutations = mutationsOf(op);
        if (!mutations.length) continue;
        const invalid = fc.tuple(valid, fc.constantFrom(...mutations));
        for (const [call, mutation] of fc.sample(invalid, { seed: SEED + 1, numRuns: RUNS })) {
          const bad = mutate(call, mutation);
          const res = await send(method, path, bad, member);
          requests++;
          count("invalid", res);
          const failure = checkAnswer(key, op, res, mutation);
          if (failure) failures.push(`${failure}\n  request: ${JSON.stringify(bad).slice(0, 300)}`);
        }
      }
    }
    const operations = Object.values(doc.paths).flatMap(Object.keys).length;
    const tally = [...seen].sort(([, a], [, b]) => b - a).map(([label, n]) => `${label}: ${n}`);
    console.info(
      `contract: ${requests} requests over ${operations} operations (kind status/code)\n${tally.join(", ")}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
