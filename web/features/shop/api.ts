/** The shop calls (docs/api.md "Shop"), one hook per operation. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import type { OrderRange } from "../../../shared/orders.ts";
import type { ShopSearchBody } from "../../../shared/schemas/shop.ts";
import { call, request } from "../../lib/api.ts";
import { queryClient, USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage, useSession } from "../../lib/session.ts";

/** Products say whether the caller owns them: they belong to the user's scope (dropped on logout). */
const shopKey = [...USER_SCOPE, "shop"] as const;

export function useShopSearch(body: ShopSearchBody) {
  const language = useLanguage();
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: [...shopKey, "search", body, language, loggedIn],
    queryFn: ({ signal }) => request(endpoints.shopSearch, { body, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The classification or the tag list, with counts; the same for everyone. */
export function useShopLabels(kind: "classify" | "tag") {
  const language = useLanguage();
  return useQuery({
    queryKey: ["shopLabels", kind, language],
    queryFn: ({ signal }) =>
      request(kind === "classify" ? endpoints.shopClassifyList : endpoints.shopTagList, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useShopItem(id: string) {
  const language = useLanguage();
  const loggedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: [...shopKey, "item", id, language, loggedIn],
    enabled: id !== "",
    queryFn: ({ signal }) => request(endpoints.shopItem, { params: { id }, signal }),
  });
}

export function useMyGoods(page: number, limit: number, classifyId: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKey, "mine", page, limit, classifyId, language],
    queryFn: ({ signal }) =>
      request(endpoints.shopMyGoods, { query: { page, limit, classifyId: classifyId || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The user's shop orders, in a range of the order lists' filter (all, today, last 7 or 30 days). */
export function useShopOrders(page: number, limit: number, range: OrderRange = "all") {
  const language = useLanguage();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useQuery({
    queryKey: [...shopKey, "orders", page, limit, range, language],
    queryFn: ({ signal }) => request(endpoints.shopOrderPage, { body: { page, limit, range, timeZone }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Claim a free product: answers the service's message ('Added to My purchases'). */
export const claimFree = (id: string) => call(endpoints.shopClaimFree, { params: { id } });

/**
 * After a purchase or a claim: owning something changes what the shop, the plan editor's lists and
 * Start design answer, so everything of the user's is loaded again.
 */
export const refreshOwnership = () => queryClient.invalidateQueries({ queryKey: USER_SCOPE });

/** The avatar the preview dresses: the plan in use, else the last changed one, else none (a showcase). */
export function useMyPreviewPlan(enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...shopKey, "previewPlan", language],
    enabled,
    queryFn: async ({ signal }) => {
      const used = await request(endpoints.planUsed, { signal });
      if (used) return used;
      const last = await request(endpoints.planList, { query: { page: 1, limit: 1 }, signal });
      const first = last.records[0];
      return first ? request(endpoints.planInfo, { query: { planId: first.planId }, signal }) : null;
    },
    staleTime: 60_000,
  });
}
