/**
 * The served OpenAPI document (`/web-api/docs/json`), made so that a client generated from it
 * alone works (docs/decisions/047-openapi-contract.md). @fastify/swagger writes the paths and the
 * success answers from the routes; `contractOf` then fills in, from the endpoint table, what a
 * generator needs: operationIds, the token or stream key each call takes, the upload forms, every
 * answer an operation can give with the codes it may carry, and optional parameters where the
 * server has a default.
 */

import type { SwaggerOptions } from "@fastify/swagger";
import { CODES, type CodeName } from "../shared/codes.ts";
import { LANGUAGES } from "../shared/constants.ts";
import type { Endpoint } from "../shared/endpoint.ts";
import { endpoints } from "../shared/endpoints.ts";
import { STREAM_KEY_HEADER } from "../shared/live.ts";
import { translate } from "../shared/messages.ts";

type Json = Record<string, unknown>;
interface Operation extends Json {
  parameters?: Json[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The answer every error travels in: `{code, message, data: null}` with the codes given. */
export function errorEnvelope(codes: readonly number[]): Json {
  return {
    type: "object",
    required: ["code", "message", "data"],
    properties: {
      code: { type: "integer", enum: [...codes] },
      message: { type: "string", description: "Localised by the `language` header" },
      data: { type: "null" },
    },
    additionalProperties: false,
  };
}

/** Success: code 200 and the operation's data. */
function successEnvelope(data: Json): Json {
  return {
    type: "object",
    required: ["code", "message", "data"],
    properties: { code: { type: "integer", enum: [200] }, message: { type: "string" }, data },
    additionalProperties: false,
  };
}

const describe = (names: readonly CodeName[]) =>
  names.map((name) => `${CODES[name].code} ${translate(CODES[name].message, "EN")}`).join("; ");

/** Statuses every operation of a kind can answer, with what they mean. */
const TRANSPORT: Record<number, { name: CodeName; description: string }> = {
  400: { name: "BAD_REQUEST", description: "Invalid input: the message names the field (`Invalid field: body.name`)" },
  413: { name: "PAYLOAD_TOO_LARGE", description: "The body is larger than the server takes" },
  415: {
    name: "UNSUPPORTED_MEDIA_TYPE",
    description: "A body that is not JSON (or, for uploads, multipart/form-data)",
  },
  429: { name: "TOO_MANY_REQUESTS", description: "Rate limited: retry after `Retry-After` seconds" },
  500: {
    name: "INTERNAL_ERROR",
    description: "A fault of the server (logged with the request id, never detailed here)",
  },
};

/** The codes an entry's answers may carry, by HTTP status (CODES gives each code's status). */
export function codesByStatus(entry: Endpoint): Map<number, CodeName[]> {
  const names: CodeName[] = [...entry.codes];
  if (entry.auth === "v1" || entry.token === "optional") names.unshift("TOKEN_INVALID");
  const byStatus = new Map<number, CodeName[]>();
  for (const name of new Set(names)) {
    const status = CODES[name].http;
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  return byStatus;
}

/** Refused by the HTTP parser before any route is known, whichever operation was meant. */
const PARSER_REFUSALS = {
  "408": { $ref: "#/components/responses/RequestTimeout" },
  "431": { $ref: "#/components/responses/HeadersTooLarge" },
};

const sortedByStatus = (responses: Record<string, Json>) =>
  Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

/** Whether a call reads input the server validates (and so may answer 400). */
const takesInput = (entry: Endpoint) =>
  Boolean(entry.params || entry.querystring || entry.body || entry.multipart) || entry.method !== "GET";

function securityOf(entry: Endpoint): Json[] {
  if (entry.auth === "v1") return [{ token: [] }];
  if (entry.streamKey) return [{ streamKey: [] }, { streamKeyQuery: [] }];
  if (entry.token === "optional") return [{}, { token: [] }];
  return [];
}

/**
 * A request schema as the server reads it: a property with a default is optional on the wire (the
 * server fills it in), and unknown properties are ignored rather than refused (dropped before
 * validation: docs/api.md, "Validation"), so no object closes itself with additionalProperties.
 */
function asTheServerReads(schema: unknown): void {
  if (!schema || typeof schema !== "object") return;
  const node = schema as Json;
  const properties = node.properties as Record<string, Json> | undefined;
  if (properties && Array.isArray(node.required)) {
    node.required = (node.required as string[]).filter((name) => properties[name]?.default === undefined);
    if (!(node.required as string[]).length) delete node.required;
  }
  if (node.additionalProperties === false) delete node.additionalProperties;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach(asTheServerReads);
    else asTheServerReads(value);
  }
}

/** Each binary part of a form, with the content types it takes. */
function formEncoding(form: Json): Json {
  const encoding: Json = {};
  for (const [name, property] of Object.entries((form.properties ?? {}) as Record<string, Json>)) {
    const part = (property.type === "array" ? property.items : property) as Json;
    if (part.format === "binary" && typeof part.contentMediaType === "string")
      encoding[name] = { contentType: part.contentMediaType };
  }
  return encoding;
}

function responsesOf(entry: Endpoint, generated: Record<string, Json>): Record<string, Json> {
  const byStatus = codesByStatus(entry);
  const atOk = byStatus.get(200) ?? [];
  const data = clone(entry.response) as Json;
  const okDescription = atOk.length
    ? `Success (code 200). Business errors answer HTTP 200 too, with data null: ${describe(atOk)}.`
    : "Success (code 200).";
  const responses: Record<string, Json> = {};
  const given = generated["200"] as { description?: string; content?: Record<string, { schema: Json }> } | undefined;
  const binary = Object.entries(given?.content ?? {}).filter(([type]) => type !== "application/json");
  if (binary.length) {
    // a file on success (a WAV, a zip, a model); any refusal is the envelope
    const content: Json = Object.fromEntries(binary);
    if (atOk.length) content["application/json"] = { schema: errorEnvelope(atOk.map((n) => CODES[n].code)) };
    responses["200"] = { description: `${given?.description ?? "The file"}. ${okDescription}`, content };
  } else {
    const success = successEnvelope(data);
    const schema = atOk.length ? { oneOf: [success, errorEnvelope(atOk.map((n) => CODES[n].code))] } : success;
    responses["200"] = { description: okDescription, content: { "application/json": { schema } } };
  }
  // answers the route declared itself beyond 200 (304 Not Modified, health's 503 with its data)
  for (const [status, answer] of Object.entries(generated)) {
    if (status !== "200" && !byStatus.has(Number(status))) responses[status] = answer;
  }
  const statuses = new Map<number, CodeName[]>(byStatus);
  statuses.delete(200);
  if (takesInput(entry)) statuses.set(400, ["BAD_REQUEST"]);
  if (entry.method !== "GET") {
    statuses.set(413, ["PAYLOAD_TOO_LARGE"]);
    statuses.set(415, ["UNSUPPORTED_MEDIA_TYPE"]);
  }
  if (entry.auth !== "none") statuses.set(429, ["TOO_MANY_REQUESTS"]);
  statuses.set(500, ["INTERNAL_ERROR"]);
  Object.assign(responses, PARSER_REFUSALS);
  for (const [status, names] of [...statuses].sort(([a], [b]) => a - b)) {
    const transport = TRANSPORT[status];
    const description = transport?.description ?? describe(names);
    const answer: Json = {
      description: names.length > 1 || !transport ? `${description}. Codes: ${describe(names)}` : description,
      content: { "application/json": { schema: errorEnvelope(names.map((n) => CODES[n].code)) } },
    };
    if (status === 429) answer.headers = { "Retry-After": { $ref: "#/components/headers/RetryAfter" } };
    responses[String(status)] = answer;
  }
  return sortedByStatus(responses);
}

/** Fill in one table entry's operation. */
function completeOperation(name: string, entry: Endpoint, op: Operation): void {
  op.operationId = name;
  op.security = securityOf(entry);
  const parameters = op.parameters ?? [];
  for (const parameter of parameters) {
    const schema = parameter.schema as Json | undefined;
    if (parameter.in === "query" && schema?.default !== undefined) parameter.required = false;
    asTheServerReads(schema);
  }
  parameters.push(...["Language", "WebId", "Ssid"].map((ref) => ({ $ref: `#/components/parameters/${ref}` })));
  if (entry.token === "optional" && /thirdPart\/(email|phone)/.test(entry.path)) {
    parameters.push({ $ref: "#/components/parameters/ThirdPartyTicket" });
  }
  op.parameters = parameters;
  if (entry.form) {
    const schema = clone(entry.form) as Json;
    asTheServerReads(schema);
    op.requestBody = {
      required: true,
      content: { "multipart/form-data": { schema, encoding: formEncoding(schema) } as never },
    };
  } else if (op.requestBody) {
    if (entry.body && "~optional" in entry.body) op.requestBody.required = false;
    for (const media of Object.values(op.requestBody.content)) asTheServerReads(media.schema);
  }
  op.responses = responsesOf(entry, op.responses);
}

/** The provider callbacks: signed by the provider, answered in its protocol (docs/api.md, "Payments"). */
const NOTIFICATIONS: Record<string, { operationId: string; description: string; responses: Record<string, Json> }> = {
  "/web-api/p1/pay/notify/alipay": {
    operationId: "payNotifyAlipay",
    description:
      "Called by Alipay, not by clients: form-encoded and RSA2-signed. Answers the text `success` or `failure`.",
    responses: {
      "200": {
        description: "`success` (stop retrying) or `failure`",
        content: { "text/plain": { schema: { type: "string", enum: ["success", "failure"] } } },
      },
    },
  },
  "/web-api/p1/pay/notify/wechat": {
    operationId: "payNotifyWechat",
    description: "Called by WeChat Pay, not by clients: signed headers, an AES-256-GCM resource.",
    responses: {
      "204": { description: "Accepted" },
      "400": {
        description: "Refused",
        content: { "application/json": { schema: { $ref: "#/components/schemas/WechatFail" } } },
      },
      "401": {
        description: "The signature does not verify",
        content: { "application/json": { schema: { $ref: "#/components/schemas/WechatFail" } } },
      },
    },
  },
  "/web-api/p1/pay/notify/card": {
    operationId: "payNotifyCard",
    description: "Called by the card processor, not by clients: `Stripe-Signature` HMAC-SHA256.",
    responses: {
      "200": {
        description: "Accepted",
        content: { "application/json": { schema: { $ref: "#/components/schemas/CardReceived" } } },
      },
      "400": {
        description: "Refused",
        content: { "application/json": { schema: { $ref: "#/components/schemas/CardReceived" } } },
      },
    },
  },
};

function completeNotification(path: string, op: Operation): void {
  const known = NOTIFICATIONS[path];
  if (!known) throw new Error(`${path}: an operation outside the endpoint table and the provider callbacks`);
  Object.assign(op, { operationId: known.operationId, description: known.description, security: [] });
  op.responses = sortedByStatus({
    ...known.responses,
    ...PARSER_REFUSALS,
    "413": {
      description: TRANSPORT[413]?.description,
      content: { "application/json": { schema: errorEnvelope([413]) } },
    },
    "415": {
      description: TRANSPORT[415]?.description,
      content: { "application/json": { schema: errorEnvelope([415]) } },
    },
    "429": {
      description: TRANSPORT[429]?.description,
      headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
      content: { "application/json": { schema: errorEnvelope([429]) } },
    },
    "500": {
      description: TRANSPORT[500]?.description,
      content: { "application/json": { schema: errorEnvelope([500]) } },
    },
  });
}

/** The document @fastify/swagger wrote, completed from the endpoint table. */
export function contractOf(generated: Json): Json {
  // a copy: the generated document may share schema objects with the routes' own schemas
  const document = clone(generated);
  const byRoute = new Map<string, [string, Endpoint]>();
  for (const [name, entry] of Object.entries(endpoints) as [string, Endpoint][])
    byRoute.set(`${entry.method.toLowerCase()} ${toOpenApiPath(entry.path)}`, [name, entry]);
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const found = byRoute.get(`${method} ${path}`);
      if (found) completeOperation(found[0], found[1], op);
      else completeNotification(path, op);
    }
  }
  return document;
}

