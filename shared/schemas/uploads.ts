/**
 * The multipart forms of the four uploads, for the OpenAPI document only (an entry's `form`):
 * the handlers read the parts themselves (server/multipart.ts), judging files by their bytes.
 */

import type { TSchema } from "typebox";
import * as Type from "typebox";
import { CARTOON_MAX_BYTES, PHOTO } from "../constants.ts";
import { CUSTOM_LIMITS, CUSTOM_STYLES } from "../custom.ts";

/** A file part: binary, with the types and the size it may have (a larger one answers its own code). */
const File = (description: string, mediaTypes: readonly string[], maxBytes: number): TSchema =>
  Type.Unsafe<string>({
    type: "string",
    format: "binary",
    contentMediaType: mediaTypes.join(", "),
    description: `${description} (${mediaTypes.join(", ")}; at most ${maxBytes} bytes)`,
    "x-max-bytes": maxBytes,
  });

const photo = (description: string) => File(description, PHOTO.mimeTypes, PHOTO.maxBytes);

/** POST base/file/upload */
export const FileUploadForm = Type.Object({
  file: photo("A JPEG or PNG judged by its bytes; larger than 3 MiB answers 1101"),
});

/** POST customRole/createPhoto/{sex} */
export const PhotoCloneForm = Type.Object({
  file: photo(`The portrait, at least ${PHOTO.minWidth}×${PHOTO.minHeight} pixels, one face`),
  requestId: Type.Optional(
    Type.String({
      format: "uuid",
      description: "Chosen by the client to poll photoProgress/{requestId} while the clone runs",
    }),
  ),
});

/** POST customRole/cartoonUpload */
export const CartoonUploadForm = Type.Object({
  file: File("The creator page's GLB export", ["model/gltf-binary"], CARTOON_MAX_BYTES),
});

/**
 * POST customMade/create: text fields first, then the photos. Only `sex` is refused with 400; the
 * other fields are checked in the form's order and answer the form's own codes (docs/api.md,
 * "Tailored models"), which the page shows beside the field.
 */
export const CustomRequestForm = Type.Object({
  sex: Type.Optional(Type.Union([Type.Literal("1"), Type.Literal("2")], { default: "2" })),
  style: Type.Optional(Type.String({ description: `One of ${CUSTOM_STYLES.join(", ")}; another or none: 1704` })),
  description: Type.Optional(
    Type.String({ description: `Up to ${CUSTOM_LIMITS.descriptionMax} characters; blank: 1303, longer: 1304` }),
  ),
  budget: Type.Optional(
    Type.String({
      description: "Digits, in the smallest unit of the site's currency; outside the site's bounds: 1705",
    }),
  ),
  deadline: Type.Optional(
    Type.String({ description: "YYYY-MM-DD in the site's time zone, 14 to 365 days away: 1706 to 1709 otherwise" }),
  ),
  photos: Type.Optional(
    Type.Array(photo("A reference photo"), {
      description: `${CUSTOM_LIMITS.minPhotos} to ${CUSTOM_LIMITS.maxPhotos} photos; none: 1702, more: 1703`,
    }),
  ),
});
