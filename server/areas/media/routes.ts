import { createHash } from "node:crypto";
import * as Type from "typebox";
import { renderCatalogueAudio } from "../../../shared/audio/index.ts";
import { mediaEndpoints } from "../../../shared/endpoints.ts";
import { catalogueItem } from "../../../shared/plan/catalogue.ts";
import { ErrorEnvelope } from "../../../shared/schemas/common.ts";
import { WavFile } from "../../../shared/schemas/media.ts";
import { BizError } from "../../errors.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";

interface Rendered {
  bytes: Buffer;
  etag: string;
}

/** Does an If-None-Match header name this ETag? (a list, weak validators and `*` included) */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

/**
 * The catalogue's sounds and voice samples as WAV files, rendered from their looks on first
 * request and kept in memory: the catalogue is small and fixed (about 15 files, under 2 MB).
 * Public, because `<audio>` cannot send a token. Cached for a day, then revalidated by ETag (a
 * change to the synthesiser reaches browsers within a day; docs/decisions/011-synthesised-audio.md).
 */
export async function mediaRoutes(app: App) {
  const rendered = new Map<string, Rendered>();

  function audioOf(file: string): Rendered | null {
    if (!file.endsWith(".wav")) return null;
    const id = file.slice(0, -".wav".length);
    const cached = rendered.get(id);
    if (cached) return cached;
    const item = catalogueItem(id);
    const wav = item ? renderCatalogueAudio(item) : null;
    if (!wav) return null;
    const bytes = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
    const entry = { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
    rendered.set(id, entry);
    return entry;
  }

  route(
    app,
    mediaEndpoints.soundFile,
    async (request, reply) => {
      const audio = audioOf(request.params.id);
      if (!audio) throw new BizError("NOT_FOUND");
      reply.header("cache-control", "public, max-age=86400").header("etag", audio.etag);
      if (etagMatches(request.headers["if-none-match"], audio.etag)) return reply.status(304).send();
      return reply.type("audio/wav").send(audio.bytes);
    },
    {
      // Not an envelope: the file itself.
      responses: {
        200: {
          description: "The WAV file; an unknown or silent item answers the 1212 envelope",
          content: {
            "audio/wav": { schema: WavFile },
            "application/json": { schema: ErrorEnvelope },
          },
        },
        304: Type.Unsafe<undefined>({ description: "Not modified (If-None-Match)", type: "null" }),
      },
    },
  );
}
