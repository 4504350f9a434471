/**
 * What one /web-api call is: method, full path, who may call it, and its TypeBox schemas. The
 * table of them is ./endpoints.ts; the server registers from it (server/route.ts) and the web
 * calls through it (web/lib/api.ts). docs/decisions/020-endpoint-table.md.
 */

import type { Static, TSchema } from "typebox";
import type { CodeName } from "./codes.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** p1: public; v1: needs a token; none: outside both (the health check). */
export type Access = "p1" | "v1" | "none";

export interface Endpoint {
  method: Method;
  /** The full path; `:name` marks a path parameter, e.g. `/web-api/v1/base/file/:id`. */
  path: `/web-api/${string}`;
  auth: Access;
  /** For the OpenAPI document. */
  tags: readonly string[];
  summary: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The envelope's `data` on success; the envelope itself is added where the route is registered. */
  response: TSchema;
  /** A multipart/form-data upload: the web sends FormData, the handler reads it (server/multipart.ts). */
  multipart?: true;
  /**
   * The upload's form for the OpenAPI document: its fields and files (binary strings). The handler
   * reads the form itself (server/multipart.ts); Fastify does not validate it against this.
   */
  form?: TSchema;
  /** A p1 call that also serves a logged-in caller: a token, when sent, must be valid (else 600). */
  token?: "optional";
  /** Authenticated by the caller's stream key (header `x-stream-key` or query `key`), not by a token. */
  streamKey?: true;
  /**
   * The codes its answers may carry besides 200, 400, 429 and 500 (and 600 wherever a token is
   * read): business codes at HTTP 200, and the few that travel with their own status (401 1903,
   * 404 1601, 503). The OpenAPI document lists them per operation (server/openapi.ts).
   */
  codes: readonly CodeName[];
}

type SchemaOf<E, K extends string> = E extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;

export type ParamsOf<E extends Endpoint> = SchemaOf<E, "params">;
export type QueryOf<E extends Endpoint> = SchemaOf<E, "querystring">;
export type BodyOf<E extends Endpoint> = SchemaOf<E, "body">;
export type ResponseOf<E extends Endpoint> = Static<E["response"]>;

/** An area's entries share their OpenAPI tag. */
export const area =
  (tag: string) =>
  <const E extends Omit<Endpoint, "tags">>(entry: E): E & { tags: readonly string[] } => ({ ...entry, tags: [tag] });

/** The path with its `:name` parameters filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
