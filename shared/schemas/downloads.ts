import type { Static } from "typebox";
import * as Type from "typebox";

/** A client package: its file name, size in bytes, SHA-256 (hex) and where to download it. */
export const DownloadFile = Type.Object({
  name: Type.String(),
  size: Type.Integer(),
  sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  url: Type.String(),
});
export type DownloadFile = Static<typeof DownloadFile>;

/** One entry of the download centre (clients/releases.yaml), texts in the request's language. */
export const DownloadEntry = Type.Object({
  id: Type.String(),
  platform: Type.Union([Type.Literal("pc"), Type.Literal("ios")]),
  rendering: Type.Union([Type.Literal("local"), Type.Literal("cloud"), Type.Null()]),
  name: Type.String(),
  summary: Type.String(),
  version: Type.String(),
  /** The release date, YYYY-MM-DD. */
  releasedAt: Type.String(),
  requirements: Type.Array(Type.String()),
  notes: Type.Array(Type.String()),
  /** A PC client's package as this server serves it (checked against its SHA-256), or null. */
  file: Type.Union([DownloadFile, Type.Null()]),
  /** Why a PC client has no file right now (localised), or null. */
  unavailable: Type.Union([Type.String(), Type.Null()]),
  /** The iOS app's store page, or null. */
  storeUrl: Type.Union([Type.String(), Type.Null()]),
});
export type DownloadEntry = Static<typeof DownloadEntry>;

/** `/download/file/{name}`: a package's file name, e.g. `avalive-live-local-2.4.0.zip`. */
export const DownloadFileParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 120 }) });
export type DownloadFileParams = Static<typeof DownloadFileParams>;

/** A zip file's bytes, for the OpenAPI document. */
export const ZipFile = Type.Unsafe<Uint8Array>({ type: "string", format: "binary" });
