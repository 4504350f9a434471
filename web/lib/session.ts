/**
 * The session state of spec section 3, in one store. Persisted in localStorage: the token, the
 * language the user picked, and the two tracking ids. What the server tells (the site
 * environment, userInfo) lives in the query cache only: read it with the hooks and getters below.
 */

import type { QueryKey } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/constants.ts";
import type { UserInfoData } from "../../shared/schemas/account.ts";
import type { SiteConfigData } from "../../shared/schemas/common.ts";
import type { AvatarSex } from "../../shared/schemas/plans.ts";
import { newId } from "./ids.ts";
import { queryClient, SITE_KEY, USER_INFO_KEY, USER_SCOPE } from "./queryClient.ts";
import { type PersistedSession, sessionStorageAdapter } from "./sessionStorage.ts";
import { loginPathOf, rememberedSource } from "./variant.ts";

/** The site environment (/base/config): site, currency symbol (¥ or $), pay methods, default language. */
export type SiteEnv = SiteConfigData;

/** The logged-in user (getUserInfo); sourcesNo '5' is the short-video platform variant. */
export type UserInfo = UserInfoData;

/** The plan (streaming draft) being assembled. */
export interface CurrentPlan {
  planId: string;
  roleId: string;
  /** The avatar's sex: "1" male, "2" female (the spec's name). */
  roleType: AvatarSex;
}

/** One level of the plan editor's menu. */
export interface PlanMenuLevel {
  type: string;
  name: string;
}

interface SessionState {
  token: string | null;
  /** The language the user picked; null until they pick one (then the site's default applies). */
  language: Language | null;
  webId: string;
  ssid: string;
  currentPlan: CurrentPlan | null;
  planMenuLevels: PlanMenuLevel[];
  /** Whether the 'Start design' dialog is open. */
  startDesignOpen: boolean;

  setToken(token: string): void;
  setLanguage(language: Language): void;
  setCurrentPlan(plan: CurrentPlan | null): void;
  setPlanMenuLevels(levels: PlanMenuLevel[]): void;
  setStartDesignOpen(open: boolean): void;
  /** Clears the token and everything that belonged to the user (the cached user data too). */
  logout(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      language: null,
      webId: newId(),
      ssid: newId(),
      currentPlan: null,
      planMenuLevels: [],
      startDesignOpen: false,

      setToken: (token) => set({ token }),
      setLanguage: (language) => set({ language }),
      setCurrentPlan: (currentPlan) => set({ currentPlan }),
      setPlanMenuLevels: (planMenuLevels) => set({ planMenuLevels }),
      setStartDesignOpen: (startDesignOpen) => set({ startDesignOpen }),
      logout: () => {
        set({ token: null, currentPlan: null, startDesignOpen: false });
        // the next user on this browser never sees the previous one's data
        queryClient.removeQueries({ queryKey: USER_SCOPE });
      },
    }),
    {
      name: "avalive",
      storage: sessionStorageAdapter,
      partialize: (s): PersistedSession => ({ token: s.token, language: s.language, webId: s.webId, ssid: s.ssid }),
    },
  ),
);

// The tracking ids are made once: write the freshly generated ones right away, so that the next
// load reads them back instead of making new ones (persist writes only on a change of state).
useSession.setState((s) => ({ webId: s.webId, ssid: s.ssid }));

/** The logged-in user's info as last loaded (features/account loads it), or null. */
export const getUserInfo = (): UserInfo | null => queryClient.getQueryData<UserInfo>(USER_INFO_KEY) ?? null;

/** The site environment as loaded (features/site loads it), or null before it arrives. */
export const getSiteEnv = (): SiteEnv | null => queryClient.getQueryData<SiteEnv>(SITE_KEY) ?? null;

const subscribeCache = (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange);

/** A query's data in the app's cache, re-rendering when it changes; never fetches by itself. */
function useCachedData<T>(key: QueryKey): T | null {
  return useSyncExternalStore(
    subscribeCache,
    () => queryClient.getQueryData<T>(key) ?? null,
    () => null,
  );
}

/** The logged-in user's info from the cache (the layout's userInfo query keeps it loaded). */
export const useUserInfo = (): UserInfo | null => useCachedData<UserInfo>(USER_INFO_KEY);

/** The site environment from the cache (the layout's config query loads it). */
export const useSiteEnv = (): SiteEnv | null => useCachedData<SiteEnv>(SITE_KEY);

/** The language in force: the user's pick, else the site's default, else EN. */
export function effectiveLanguage(state: Pick<SessionState, "language">, site = getSiteEnv()): Language {
  return state.language ?? site?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

export function useLanguage(): Language {
  const picked = useSession((s) => s.language);
  const site = useSiteEnv();
  return effectiveLanguage({ language: picked }, site);
}

/** Calls `listener` with the language in force whenever the pick or the site's default changes. */
export function onLanguageChange(listener: (language: Language) => void): () => void {
  let last = effectiveLanguage(useSession.getState());
  const check = () => {
    const next = effectiveLanguage(useSession.getState());
    if (next === last) return;
    last = next;
    listener(next);
  };
  const stopSession = useSession.subscribe(check);
  const stopCache = subscribeCache(check);
  return () => {
    stopSession();
    stopCache();
  };
}

/**
 * Where a logged-out user logs in: the short-video variant has its own login page. Before
 * userInfo has loaded, the source remembered from the last load in this browser decides.
 */
export function loginPathFor(userInfo: Pick<UserInfo, "sourcesNo"> | null = getUserInfo()): string {
  return loginPathOf(userInfo ? userInfo.sourcesNo : rememberedSource());
}
