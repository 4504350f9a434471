import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import type { EmailLoginBody, UserInfoData } from "../../../shared/schemas/account.ts";
import { request } from "../../lib/api.ts";
import { navigate } from "../../lib/navigation.ts";
import { queryClient as appQueryClient, USER_SCOPE } from "../../lib/queryClient.ts";
import { useSession } from "../../lib/session.ts";
import { reportUserLoaded } from "./analytics.ts";

export const userInfoKey = [...USER_SCOPE, "info"] as const;

/** Loads userInfo into the session store (the header and the 600 handler read it there). */
async function loadUserInfo(signal?: AbortSignal): Promise<UserInfoData> {
  // The time stamp defeats caches between the browser and the server (spec section 7).
  const info = await request(endpoints.userInfo, { query: { t: String(Date.now()) }, signal });
  useSession.getState().setUserInfo(info);
  reportUserLoaded(info);
  return info;
}

/** The logged-in user's info; fetched whenever there is a token. */
export function useUserInfo() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: userInfoKey,
    queryFn: ({ signal }) => loadUserInfo(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/** Reloads userInfo after a change to the account (bind, unbind). */
export function refreshUserInfo(): Promise<unknown> {
  return appQueryClient
    .fetchQuery({ queryKey: userInfoKey, queryFn: ({ signal }) => loadUserInfo(signal), staleTime: 0 })
    .catch(() => null);
}

/**
 * Every way in ends here: the previous user's cached data goes, the token is stored, and
 * userInfo is loaded. A failure of the userInfo call was already told by the API client; the
 * login itself succeeded.
 */
export async function finishLogin(token: string): Promise<void> {
  appQueryClient.removeQueries({ queryKey: USER_SCOPE });
  useSession.getState().setToken(token);
  await refreshUserInfo();
}

/**
 * Email + password login. Silent: the login form shows the service message inline (section 8
 * exempts email login from the error toast).
 */
export function useLogin() {
  return useMutation({
    mutationFn: (body: EmailLoginBody) => request(endpoints.emailLogin, { body }),
    onSuccess: ({ token }) => finishLogin(token),
  });
}

/**
 * Logs out on the server (revokes this token), then ends the session here whatever the answer,
 * and opens the home page. Navigation goes through the router outside React: the caller (the
 * header's menu) unmounts as soon as the token is gone.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(endpoints.logout).catch(() => null),
    onSettled: () => {
      useSession.getState().logout();
      queryClient.removeQueries({ queryKey: USER_SCOPE });
      navigate("/");
    },
  });
}
