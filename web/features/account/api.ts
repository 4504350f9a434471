import { useMutation, useQuery } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import type { EmailLoginBody, UserInfoData } from "../../../shared/schemas/account.ts";
import { request } from "../../lib/api.ts";
import { tellHost } from "../../lib/host.ts";
import { navigate } from "../../lib/navigation.ts";
import { queryClient as appQueryClient, USER_INFO_KEY, USER_SCOPE } from "../../lib/queryClient.ts";
import { useSession } from "../../lib/session.ts";
import { rememberSource } from "../../lib/variant.ts";
import { reportUserLoaded } from "./analytics.ts";

/**
 * Loads userInfo. The query cache is its only home: the header, the 600 handler and the membership
 * gate read it there (useUserInfo, getUserInfo in lib/session.ts).
 */
async function loadUserInfo(signal?: AbortSignal): Promise<UserInfoData> {
  // The time stamp defeats caches between the browser and the server (spec section 7).
  const info = await request(endpoints.userInfo, { query: { t: String(Date.now()) }, signal });
  reportUserLoaded(info);
  // which login page a later code 600 goes to, even before userInfo loads again
  rememberSource(info.sourcesNo);
  return info;
}

/** The logged-in user's info query; fetched whenever there is a token. Mounted by the layouts. */
export function useUserInfoQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: ({ signal }) => loadUserInfo(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    // kept while no page watches it (editors without the layout); logout removes it
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Loads userInfo afresh; rejects as the call failed (an ApiError: kind "logout" on code 600). */
export function reloadUserInfo(): Promise<UserInfoData> {
  return appQueryClient.fetchQuery({
    queryKey: USER_INFO_KEY,
    queryFn: ({ signal }) => loadUserInfo(signal),
    staleTime: 0,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Reloads userInfo after a change to the account (bind, unbind). */
export function refreshUserInfo(): Promise<unknown> {
  return reloadUserInfo().catch(() => null);
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
  return useMutation({
    mutationFn: () => request(endpoints.logout).catch(() => null),
    onSettled: () => {
      useSession.getState().logout();
      // embedded, the host (the iOS wrapper) hears of it and may take the user to its own start
      tellHost({ type: "logout", data: { reason: "user" } });
      navigate("/");
    },
  });
}
