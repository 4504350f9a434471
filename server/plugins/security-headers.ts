/**
 * Security headers, computed once at boot. helmet works out the header set from its options; the
 * answer never depends on the request, so running its middleware per request (what @fastify/helmet
 * does) spent about 15% of a cheap request's CPU re-parsing the same CSP (bench/hot-routes.bench.ts).
 * Here its middleware runs once against a recording response, and every page and file gets that
 * set; the API's answers get a short set of their own (`apiHeaders`).
 */

import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** The headers helmet would set (and the ones it would remove) for these options. */
export function helmetHeaders(options: HelmetOptions): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      remove.push(name.toLowerCase());
    },
  };
  let done = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middleware is synchronous; a future one that is not would leave headers unset.
  if (!done) throw new Error("helmet did not finish synchronously");
  return { set, remove };
}

/**
 * What the API's answers carry instead of the page set: an answer of JSON (or a file) is never a
 * document the browser runs, so a script or style policy protects nothing there. This is the set
 * OWASP's REST Security Cheat Sheet gives for APIs: nothing may load or frame it as a document,
 * no content sniffing, not readable cross-origin without CORS, and no referrer; HSTS as the pages
 * have it. Seven headers fewer on every API answer, the long page CSP among them, each set and
 * checked per answer: one of the largest costs of a cheap read (docs/decisions/027).
 */
export function apiHeaders(page: Record<string, string>): Record<string, string> {
  const set: Record<string, string> = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "no-referrer",
  };
  const hsts = page["strict-transport-security"];
  if (hsts) set["strict-transport-security"] = hsts;
  return set;
}

/** Whether a path is the API's (its answers get `apiHeaders`); its OpenAPI pages are pages. */
export const isApiPath = (url: string) => url.startsWith("/web-api/") && !url.startsWith("/web-api/docs");

export const securityHeaders = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const page = helmetHeaders(options);
    const api = apiHeaders(page.set);
    app.addHook("onRequest", (request, reply, done) => {
      if (isApiPath(request.url)) reply.headers(api);
      else reply.headers(page.set);
      for (const name of page.remove) reply.removeHeader(name);
      done();
    });
  },
  { name: "security-headers" },
);
