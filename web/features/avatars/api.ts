/** The avatar calls of docs/api.md "Avatars (roles)", one hook per operation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanSummary } from "../../../shared/schemas/plans.ts";
import type {
  Appearance,
  CustomRoleDetail,
  CustomRoleRecord,
  RoleRecord,
  StoredFaceParams,
} from "../../../shared/schemas/roles.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";

const rolesKey = [...USER_SCOPE, "roles"] as const;
const customKey = [...USER_SCOPE, "customRoles"] as const;
const CUSTOM = "/web-api/v1/douyin/customRole";

/** Gender filter of the Start design dialog: '' all, 2 female, 1 male. */
export type SexFilter = "" | "1" | "2";

export interface RoleList {
  records: RoleRecord[];
  total: number;
}

export function useRoleList(sex: SexFilter, enabled = true) {
  return useQuery({
    queryKey: [...rolesKey, "list", sex],
    enabled,
    queryFn: ({ signal }) =>
      request<RoleList>("/web-api/v1/base/role/getListPage", { query: { limit: 200, page: 1, sex }, signal }),
  });
}

/** 'Create a draft' from a system avatar: answers the new plan id. */
export const addPlan = (roleId: string) =>
  request<string>("/web-api/v1/base/planInfo/addPlanInfo", { method: "POST", body: { roleId, roleType: "1" } });

/** The user's plans built on an avatar (deleting the avatar deletes them). */
export const plansOfRole = (roleId: string) =>
  request<PlanSummary[]>("/web-api/v1/base/planInfo/getPlansByRole", { query: { roleId } });

/** 'DIY face' from a system avatar: answers the new custom role id. */
export const createCustomRole = (id: string) => request<string>(`${CUSTOM}/create`, { method: "POST", body: { id } });

export function useCustomRoles(page = 1, limit = 100) {
  return useQuery({
    queryKey: [...customKey, "page", page, limit],
    queryFn: ({ signal }) =>
      request<{ records: CustomRoleRecord[]; total: number }>(`${CUSTOM}/pageList`, {
        method: "POST",
        body: { page, limit },
        signal,
      }),
  });
}

export function useCustomRoleDetail(id: string) {
  return useQuery({
    queryKey: [...customKey, "detail", id],
    enabled: id !== "",
    staleTime: 0,
    queryFn: ({ signal }) => request<CustomRoleDetail>(`${CUSTOM}/detail/${encodeURIComponent(id)}`, { signal }),
  });
}

export interface InitFace {
  sex: 1 | 2;
  faceParams: Partial<StoredFaceParams>;
  appearance: Appearance;
}

/** What 'reset everything' restores: the face the avatar started with. */
export const loadInitFace = (id: string) => request<InitFace>(`${CUSTOM}/detailInit/${encodeURIComponent(id)}`);

export interface SysAttr {
  groups: { id: string; name: string }[];
  sliders: { id: string; group: string; name: string; min: number; max: number }[];
  skinTones: { value: number; color: string }[];
  hairColors: { id: string; color: string }[];
  eyeColors: { id: string; color: string }[];
}

export function useSysAttr(language: string) {
  return useQuery({
    queryKey: ["sysAttr", language],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) => request<SysAttr>(`${CUSTOM}/loadSysAttr`, { signal }),
  });
}

export interface BlendSource {
  id: string;
  name: string;
  sex: number;
  img: string | null;
  /** System avatars only: 2 when locked for the user's membership. */
  equityStatus?: number;
  faceParams: Partial<StoredFaceParams>;
}

export function useBlendSources(enabled: boolean) {
  return useQuery({
    queryKey: [...customKey, "roleAndCustomList"],
    enabled,
    queryFn: ({ signal }) =>
      request<{ roles: BlendSource[]; customRoles: BlendSource[] }>(`${CUSTOM}/roleAndCustomList`, { signal }),
  });
}

export interface FaceUpdate {
  id: string;
  name?: string;
  faceParams?: Partial<StoredFaceParams>;
  appearance?: Appearance;
}

/** Every change to the user's avatars answers the service's message ('Saved', 'Copied' ...). */
function useCustomRoleChange<T>(run: (arg: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: customKey }) });
}

export const useUpdateCustomRole = () =>
  useCustomRoleChange((body: FaceUpdate) => call<null>(`${CUSTOM}/update`, { method: "POST", body }));

export const useCopyCustomRole = () =>
  useCustomRoleChange((id: string) => call<string>(`${CUSTOM}/copy`, { method: "POST", body: { id } }));

export const useDeleteCustomRole = () =>
  useCustomRoleChange((id: string) => call<null>(`${CUSTOM}/${encodeURIComponent(id)}`, { method: "DELETE" }));

export const useResetCustomRole = () =>
  useCustomRoleChange((id: string) => call<null>(`${CUSTOM}/reset/${encodeURIComponent(id)}`, { method: "POST" }));
