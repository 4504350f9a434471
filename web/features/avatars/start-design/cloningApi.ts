/** The calls of docs/api.md "Photo cloning" and "Cartoon avatars" (no three.js here). */
import { endpoints } from "../../../../shared/endpoints.ts";
import type { Sex } from "../../../../shared/schemas/roles.ts";
import { call, request } from "../../../lib/api.ts";

/**
 * Clone a face from a photo. requestId goes before the file (it makes a retry idempotent and lets
 * the progress be polled). Silent: failures show in the upload area, not as toasts.
 */
export function createPhoto(sex: Sex, file: Blob, requestId: string, fileName = "photo") {
  const form = new FormData();
  form.append("requestId", requestId);
  form.append("file", file, fileName);
  return call(endpoints.photoCreate, { params: { sex }, body: form });
}

export const photoProgress = (requestId: string, signal?: AbortSignal) =>
  request(endpoints.photoProgress, { params: { requestId }, signal });

export function cartoonUpload(glb: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([glb as Uint8Array<ArrayBuffer>], { type: "model/gltf-binary" }), "cartoon.glb");
  return request(endpoints.cartoonUpload, { body: form });
}

export const createCartoon = (url: string) => request(endpoints.cartoonCreate, { body: { url } });

export const toonify = (url: string, pose: "A" | "T" = "A") =>
  request(endpoints.toonify, { body: { url, textureSize: 1024, pose } });
