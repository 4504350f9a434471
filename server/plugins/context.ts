/** Per-request context: the language header and the tracking ids (spec section 7). */

import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HEADERS, LANGUAGES, type Language } from "../../shared/constants.ts";

declare module "fastify" {
  interface FastifyRequest {
    language: Language;
    userId: string | null;
    sessionId: string | null;
  }
}

/** A tracking id is opaque text from the client; keep it short and printable before logging it. */
export function trackingId(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  return text.replace(/[^\w.:-]/g, "").slice(0, 64) || undefined;
}

export function pickLanguage(request: FastifyRequest, fallback: Language): Language {
  const header = request.headers[HEADERS.language];
  const value = (Array.isArray(header) ? header[0] : header)?.toUpperCase();
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : fallback;
}

export const contextPlugin = fp(
  async (app: FastifyInstance, opts: { defaultLanguage: Language }) => {
    app.decorateRequest("language", opts.defaultLanguage);
    app.decorateRequest("userId", null);
    app.decorateRequest("sessionId", null);
    app.addHook("onRequest", async (request) => {
      request.language = pickLanguage(request, opts.defaultLanguage);
    });
  },
  { name: "context" },
);
