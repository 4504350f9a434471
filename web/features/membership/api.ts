/** Membership and order calls (docs/api.md "Membership and orders"), one hook per operation. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { ORDER_STATUS, type OrderRange, type PayChannel } from "../../../shared/orders.ts";
import type {
  HourPackage,
  NamedValue,
  OrderPage,
  OrderStatusData,
  PayTicket,
  UserVip,
  VipSku,
} from "../../../shared/schemas/orders.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage, useSession } from "../../lib/session.ts";
import { refreshUserInfo } from "../account/index.ts";

const P1 = "/web-api/p1";
const V1 = "/web-api/v1";
const vipKey = [...USER_SCOPE, "vip"] as const;
const ordersKey = [...USER_SCOPE, "orders"] as const;

export function useVipSkus() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["vipSkus", language],
    queryFn: ({ signal }) => request<VipSku[]>(`${P1}/vip/sku/list`, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useHourPackages() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["hourPackages", language],
    queryFn: ({ signal }) => request<HourPackage[]>(`${P1}/vip/supplyTime/list`, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useUserVip() {
  const token = useSession((s) => s.token);
  const language = useLanguage();
  return useQuery({
    queryKey: [...vipKey, language],
    queryFn: ({ signal }) => request<UserVip>(`${V1}/vip/userVip/list`, { signal }),
    enabled: token !== null,
  });
}

export function useStatusNames() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["orderStatuses", language],
    queryFn: ({ signal }) => request<NamedValue[]>(`${P1}/order/statusList`, { signal }),
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
    mutationFn: () => call<UserVip>(`${V1}/vip/trial`, { method: "POST", body: {} }),
    onSuccess: refresh,
  });
}

export const createOrder = (body: { skuId: string; channel: PayChannel; quantity?: number }) =>
  request<PayTicket>(`${V1}/order/create`, { method: "PUT", body });

/** 'Proceed Pay': the same order, a new payment attempt. */
export const repayOrder = (orderId: string, channel?: PayChannel) =>
  request<PayTicket>(`${V1}/order/pay/${encodeURIComponent(orderId)}`, {
    method: "POST",
    body: channel ? { channel } : {},
  });

/** The order's status, asked every 2 s while it waits for payment (spec section 4). */
export function useOrderStatus(orderId: string | null) {
  const refresh = useRefreshAfterPurchase();
  const query = useQuery({
    queryKey: ["orderStatus", orderId],
    queryFn: ({ signal }) =>
      request<OrderStatusData>(`${V1}/order/status/${encodeURIComponent(orderId as string)}`, { signal }),
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
    queryFn: ({ signal }) =>
      request<OrderPage>(`${V1}/order/pageList`, { method: "POST", body: { page, limit, range, timeZone }, signal }),
    placeholderData: keepPreviousData,
  });
}
