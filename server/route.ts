/**
 * Registers a route from its entry in the endpoint table (shared/endpoints.ts): method, url and
 * schemas come from the entry, the success answer is wrapped in the envelope, and the handler's
 * request and answer are typed by the entry's schemas. docs/decisions/020-endpoint-table.md.
 */

import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HookHandlerDoneFunction,
} from "fastify";
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from "../shared/endpoint.ts";
import { Envelope } from "../shared/schemas/common.ts";
import type { App } from "./types.ts";
import { invalidField } from "./validation.ts";

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** The success envelope `reply.ok(data)` makes, with the entry's data. */
interface Answer<E extends Endpoint> {
  code: number;
  message: string;
  data: ResponseOf<E>;
}

type Result<E extends Endpoint> = Answer<E> | FastifyReply;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Result<E>> | Result<E>;

export interface RouteExtras {
  /** Route config, e.g. a tighter rate limit. */
  config?: FastifyContextConfig & Record<string, unknown>;
  /** OpenAPI answers beyond the envelope's 200 (e.g. health's 503), or one that replaces it (a file). */
  responses?: Record<number, unknown>;
  /**
   * Keep the answer per user until the database changes (server/answer-memo.ts): only for a read
   * whose answer comes from the database, the token's user, the request and the clock alone.
   */
  memo?: true;
}

/** The url inside the plugin the app is (its prefix /web-api/p1 or /web-api/v1 decides the access). */
function urlFor(app: App, endpoint: Endpoint): string {
  const prefix = endpoint.auth === "none" ? "" : `/web-api/${endpoint.auth}`;
  if (app.prefix !== prefix || !endpoint.path.startsWith(`${prefix}/`)) {
    throw new Error(`${endpoint.path} (${endpoint.auth}) registered under '${app.prefix}'`);
  }
  return endpoint.path.slice(prefix.length);
}

/** A body the document calls optional (`Type.Optional`): left out, the schema sees {}. */
const optionalBody = (endpoint: Endpoint) => Boolean(endpoint.body && "~optional" in endpoint.body);

/**
 * Before validation (the text rule itself is in the validators: server/validation.ts): an upload's
 * content type must name its boundary, which the multipart parser would otherwise fail on with a
 * 500; an optional body left out becomes {}.
 */
function checkInput(endpoint: Endpoint) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (endpoint.multipart) {
      const type = request.headers["content-type"] ?? "";
      if (/^multipart\/form-data\b/i.test(type) && !/;\s*boundary=\S/i.test(type))
        return done(invalidField("headers", "content-type"));
    }
    if (request.body === undefined && optionalBody(endpoint)) request.body = {};
    done();
  };
}

export function route<E extends Endpoint>(
  app: App,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    response: { 200: Envelope(endpoint.response), ...extras.responses },
  };
  if (endpoint.multipart) schema.consumes = ["multipart/form-data"];
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.querystring) schema.querystring = endpoint.querystring;
  if (endpoint.body) schema.body = endpoint.body;
  app.route({
    method: endpoint.method,
    url: urlFor(app, endpoint),
    ...(extras.config ? { config: extras.config } : {}),
    // only where it has something to do: a hook costs a little on every request
    ...(endpoint.multipart || optionalBody(endpoint) ? { preValidation: checkInput(endpoint) } : {}),
    ...(extras.memo
      ? {
          preHandler: app.deps.answers.preHandler,
          preSerialization: app.deps.answers.preSerialization,
          onSend: app.deps.answers.onSend,
        }
      : {}),
    schema,
    handler: handler as never,
  });
}
