/**
 * /media/{key}: the stored media files (uploads, thumbnails, portraits, GLBs and textures),
 * whatever holds them (infra/storage.ts). The key is the capability, as it always was: keys are
 * 144 random bits or derived from such a key or from what a portrait shows, and `<img>` cannot
 * send a token, so anyone who has the URL may fetch the file; lists and deletes are owner-scoped
 * v1 calls. With MEDIA_URLS=signed the answer is a redirect to a short-lived signed URL of the
 * bucket; otherwise the server streams the bytes. docs/decisions/033-object-storage.md.
 */

import type { FastifyReply } from "fastify";
import { isStorageKey, type ObjectInfo } from "../../../infra/storage.ts";
import type { App } from "../../types.ts";
import { etagMatches } from "./routes.ts";

/** Keys never change what they name (a new file gets a new key): cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function headersOf(reply: FastifyReply, info: ObjectInfo) {
  return reply
    .header("content-type", info.contentType)
    .header("content-length", info.size)
    .header("etag", info.etag)
    .header("cache-control", IMMUTABLE)
    .header("accept-ranges", "none");
}

export async function storedMediaRoutes(app: App) {
  const { storage, env } = app.deps;
  const signed = env.MEDIA_URLS === "signed";

  app.route<{ Params: { key: string } }>({
    // HEAD declared here, not derived from GET: Fastify's derived HEAD would read the whole object.
    method: ["GET", "HEAD"],
    url: "/media/:key",
    exposeHeadRoute: false,
    schema: { hide: true },
    config: { rateLimit: false },
    async handler(request, reply) {
      const { key } = request.params;
      if (!isStorageKey(key)) return reply.callNotFound();
      if (signed) {
        // The bucket answers a missing key itself; asking it first would cost a round trip each time.
        const url = await storage.signedUrl(key, env.MEDIA_URL_TTL_SECONDS);
        if (url) {
          // The URL is valid for at least the TTL: a redirect kept for half of it never points to an expired one.
          reply.header("cache-control", `private, max-age=${Math.floor(env.MEDIA_URL_TTL_SECONDS / 2)}`);
          return reply.redirect(url, 302);
        }
      }
      // A HEAD or a revalidation needs only the object's size and validator, not its bytes.
      if (request.method === "HEAD" || request.headers["if-none-match"]) {
        const info = await storage.stat(key);
        if (!info) return reply.callNotFound();
        if (etagMatches(request.headers["if-none-match"], info.etag)) {
          return reply.status(304).header("etag", info.etag).header("cache-control", IMMUTABLE).send();
        }
        if (request.method === "HEAD") return headersOf(reply, info).send();
      }
      const file = await storage.open(key);
      if (!file) return reply.callNotFound();
      return headersOf(reply, file).send(file.body);
    },
  });
}
