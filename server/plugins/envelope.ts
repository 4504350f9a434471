/**
 * The envelope: every answer is `{code, message, data}`. Success is code 200; business
 * errors (BizError) answer HTTP 200 with their own code; malformed requests, oversize bodies,
 * rate limits and crashes answer the matching HTTP status. Internals never reach the client.
 */

import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CODES, type CodeName } from "../../shared/codes.ts";
import type { Language } from "../../shared/constants.ts";
import { type MessageKey, translate } from "../../shared/messages.ts";
import { BizError } from "../errors.ts";
import { JobFailedError } from "../jobs/runner.ts";
import { pickLanguage } from "./context.ts";

declare module "fastify" {
  interface FastifyReply {
    /** Answer success with data in the envelope. */
    ok<T>(data: T, message?: MessageKey): { code: number; message: string; data: T };
  }
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function errorEnvelope(
  request: FastifyRequest,
  codeName: CodeName,
  params?: Record<string, string | number>,
): Envelope<null> {
  const entry = CODES[codeName];
  return { code: entry.code, message: translate(entry.message, request.language, params), data: null };
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Name the field a validation failure is about, e.g. `body.email`. */
export function fieldOf(
  issue: ValidationIssue | undefined,
  context: string | undefined,
): {
  field: string;
  missing: boolean;
} {
  const base = context ?? "body";
  if (!issue) return { field: base, missing: false };
  const pointer = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
  if (issue.keyword === "required" && typeof issue.params?.missingProperty === "string") {
    const name = issue.params.missingProperty;
    return { field: `${base}.${pointer ? `${pointer}.` : ""}${name}`, missing: true };
  }
  return { field: pointer ? `${base}.${pointer}` : base, missing: false };
}

function classify(error: FastifyError): { codeName: CodeName; params?: Record<string, string | number> } | null {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
    case "FST_FILES_LIMIT":
    case "FST_PARTS_LIMIT":
      return { codeName: "PAYLOAD_TOO_LARGE" };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return { codeName: "UNSUPPORTED_MEDIA_TYPE" };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { codeName: "PAYLOAD_TOO_LARGE" };
  if (status === 415) return { codeName: "UNSUPPORTED_MEDIA_TYPE" };
  if (status === 405) return { codeName: "METHOD_NOT_ALLOWED" };
  if (status >= 400 && status < 500) return { codeName: "BAD_REQUEST" };
  return null;
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (a malformed percent-escape) reaches no
 * route and no hook; it answers 400 naming the URL, in the envelope, like any bad input.
 */
export function frameworkErrors(defaultLanguage: Language) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = pickLanguage(request, defaultLanguage);
    request.log.info({ err: { code: error.code, message: error.message } }, "request refused");
    return reply.status(400).send({
      code: CODES.BAD_REQUEST.code,
      message: translate("fieldInvalid", language, { field: "url" }),
      data: null,
    });
  };
}

/**
 * Fastify's `clientErrorHandler`: the HTTP parser refused the request before Fastify saw it (headers
 * over Node's 16 KiB, a request that took too long to arrive, bytes that are not HTTP). No header
 * was read, so the site's language answers.
 */
export function clientErrorHandler(defaultLanguage: Language) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const codeName: CodeName =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "HEADERS_TOO_LARGE"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "REQUEST_TIMEOUT"
          : "BAD_REQUEST";
    const { code, http, message } = CODES[codeName];
    const body = JSON.stringify({ code, message: translate(message, defaultLanguage), data: null });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${http} ${STATUS_CODES[http]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

export const envelopePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateReply("ok", function ok<T>(this: FastifyReply, data: T, message: MessageKey = "ok") {
      return { code: CODES.OK.code, message: translate(message, this.request.language), data };
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      // A job that failed answers the business error its processor named, or "busy".
      if (error instanceof JobFailedError) {
        const codeName = error.codeName ?? "SERVICE_UNAVAILABLE";
        request.log.warn({ err: { message: error.message } }, "job failed");
        return reply.status(CODES[codeName].http).send(errorEnvelope(request, codeName));
      }
      if (error instanceof BizError) {
        return reply.status(error.entry.http).send(errorEnvelope(request, error.codeName, error.params));
      }
      if (error.validation) {
        const { field, missing } = fieldOf(error.validation[0] as ValidationIssue, error.validationContext);
        return reply.status(400).send({
          ...errorEnvelope(request, "BAD_REQUEST"),
          message: translate(missing ? "fieldRequired" : "fieldInvalid", request.language, { field }),
        });
      }
      if (error.statusCode === 429) {
        const seconds = Number(reply.getHeader("retry-after") ?? 60);
        return reply.status(429).send(errorEnvelope(request, "TOO_MANY_REQUESTS", { seconds }));
      }
      const known = classify(error);
      if (known) {
        request.log.info({ err: { code: error.code, message: error.message } }, "request refused");
        return reply.status(CODES[known.codeName].http).send(errorEnvelope(request, known.codeName, known.params));
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(errorEnvelope(request, "INTERNAL_ERROR"));
    });
  },
  { name: "envelope", dependencies: ["context"] },
);
