/**
 * /media/{key}: the stored media files (uploads, thumbnails, portraits, GLBs and textures),
 * whatever holds them (infra/storage.ts). The key is the capability, as it always was: keys are
 * 144 random bits or derived from such a key or from what a portrait shows, and `<img>` cannot
 * send a token, so anyone who has the URL may fetch the file; lists and deletes are owner-scoped
 * v1 calls. With MEDIA_URLS=signed the answer is a redirect to a short-lived signed URL of the
 * bucket; otherwise the server streams the bytes. docs/decisions/033-object-storage.md.
 */

import { isStorageKey } from "../../../infra/storage.ts";
import type { App } from "../../types.ts";
import { etagMatches } from "./routes.ts";

/** Keys never change what they name (a new file gets a new key): cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export async function storedMediaRoutes(app: App) {
  const { storage, env } = app.deps;
  const signed = env.MEDIA_URLS === "signed";

  app.get<{ Params: { key: string } }>(
    "/media/:key",
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
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
      if (request.headers["if-none-match"]) {
        const info = await storage.stat(key);
        if (!info) return reply.callNotFound();
        if (etagMatches(request.headers["if-none-match"], info.etag)) {
          return reply.status(304).header("etag", info.etag).header("cache-control", IMMUTABLE).send();
        }
      }
      const file = await storage.open(key);
      if (!file) return reply.callNotFound();
      reply
        .header("content-type", file.contentType)
        .header("content-length", file.size)
        .header("etag", file.etag)
        .header("cache-control", IMMUTABLE)
        .header("accept-ranges", "none");
      return reply.send(file.body);
    },
  );
}
