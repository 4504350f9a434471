/** The calls of docs/api.md "Photo cloning" and "Cartoon avatars" (no three.js here). */
import { call, request } from "../../../lib/api.ts";

const CUSTOM = "/web-api/v1/douyin/customRole";

/**
 * Clone a face from a photo. requestId goes before the file (it makes a retry idempotent and lets
 * the progress be polled). Silent: failures show in the upload area, not as toasts.
 */
export function createPhoto(sex: 1 | 2, file: Blob, requestId: string, fileName = "photo") {
  const form = new FormData();
  form.append("requestId", requestId);
  form.append("file", file, fileName);
  return call<string>(`${CUSTOM}/createPhoto/${sex}`, { method: "POST", body: form });
}

export const photoProgress = (requestId: string, signal?: AbortSignal) =>
  request<{ percent: number }>(`${CUSTOM}/photoProgress/${encodeURIComponent(requestId)}`, { signal });

export interface CartoonUpload {
  url: string;
  avatarId: string;
}

export function cartoonUpload(glb: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([glb as Uint8Array<ArrayBuffer>], { type: "model/gltf-binary" }), "cartoon.glb");
  return request<CartoonUpload>(`${CUSTOM}/cartoonUpload`, { method: "POST", body: form });
}

export const createCartoon = (url: string) =>
  request<string>(`${CUSTOM}/createCartoon`, { method: "POST", body: { url } });

export interface ToonifyResult {
  planId: string;
  roleId: string;
  sex: number;
}

export const toonify = (url: string, pose: "A" | "T" = "A") =>
  request<ToonifyResult>(`${CUSTOM}/toonify`, { method: "POST", body: { url, textureSize: 1024, pose } });

/** Where a toonified cartoon goes: its first plan. */
export const planPath = (r: ToonifyResult) =>
  `/plan?${new URLSearchParams({ planId: r.planId, roleId: r.roleId, roleType: String(r.sex) })}`;
