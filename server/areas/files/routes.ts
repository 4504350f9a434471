import Type from "typebox";
import { Envelope } from "../../../shared/schemas/common.ts";
import { FileData, FileIdParams, FileListData, FileListQuery } from "../../../shared/schemas/files.ts";
import { readUpload } from "../../multipart.ts";
import type { App } from "../../types.ts";
import { createFileService, toFileData } from "./service.ts";

/** The user's uploaded images (the /upload page); thumbnails come from the thumbnail job. */
export async function fileRoutes(app: App) {
  const files = createFileService(app.deps);
  const tags = ["files"];

  app.post(
    "/base/file/upload",
    {
      schema: {
        tags,
        summary: "Upload an image (multipart, field `file`); answers once its thumbnail is made",
        consumes: ["multipart/form-data"],
        response: { 200: Envelope(FileData) },
      },
    },
    async (request, reply) => {
      const { bytes, filename } = await readUpload(request);
      return reply.ok(await files.upload(request.userId as string, bytes, filename), "saved");
    },
  );

  app.get(
    "/base/file/pageList",
    {
      schema: {
        tags,
        summary: "The user's images, newest first",
        querystring: FileListQuery,
        response: { 200: Envelope(FileListData) },
      },
    },
    async (request, reply) =>
      reply.ok(await files.list(request.userId as string, request.query.page, request.query.limit)),
  );

  app.get(
    "/base/file/:id",
    {
      schema: {
        tags,
        summary: "One of the user's images",
        params: FileIdParams,
        response: { 200: Envelope(FileData) },
      },
    },
    async (request, reply) => {
      return reply.ok(toFileData(await files.ownFile(request.userId as string, request.params.id)));
    },
  );

  app.delete(
    "/base/file/:id",
    {
      schema: {
        tags,
        summary: "Delete one of the user's images",
        params: FileIdParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request, reply) => {
      await files.remove(request.userId as string, request.params.id);
      return reply.ok(null);
    },
  );
}
