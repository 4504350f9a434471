/** The plan calls of docs/api.md "Plans" (spec section 7), one hook per operation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import type { InteractInput, WearBody } from "../../../shared/schemas/plans.ts";
import type { RoleKind } from "../../../shared/schemas/roles.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage } from "../../lib/session.ts";

export type { InteractInput };

const planKey = [...USER_SCOPE, "plan"] as const;
/** Everything about one plan (its info, expression and interaction lists). */
export const planInfoKey = (planId: string) => [...planKey, "info", planId] as const;
const plansKey = [...USER_SCOPE, "plans"] as const;
/** The catalogue depends on the membership (equityStatus) and the language (names). */
const catalogueKey = [...USER_SCOPE, "catalogue"] as const;

/** The catalogue lists a plan picks from: each answers a page of records. */
const CATALOGUES = {
  outfits: endpoints.outfitCatalogue,
  scenes: endpoints.sceneCatalogue,
  pets: endpoints.petCatalogue,
  events: endpoints.eventCatalogue,
  actions: endpoints.actionCatalogue,
} as const;
export type CatalogueSource = keyof typeof CATALOGUES;

/** One catalogue list, as a query (the quick set fetches several at once through the same cache). */
export const catalogueQuery = (source: CatalogueSource, type: string | undefined, language: string) => ({
  queryKey: [...catalogueKey, source, type ?? "", language],
  staleTime: 5 * 60_000,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request(CATALOGUES[source], { query: { type, page: 1, limit: 100 }, signal }),
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
    queryFn: ({ signal }) => request(endpoints.voiceList, { signal }),
  });
}

/** The plan being assembled. Silent: a plan that is not the user's gets the page's own empty state. */
export function usePlanInfo(planId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...planInfoKey(planId), "detail", language],
    enabled: planId !== "",
    staleTime: 0,
    queryFn: ({ signal }) => request(endpoints.planInfo, { query: { planId }, signal }),
  });
}

export function useExpressionList(planId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...planInfoKey(planId), "expressions", language],
    queryFn: ({ signal }) => request(endpoints.planExpressions, { query: { planId }, signal }),
  });
}

export function useInteractList(planId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...planInfoKey(planId), "interactions", language],
    queryFn: ({ signal }) => request(endpoints.planInteractions, { query: { planId }, signal }),
  });
}

/** The user's plans built on an avatar (deleting the avatar deletes them). */
export const plansOfRole = (roleId: string, signal?: AbortSignal) =>
  request(endpoints.plansByRole, { query: { roleId }, signal });

export function usePlansByRole(roleId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...plansKey, "byRole", roleId, language],
    queryFn: ({ signal }) => plansOfRole(roleId, signal),
  });
}

export function usePlanList(page: number, limit: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...plansKey, "page", page, limit, language],
    staleTime: 0,
    queryFn: ({ signal }) => request(endpoints.planList, { query: { page, limit }, signal }),
  });
}

export function usePlanStatistics() {
  return useQuery({
    queryKey: [...plansKey, "statistics"],
    staleTime: 0,
    queryFn: ({ signal }) => request(endpoints.planStatistics, { signal }),
  });
}

/**
 * 'Create a draft' around a system role (RoleKind '1', the Start design dialog's) or one of the
 * user's own ('2'): answers the new plan id. The spec's body calls the kind `roleType`.
 */
export const addPlan = (roleId: string, roleKind: RoleKind, name?: string) =>
  request(endpoints.planAdd, { body: { roleId, roleType: roleKind, name } });

/** Whether a role id is one of the user's own avatars (else a system one). Silent: "no" is an answer. */
export const isOwnRole = (roleId: string) =>
  request(endpoints.customRoleDetail, { params: { id: roleId } }).then(
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
    // The slot is one of the menu's outfit slots; the server refuses any other.
    call(endpoints.planWear, { body: { planId, ...arg } as WearBody }),
  );

export const useAddExpression = (planId: string) =>
  usePlanChange(planId, (attributeId: string) => call(endpoints.planAddExpression, { body: { planId, attributeId } }));

export const useDeleteExpressions = (planId: string) =>
  usePlanChange(planId, (ids: string[]) => call(endpoints.planDeleteExpressions, { body: { planId, ids } }));

/** The scene (or backdrop) and/or the whole effect layer. */
export const useSceneAssembling = (planId: string) =>
  usePlanChange(planId, (arg: { sceneId?: string | null; effectIds?: string[] }) =>
    call(endpoints.planScene, { body: { planId, ...arg } }),
  );

export const usePetsAssembling = (planId: string) =>
  usePlanChange(planId, (petIds: string[]) => call(endpoints.planPets, { body: { planId, petIds } }));

export const useAddInteraction = (planId: string) =>
  usePlanChange(planId, (input: InteractInput) => call(endpoints.planAddInteraction, { body: { planId, ...input } }));

export const useAddInteractions = (planId: string) =>
  usePlanChange(planId, (items: InteractInput[]) => call(endpoints.planAddInteractions, { body: { planId, items } }));

export const useDeleteInteractions = (planId: string) =>
  usePlanChange(planId, (ids: string[]) => call(endpoints.planDeleteInteractions, { body: { planId, ids } }));

export const useResetPlan = (planId: string) =>
  usePlanChange(planId, () => call(endpoints.planReset, { body: { planId } }));

/** Save the name and/or choose the voice (null: none). */
export const useUpdatePlan = (planId: string) =>
  usePlanChange(planId, (arg: { name?: string; voiceId?: string | null }) =>
    call(endpoints.planUpdate, { body: { planId, ...arg } }),
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
export const useUsePlan = () => usePlansChange((planId: string) => call(endpoints.planUse, { body: { planId } }));

export const useDeletePlans = () => usePlansChange((ids: string[]) => call(endpoints.planDelete, { body: { ids } }));
