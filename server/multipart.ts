import type { FastifyRequest } from "fastify";
import type { CodeName } from "../shared/codes.ts";
import { PHOTO } from "../shared/constants.ts";
import { BizError } from "./errors.ts";

/**
 * Read the single file of a multipart request into memory, at most `maxBytes`. A larger file
 * is the business error error_1 (not a bare 413), so the upload area can show its message.
 */
export async function readUpload(
  request: FastifyRequest,
  field = "file",
  maxBytes: number = PHOTO.maxBytes,
  tooLarge: CodeName = "PHOTO_TOO_LARGE",
): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw Object.assign(new Error("not multipart"), { statusCode: 415, code: "FST_INVALID_MULTIPART_CONTENT_TYPE" });
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part || part.fieldname !== field) {
    throw Object.assign(new Error(`missing file field ${field}`), {
      statusCode: 400,
      validation: [{ keyword: "required", instancePath: "", params: { missingProperty: field } }],
      validationContext: "body",
    });
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new BizError(tooLarge);
    throw error;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const entry = Array.isArray(value) ? value[0] : value;
    if (entry && entry.type === "field") fields[name] = String(entry.value);
  }
  return { bytes, filename: part.filename, fields };
}
