/** Membership and order calls (docs/api.md "Membership and orders"), one hook per operation. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { endpoints } from "../../../shared/endpoints.ts";
import { ORDER_STATUS, type OrderRange, type PayChannel } from "../../../shared/orders.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage, useSession } from "../../lib/session.ts";
import { refreshUserInfo } from "../account/index.ts";

const vipKey = [...USER_SCOPE, "vip"] as const;
const ordersKey = [...USER_SCOPE, "orders"] as const;

export function useVipSkus() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["vipSkus", language],
    queryFn: ({ signal }) => request(endpoints.vipSkus, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The tiers compared (docs/decisions/055). */
export function useVipCompare() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["vipCompare", language],
    queryFn: ({ signal }) => request(endpoints.vipCompare, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useHourPackages() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["hourPackages", language],
    queryFn: ({ signal }) => request(endpoints.hourPackages, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useUserVip() {
  const token = useSession((s) => s.token);
  const language = useLanguage();
  return useQuery({
    queryKey: [...vipKey, language],
    queryFn: ({ signal }) => request(endpoints.userVip, { signal }),
    enabled: token !== null,
  });
}

export function useStatusNames() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["orderStatuses", language],
    queryFn: ({ signal }) => request(endpoints.orderStatuses, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** After a payment or the trial: the membership, the orders and userInfo's vipType are new. */
function useRefreshAfterPurchase() {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: vipKey }),
      client.invalidateQueries({ queryKey: ordersKey }),
      refreshUserInfo(),
    ]);
  }, [client]);
}

export function useStartTrial() {
  const refresh = useRefreshAfterPurchase();
  return useMutation({
    mutationFn: () => call(endpoints.trialStart),
    onSuccess: refresh,
  });
}

export const createOrder = (body: { skuId: string; channel: PayChannel; quantity?: number }) =>
  request(endpoints.orderCreate, { body });

/** 'Proceed Pay': the same order, a new payment attempt. */
export const repayOrder = (orderId: string, channel?: PayChannel) =>
  request(endpoints.orderRepay, { params: { orderId }, body: channel ? { channel } : {} });

/** The order's status, asked every 2 s while it waits for payment (spec section 4). */
export function useOrderStatus(orderId: string | null) {
  const refresh = useRefreshAfterPurchase();
  const query = useQuery({
    queryKey: ["orderStatus", orderId],
    queryFn: ({ signal }) => request(endpoints.orderStatus, { params: { orderId: orderId as string }, signal }),
    enabled: orderId !== null,
    refetchInterval: (q) => (q.state.data?.status === ORDER_STATUS.pending || !q.state.data ? 2000 : false),
    retry: false,
    gcTime: 0,
  });
  const paid = query.data?.status === ORDER_STATUS.paid;
  // once paid: the membership, the order list and userInfo's vipType change, so load them again
  useEffect(() => {
    if (paid) void refresh();
  }, [paid, refresh]);
  return query;
}

export function useOrderPage(page: number, limit: number, range: OrderRange) {
  const language = useLanguage();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useQuery({
    queryKey: [...ordersKey, "page", page, limit, range, language],
    queryFn: ({ signal }) => request(endpoints.orderPage, { body: { page, limit, range, timeZone }, signal }),
    placeholderData: keepPreviousData,
  });
}
