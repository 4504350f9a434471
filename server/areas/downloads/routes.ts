import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { downloadEndpoints as downloads } from "../../../shared/endpoints.ts";
import { ErrorEnvelope } from "../../../shared/schemas/common.ts";
import { ZipFile } from "../../../shared/schemas/downloads.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { CLIENTS_DIST, SCENE_DIR } from "./releases.ts";
import { createDownloadService } from "./service.ts";

/** p1: the download centre and its packages (docs/decisions/024). */
export async function downloadRoutes(app: App) {
  const service = createDownloadService({ env: app.deps.env, log: app.log });

  route(app, downloads.downloadList, async (request, reply) => reply.ok(await service.list(request.language)));

  route(
    app,
    downloads.downloadFile,
    async (request, reply) => {
      const pkg = await service.file(request.params.name);
      const etag = `"${pkg.sha256}"`;
      reply
        .header("content-disposition", `attachment; filename="${pkg.name}"`)
        // RFC 9530: the checksum of these bytes, for clients that check it as they download
        .header("repr-digest", `sha-256=:${Buffer.from(pkg.sha256, "hex").toString("base64")}:`)
        .header("etag", etag)
        // the same name can be rebuilt from other sources (no version bump): always revalidate
        .header("cache-control", "no-cache");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.type("application/zip").send(pkg.bytes);
    },
    {
      responses: {
        200: {
          description:
            "The zip, with Content-Length, Content-Disposition attachment and its SHA-256 in Repr-Digest and ETag",
          content: { "application/zip": { schema: ZipFile } },
        },
        404: { description: "No such package (1601)", content: { "application/json": { schema: ErrorEnvelope } } },
        503: {
          description: "The package is not on this server, or not as built (1602)",
          content: { "application/json": { schema: ErrorEnvelope } },
        },
      },
    },
  );
}

/**
 * The live scene the thin (cloud-rendering) client loads from its server: clients/dist/scene as
 * `npm run clients` built it, at /clients/scene/. Nothing is served when it has not been built.
 */
export async function clientSceneRoutes(app: App) {
  const root = path.join(path.resolve(app.deps.env.CLIENTS_DIR ?? CLIENTS_DIST), SCENE_DIR);
  if (!fs.existsSync(root)) {
    app.log.warn({ root }, "the client scene is not built (npm run clients): /clients/scene/ answers 404");
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: "/clients/scene/",
    decorateReply: false,
    // looked up per request: a rebuilt scene is served without a restart
    wildcard: true,
    setHeaders(reply, file) {
      reply.header(
        "cache-control",
        file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
}
