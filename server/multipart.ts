import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CodeName } from "../shared/codes.ts";
import { PHOTO } from "../shared/constants.ts";
import { BizError } from "./errors.ts";
import { checkText } from "./validation.ts";

/**
 * Read the single file of a multipart request into memory, at most `maxBytes`. A larger file
 * is the business error error_1 (not a bare 413), so the upload area can show its message.
 *
 * The bytes are counted here. @fastify/multipart's own check (`toBuffer()` looking at the
 * `truncated` flag) misses a truncation that lands after the last chunk it looks at, depending on
 * how the client chunks the body (upstream issue 542). So the parser may pass one byte more than
 * the limit, and a count above the limit, or a truncated stream, is "too large".
 */
export async function readUpload(
  request: FastifyRequest,
  field = "file",
  maxBytes: number = PHOTO.maxBytes,
  tooLarge: CodeName = "PHOTO_TOO_LARGE",
): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw Object.assign(new Error("not multipart"), { statusCode: 415, code: "FST_INVALID_MULTIPART_CONTENT_TYPE" });
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== field) {
    // read past the part (the rest of the body is drained by drainUnreadBodies) before refusing
    if (part) await readAtMost(part.file, 0);
    throw Object.assign(new Error(`missing file field ${field}`), {
      statusCode: 400,
      validation: [{ keyword: "required", instancePath: "", params: { missingProperty: field } }],
      validationContext: "body",
    });
  }
  const bytes = await readAtMost(part.file, maxBytes);
  if (!bytes) throw new BizError(tooLarge);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const entry = Array.isArray(value) ? value[0] : value;
    if (entry && entry.type === "field") fields[name] = String(entry.value);
  }
  checkText({ body: fields });
  return { bytes, filename: part.filename, fields };
}

/** The whole stream if it holds at most `maxBytes` and was not cut short; otherwise null, after
 * reading it to its end so the request finishes cleanly. */
export async function readAtMost(file: AsyncIterable<Buffer> & { truncated?: boolean }, maxBytes: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of file) {
    total += chunk.length;
    if (total <= maxBytes) chunks.push(chunk);
  }
  if (total > maxBytes || file.truncated) return null;
  return Buffer.concat(chunks, total);
}

/**
 * Read a multipart form with several files under one field and some text fields. Each file is
 * read whole up to `maxBytes` (null when it is larger: the caller answers error_1 for it, after
 * the body is read). At most `maxFiles + 1` files are taken, one more than allowed so the caller
 * can answer "too many" with its own message; past that, parsing stops with `tooMany` set.
 */
export async function readUploads(
  request: FastifyRequest,
  options: { field: string; maxFiles: number; maxBytes?: number },
): Promise<{ files: (Buffer | null)[]; fields: Record<string, string>; tooMany: boolean }> {
  const { field, maxFiles, maxBytes = PHOTO.maxBytes } = options;
  if (!request.isMultipart())
    throw Object.assign(new Error("not multipart"), { statusCode: 415, code: "FST_INVALID_MULTIPART_CONTENT_TYPE" });
  const files: (Buffer | null)[] = [];
  const fields: Record<string, string> = {};
  let tooMany = false;
  try {
    // throwFileSizeLimit: false (read at runtime, missing from the types): a large file is counted
    // here, as readUpload does, so the request is read to its end and answered with error_1.
    const limits = { limits: { fileSize: maxBytes + 1, files: maxFiles + 1 }, throwFileSizeLimit: false };
    const parts = request.parts(limits as Parameters<FastifyRequest["parts"]>[0]);
    for await (const part of parts) {
      if (part.type === "field") {
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === field) {
        files.push(await readAtMost(part.file, maxBytes));
      } else {
        await readAtMost(part.file, 0); // a file under another name: not ours, read past it
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code !== "FST_FILES_LIMIT") throw error;
    tooMany = true;
  }
  checkText({ body: fields });
  return { files, fields, tooMany: tooMany || files.length > maxFiles };
}

/** A refused upload's unread rest is read and dropped up to this size; a larger one closes the connection. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Every early refusal of a multipart request (a part under another name, a business error before
 * the parts are read, a validation error) leaves the rest of its body unread: the parser stops
 * pulling, so a kept-alive connection would never get to its next request. Before any such answer
 * goes out, the body's rest is read and dropped (up to DRAIN_LIMIT_BYTES, by its Content-Length), or
 * the answer says `connection: close` and the connection ends with it.
 */
export function drainUnreadBodies(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || !request.isMultipart()) return payload;
    const length = Number(request.headers["content-length"]);
    if (!Number.isFinite(length) || length > DRAIN_LIMIT_BYTES) {
      reply.header("connection", "close");
      return payload;
    }
    raw.unpipe();
    raw.resume();
    return payload;
  });
}
