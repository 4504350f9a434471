/**
 * What one /web-api call is: method, full path, who may call it, and its TypeBox schemas. The
 * table of them is ./endpoints.ts; the server registers from it (server/route.ts) and the web
 * calls through it (web/lib/api.ts). docs/decisions/020-endpoint-table.md.
 */

import type { Static, TSchema } from "typebox";

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
