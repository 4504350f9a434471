/**
 * Which methods a path has: a request with another one answers 405 with `Allow` (RFC 9110 §15.5.6)
 * rather than "No such API". Routes are collected as they are registered; wildcard routes (the web
 * app's files, /media/*) are left out, since any path would match them.
 */

import type { FastifyInstance, RouteOptions } from "fastify";

export function createMethodIndex(app: FastifyInstance) {
  const routes: { pattern: RegExp; method: string }[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.url.includes("*")) return;
    const pattern = new RegExp(
      `^${route.url
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}/?$`,
    );
    for (const method of [route.method].flat()) routes.push({ pattern, method: method.toUpperCase() });
  });
  return {
    /** The methods some route takes at this path (empty: no such path). */
    allowed(path: string): string[] {
      const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
      return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => methods.has(m));
    },
  };
}