const header = (name: string, description: string, schema: Json) => ({
  in: "header",
  name,
  required: false,
  description,
  schema,
});

/** @fastify/swagger's options: the document's frame; `contractOf` completes it. */
export const openapiOptions: SwaggerOptions = {
  openapi: {
    openapi: "3.1.0",
    info: {
      title: "Avalive /web-api",
      version: "1.0.0",
      description:
        'The Avalive web API: every answer is `{code, message, data}`, code 200 is success. Business errors answer HTTP 200 with their own code (each operation lists the ones it may carry); code 600 means the token is missing or no longer valid: log in again. Generate a typed client from this document: docs/api.md, "Generate a client".',
      license: { name: "Proprietary", identifier: "LicenseRef-Avalive" },
    },
    servers: [{ url: "/", description: "This server (paths are absolute)" }],
    components: {
      securitySchemes: {
        token: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "The token a login answered (`data.token`), in `Authorization`: `Bearer <token>` or the bare token. Missing, expired or revoked: code 600.",
        },
        streamKey: {
          type: "apiKey",
          in: "header",
          name: STREAM_KEY_HEADER,
          description:
            "The user's stream key (`avk_…`, made by liveKeyRotate). Wrong, rotated or revoked: HTTP 401, code 1903.",
        },
        streamKeyQuery: {
          type: "apiKey",
          in: "query",
          name: "key",
          description: "The stream key as the `key` query parameter, for senders that only take a URL.",
        },
      },
      parameters: {
        Language: header("language", "The language of every message; without it, the site's default", {
          type: "string",
          enum: [...LANGUAGES],
        }),
        WebId: header("web_id", "A tracking id, written on the server's log lines of the request", {
          type: "string",
          maxLength: 64,
        }),
        Ssid: header("ssid", "A session tracking id, written on the server's log lines of the request", {
          type: "string",
          maxLength: 64,
        }),
        ThirdPartyTicket: {
          in: "cookie",
          name: "tpTicket",
          required: false,
          description:
            "Set by thirdPart/login when it answers a ticket: with it, the bind calls need no `ticket` field (browsers send it with credentials).",
          schema: { type: "string", maxLength: 128 },
        },
      },
      responses: {
        RequestTimeout: {
          description: "The request took too long to arrive (Node's request timeout)",
          content: { "application/json": { schema: errorEnvelope([CODES.REQUEST_TIMEOUT.code]) } },
        },
        HeadersTooLarge: {
          description: "The request line and headers are over 16 KiB; answered in the site's language",
          content: { "application/json": { schema: errorEnvelope([CODES.HEADERS_TOO_LARGE.code]) } },
        },
      },
      headers: {
        RetryAfter: { description: "Seconds to wait before retrying", schema: { type: "integer", minimum: 0 } },
      },
      schemas: {
        WechatFail: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "string", enum: ["FAIL"] }, message: { type: "string" } },
        },
        CardReceived: {
          type: "object",
          required: ["received"],
          properties: { received: { type: "boolean" }, error: { type: "string" } },
        },
      },
    },
  },
  transformObject: (document) =>
    contractOf(("openapiObject" in document ? document.openapiObject : {}) as Json) as never,
};
