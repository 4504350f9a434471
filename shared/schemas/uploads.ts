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

/** POST customMade/create: text fields first, then the photos. */
export const CustomRequestForm = Type.Object({
  sex: Type.Optional(Type.Union([Type.Literal("1"), Type.Literal("2")], { default: "2" })),
  style: Type.Union(CUSTOM_STYLES.map((s) => Type.Literal(s))),
  description: Type.String({ maxLength: CUSTOM_LIMITS.descriptionMax }),
  budget: Type.String({ pattern: "^\\d{1,12}$", description: "In the smallest unit of the site's currency" }),
  deadline: Type.String({ format: "date", description: "YYYY-MM-DD in the site's time zone" }),
  photos: Type.Array(photo("A reference photo"), {
    minItems: CUSTOM_LIMITS.minPhotos,
    maxItems: CUSTOM_LIMITS.maxPhotos,
  }),
});
