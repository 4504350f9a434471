/**
 * The logged-in user as the site's frame needs it: userInfo loaded and kept in the session store
 * (web/lib/session.ts), login's last step, logout. No TanStack Query: the header, the guards and
 * the host bridge use this on every page, the landing page's too (docs/decisions/030), and the
 * pages' own data (React Query) loads with the pages.
 */

import { useEffect } from "react";
import { endpoints } from "../../../shared/endpoints.ts";
import type { UserInfoData } from "../../../shared/schemas/account.ts";
import { request } from "../../lib/api.ts";
import { tellHost } from "../../lib/host.ts";
import { navigate } from "../../lib/navigation.ts";
import { dropUserData, onUserDataDropped, onUserDataInvalidated, useSession } from "../../lib/session.ts";
import { rememberSource } from "../../lib/variant.ts";
import { reportUserLoaded } from "./analytics.ts";

/** userInfo counts as fresh this long after it loaded: a page mounting the query within it does not ask again. */
const FRESH_MS = 5 * 60_000;

let loaded = 0;
let pending: Promise<UserInfoData> | null = null;
/** Bumped when the user's data is dropped: a load started before then lands nowhere. */
let generation = 0;

/** Loads userInfo into the session store; one call at a time (a second caller shares the first's). */
function loadUserInfo(): Promise<UserInfoData> {
  if (pending) return pending;
  const started = generation;
  const load: Promise<UserInfoData> = fetchUserInfo(started).finally(() => {
    if (pending === load) pending = null;
  });
  pending = load;
  return load;
}

async function fetchUserInfo(started: number): Promise<UserInfoData> {
  try {
    // The time stamp defeats caches between the browser and the server (spec section 7).
    const info = await request(endpoints.userInfo, { query: { t: String(Date.now()) } });
    reportUserLoaded(info);
    // which login page a later code 600 goes to, even before userInfo loads again
    rememberSource(info.sourcesNo);
    if (started === generation) {
      loaded = Date.now();
      useSession.setState({ userInfo: info, userInfoFailed: false });
    }
    return info;
  } catch (error) {
    if (started === generation) useSession.setState({ userInfoFailed: true });
    throw error;
  }
}

/** userInfo unless it is fresh; failures were told by the API client (a toast, or the 600 logout). */
function ensureUserInfo(): void {
  const { token, userInfo } = useSession.getState();
  if (!token || pending) return;
  if (userInfo && Date.now() - loaded < FRESH_MS) return;
  loadUserInfo().catch(() => undefined);
}

/**
 * The logged-in user's info, fetched whenever there is a token and it is not fresh. Mounted by the
 * layouts and the editors; the account panel reads its state.
 */
export function useUserInfoQuery() {
  const token = useSession((s) => s.token);
  const data = useSession((s) => s.userInfo);
  const failed = useSession((s) => s.userInfoFailed);
  useEffect(() => {
    if (token) ensureUserInfo();
  }, [token]);
  return {
    data: data ?? undefined,
    isPending: data === null && !failed,
    isError: failed,
    refetch: () => loadUserInfo().catch(() => undefined),
  };
}

/** Loads userInfo afresh; rejects as the call failed (an ApiError: kind "logout" on code 600). */
export function reloadUserInfo(): Promise<UserInfoData> {
  return loadUserInfo();
}

/** Reloads userInfo after a change to the account (bind, unbind). */
export function refreshUserInfo(): Promise<unknown> {
  return reloadUserInfo().catch(() => null);
}

// The pages' data changed on the server (a purchase, a licence): the user's info may have too.
onUserDataInvalidated(() => {
  if (useSession.getState().token) void refreshUserInfo();
});

// The user's data went (logout, a code 600, a new login): a load in flight lands nowhere.
onUserDataDropped(() => {
  generation++;
  pending = null;
  loaded = 0;
});

/**
 * Every way in ends here: the previous user's cached data goes, the token is stored, and
 * userInfo is loaded. A failure of the userInfo call was already told by the API client; the
 * login itself succeeded.
 */
export async function finishLogin(token: string): Promise<void> {
  dropUserData();
  useSession.getState().setToken(token);
  await refreshUserInfo();
}

/**
 * Logs out on the server (revokes this token), then ends the session here whatever the answer,
 * and opens the home page. Navigation goes through the router outside React: the caller (the
 * header's menu) unmounts as soon as the token is gone.
 */
async function logout(): Promise<void> {
  await request(endpoints.logout).catch(() => null);
  useSession.getState().logout();
  // embedded, the host (the iOS wrapper) hears of it and may take the user to its own start
  tellHost({ type: "logout", data: { reason: "user" } });
  navigate("/");
}

/** The header's and the account panel's 'Log out' (the shape of a mutation: `mutate()`). */
export function useLogout() {
  return { mutate: () => void logout() };
}
