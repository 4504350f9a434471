import { fileEndpoints as files } from "../../../shared/endpoints.ts";
import { readUpload } from "../../multipart.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createFileService, toFileData } from "./service.ts";

/** The user's uploaded images (the /upload page); thumbnails come from the thumbnail job. */
export async function fileRoutes(app: App) {
  const service = createFileService(app.deps);

  route(app, files.fileUpload, async (request, reply) => {
    const { bytes, filename } = await readUpload(request);
    return reply.ok(await service.upload(request.userId as string, bytes, filename), "saved");
  });

  route(app, files.fileList, async (request, reply) =>
    reply.ok(await service.list(request.userId as string, request.query.page, request.query.limit)),
  );

  route(app, files.file, async (request, reply) =>
    reply.ok(toFileData(await service.ownFile(request.userId as string, request.params.id))),
  );

  route(app, files.fileDelete, async (request, reply) => {
    await service.remove(request.userId as string, request.params.id);
    return reply.ok(null);
  });
}
