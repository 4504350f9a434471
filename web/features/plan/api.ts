/** The plan calls of docs/api.md "Plans" (spec section 7), one hook per operation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CatalogueRecord,
  InteractInput,
  PlanExpression,
  PlanInfo,
  PlanInteract,
  PlanStatistics,
  PlanSummary,
} from "../../../shared/schemas/plans.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage } from "../../lib/session.ts";

const BASE = "/web-api/v1/base";

export type { InteractInput };

const planKey = [...USER_SCOPE, "plan"] as const;
/** Everything about one plan (its info, expression and interaction lists). */
export const planInfoKey = (planId: string) => [...planKey, "info", planId] as const;
const plansKey = [...USER_SCOPE, "plans"] as const;
/** The catalogue depends on the membership (equityStatus) and the language (names). */
const catalogueKey = [...USER_SCOPE, "catalogue"] as const;

export interface CataloguePage {
  records: CatalogueRecord[];
  total: number;
}

/** The catalogue lists a plan picks from: each answers a page of records. */
export type CatalogueSource =
  | "digitalmanAttribute/getListPage"
  | "sceneAttribute/getListPage"
  | "petsAttribute/getListPage"
  | "interactAttribute/getListPage"
  | "interactAttribute/getPlayListPage";

/** One catalogue list, as a query (the quick set fetches several at once through the same cache). */
export const catalogueQuery = (source: CatalogueSource, type: string | undefined, language: string) => ({
  queryKey: [...catalogueKey, source, type ?? "", language],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request<CataloguePage>(`${BASE}/${source}`, { query: { type, page: 1, limit: 100 }, signal }),
});

export function useCatalogue(source: CatalogueSource, type?: string, enabled = true) {
  const language = useLanguage();
  return useQuery({ ...catalogueQuery(source, type, language), enabled });
}

export function useVoiceList(enabled = true) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...catalogueKey, "voices", language],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => request<CatalogueRecord[]>(`${BASE}/baseProductLabel/getVoiceList`, { signal }),
  });
}

/** The plan being assembled. Silent: a plan that is not the user's gets the page's own empty state. */
export function usePlanInfo(planId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...planInfoKey(planId), "detail", language],
    enabled: planId !== "",
    staleTime: 0,
    queryFn: ({ signal }) => request<PlanInfo>(`${BASE}/planInfo/getPlanInfo`, { query: { planId }, signal }),
  });
}

export function useExpressionList(planId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...planInfoKey(planId), "expressions", language],
    queryFn: ({ signal }) =>
      request<PlanExpression[]>(`${BASE}/planDigitalmanAttribute/getExpList`, { query: { planId }, signal }),
  });
}

export function useInteractList(planId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...planInfoKey(planId), "interactions", language],
    queryFn: ({ signal }) =>
      request<PlanInteract[]>(`${BASE}/interactAttribute/getPlanInteractList`, { query: { planId }, signal }),
  });
}

export function usePlansByRole(roleId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...plansKey, "byRole", roleId, language],
    queryFn: ({ signal }) => request<PlanSummary[]>(`${BASE}/planInfo/getPlansByRole`, { query: { roleId }, signal }),
  });
}

export function usePlanList(page: number, limit: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...plansKey, "page", page, limit, language],
    staleTime: 0,
    queryFn: ({ signal }) =>
      request<{ records: PlanSummary[]; total: number }>(`${BASE}/planInfo/getListPage`, {
        query: { page, limit },
        signal,
      }),
  });
}

export function usePlanStatistics() {
  return useQuery({
    queryKey: [...plansKey, "statistics"],
    staleTime: 0,
    queryFn: ({ signal }) => request<PlanStatistics>(`${BASE}/planInfo/getStatistics`, { signal }),
  });
}

const post = <T>(path: string, body: unknown) => call<T>(`${BASE}/${path}`, { method: "POST", body });

/** 'Create a draft' on a system role ('1') or one of the user's own ('2'): answers the new plan id. */
export const addPlan = (roleId: string, roleKind: "1" | "2", name?: string) =>
  request<string>(`${BASE}/planInfo/addPlanInfo`, { method: "POST", body: { roleId, roleType: roleKind, name } });

/** Whether a role id is one of the user's own avatars (else a system one). Silent: "no" is an answer. */
export const isOwnRole = (roleId: string) =>
  request(`/web-api/v1/douyin/customRole/detail/${encodeURIComponent(roleId)}`).then(
    () => true,
    () => false,
  );

/**
 * Every change to a plan: the API client toasts a refusal (locked, limits, empty selection);
 * a success refreshes the plan, and the plan list whose counts it changed.
 */
function usePlanChange<T, R = null>(planId: string, run: (arg: T) => Promise<{ data: R; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: planInfoKey(planId) }),
        queryClient.invalidateQueries({ queryKey: plansKey }),
      ]),
  });
}

/** Wear an outfit (replaces its slot's), or take a slot off. */
export const useWear = (planId: string) =>
  usePlanChange(planId, (arg: { attributeId: string } | { slot: string }) =>
    post<null>("planDigitalmanAttribute/addPlanDigitalmanAttribute", { planId, ...arg }),
  );

export const useAddExpression = (planId: string) =>
  usePlanChange(planId, (attributeId: string) =>
    post<string>("planDigitalmanAttribute/addPlanDigitalmanAttributeExp", { planId, attributeId }),
  );

export const useDeleteExpressions = (planId: string) =>
  usePlanChange(planId, (ids: string[]) => post<null>("planDigitalmanAttribute/delPlanManEx", { planId, ids }));

/** The scene (or backdrop) and/or the whole effect layer. */
export const useSceneAssembling = (planId: string) =>
  usePlanChange(planId, (arg: { sceneId?: string | null; effectIds?: string[] }) =>
    post<null>("planSceneAttribute/addSceneAssembling", { planId, ...arg }),
  );

export const usePetsAssembling = (planId: string) =>
  usePlanChange(planId, (petIds: string[]) => post<null>("planPetsAttribute/addPetsAssembling", { planId, petIds }));

export const useAddInteraction = (planId: string) =>
  usePlanChange(planId, (input: InteractInput) =>
    post<string>("interactAttribute/addInteractAttributeExp", { planId, ...input }),
  );

export const useAddInteractions = (planId: string) =>
  usePlanChange(planId, (items: InteractInput[]) =>
    post<string[]>("interactAttribute/addBatchPlanInteract", { planId, items }),
  );

export const useDeleteInteractions = (planId: string) =>
  usePlanChange(planId, (ids: string[]) => post<null>("interactAttribute/delPlanInteract", { planId, ids }));

export const useResetPlan = (planId: string) =>
  usePlanChange(planId, () => post<null>("planInfo/resetPlanAttribute", { planId }));

/** Save the name and/or choose the voice (null: none). */
export const useUpdatePlan = (planId: string) =>
  usePlanChange(planId, (arg: { name?: string; voiceId?: string | null }) =>
    post<null>("planInfo/updatePlanInfo", { planId, ...arg }),
  );

/** Plan-list changes (use, delete): refresh every list, the statistics and any open plan. */
function usePlansChange<T>(run: (arg: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plansKey }),
        queryClient.invalidateQueries({ queryKey: planKey }),
      ]),
  });
}

/** Marks the plan the live-stream client plays (one per user). */
export const useUsePlan = () => usePlansChange((planId: string) => post<null>("planInfo/usePlan", { planId }));

export const useDeletePlans = () => usePlansChange((ids: string[]) => post<null>("planInfo/delPlanInfo", { ids }));
