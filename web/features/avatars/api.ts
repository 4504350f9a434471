/** The avatar calls of docs/api.md "Avatars (roles)", one hook per operation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fillPath } from "../../../shared/endpoint.ts";
import { endpoints } from "../../../shared/endpoints.ts";
import type { CustomRoleUpdateBody, ExportQuery, RoleAndCustomData } from "../../../shared/schemas/roles.ts";
import { ApiError, call, type FileAnswer, NETWORK_ERROR_CODE, request } from "../../lib/api.ts";
import { queryClient, USER_SCOPE } from "../../lib/queryClient.ts";

const rolesKey = [...USER_SCOPE, "roles"] as const;
const customKey = [...USER_SCOPE, "customRoles"] as const;

/** Gender filter of the Start design dialog: '' all, 2 female, 1 male. */
export type SexFilter = "" | "1" | "2";

export function useRoleList(sex: SexFilter, enabled = true) {
  return useQuery({
    queryKey: [...rolesKey, "list", sex],
    enabled,
    queryFn: ({ signal }) => request(endpoints.roleList, { query: { limit: 200, page: 1, sex }, signal }),
  });
}

/** 'DIY face' from a system avatar: answers the new custom role id (and the avatar lists show it). */
export async function createCustomRole(id: string) {
  const roleId = await request(endpoints.customRoleCreate, { body: { id } });
  void queryClient.invalidateQueries({ queryKey: customKey });
  return roleId;
}

export function useCustomRoles(page = 1, limit = 100) {
  return useQuery({
    queryKey: [...customKey, "page", page, limit],
    queryFn: ({ signal }) => request(endpoints.customRolePage, { body: { page, limit }, signal }),
  });
}

export function useCustomRoleDetail(id: string) {
  return useQuery({
    queryKey: [...customKey, "detail", id],
    enabled: id !== "",
    staleTime: 0,
    queryFn: ({ signal }) => request(endpoints.customRoleDetail, { params: { id }, signal }),
  });
}

/** What 'reset everything' restores: the face the avatar started with. */
export const loadInitFace = (id: string) => request(endpoints.customRoleInit, { params: { id } });

export function useSysAttr(language: string) {
  return useQuery({
    queryKey: ["sysAttr", language],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => request(endpoints.sysAttr, { signal }),
  });
}

/** An avatar to blend a face from: a system one (with its equityStatus) or one of the user's. */
export type BlendSource = RoleAndCustomData["roles"][number] | RoleAndCustomData["customRoles"][number];

export function useBlendSources(enabled: boolean) {
  return useQuery({
    queryKey: [...customKey, "roleAndCustomList"],
    enabled,
    queryFn: ({ signal }) => request(endpoints.roleAndCustomList, { signal }),
  });
}

/** Every change to the user's avatars answers the service's message ('Saved', 'Copied' ...). */
function useCustomRoleChange<T>(run: (arg: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: customKey }) });
}

export const useUpdateCustomRole = () =>
  useCustomRoleChange((body: CustomRoleUpdateBody) => call(endpoints.customRoleUpdate, { body }));

export const useCopyCustomRole = () =>
  useCustomRoleChange((id: string) => call(endpoints.customRoleCopy, { body: { id } }));

export const useDeleteCustomRole = () =>
  useCustomRoleChange((id: string) => call(endpoints.customRoleDelete, { params: { id } }));

export const useResetCustomRole = () =>
  useCustomRoleChange((id: string) => call(endpoints.customRoleReset, { params: { id } }));

/**
 * One of the user's avatars as a model file (GLB or VRM 1.0, docs/decisions/034), handed to the
 * browser as a download under the name the server gives it. Answers that name.
 */
export async function exportCustomRole(id: string, format: ExportQuery["format"]): Promise<string> {
  return exportModel(fillPath(endpoints.customRoleExport.path, { id }), format);
}

/** A system avatar as a model file (the Start design dialog's cards), as exportCustomRole. */
export async function exportSystemRole(id: string, format: ExportQuery["format"]): Promise<string> {
  return exportModel(fillPath(endpoints.roleExport.path, { id }), format);
}

async function exportModel(path: string, format: ExportQuery["format"]): Promise<string> {
  // failures are the envelope, handled (toasts, logout) by the API client as for any call
  const { data } = await call<FileAnswer | undefined>(path, { query: { format }, binary: true });
  if (!(data?.blob instanceof Blob)) throw new ApiError(NETWORK_ERROR_CODE, "no file", "network");
  const name = fileName(data.disposition) ?? `avatar.${format}`;
  const url = URL.createObjectURL(data.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file by the next task; keep the URL a while for slow ones
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** The name a Content-Disposition gives: the UTF-8 `filename*` first, else `filename`. */
function fileName(disposition: string | null): string | null {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? null;
}
