/**
 * Security headers, computed once at boot. helmet works out the header set from its options; the
 * answer never depends on the request, so running its middleware per request (what @fastify/helmet
 * does) spent about 15% of a cheap request's CPU re-parsing the same CSP (bench/hot-routes.bench.ts).
 * Here its middleware runs once against a recording response, and every request gets that set.
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

export const securityHeaders = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    const { set, remove } = helmetHeaders(options);
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(set);
      for (const name of remove) reply.removeHeader(name);
      done();
    });
  },
  { name: "security-headers" },
);
