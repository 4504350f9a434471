/**
 * The session state of spec section 3, in one small store (useSyncExternalStore: no state library,
 * so the landing page loads none). Persisted in localStorage: the token, the language the user
 * picked, and the two tracking ids. What the server tells (the site environment, userInfo) lives
 * here too, unpersisted: the account and site features load it (features/account/userSession.ts,
 * features/site/api.ts); read it with the hooks and getters below. TanStack Query, which the
 * pages use for their own data, is not part of the shell (docs/decisions/030): it hears of a
 * logout through `onUserDataDropped`, and tells a change of the user's data through
 * `userDataInvalidated`.
 */

import { useSyncExternalStore } from "react";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/constants.ts";
import type { UserInfoData } from "../../shared/schemas/account.ts";
import type { SiteConfigData } from "../../shared/schemas/common.ts";
import type { AvatarSex } from "../../shared/schemas/plans.ts";
import { newId } from "./ids.ts";
import { readSession, writeSession } from "./sessionStorage.ts";
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

export interface SessionState {
  token: string | null;
  /** The language the user picked; null until they pick one (then the site's default applies). */
  language: Language | null;
  webId: string;
  ssid: string;
  currentPlan: CurrentPlan | null;
  planMenuLevels: PlanMenuLevel[];
  /** Whether the 'Start design' dialog is open. */
  startDesignOpen: boolean;
  /** The logged-in user's info once loaded (not persisted). */
  userInfo: UserInfo | null;
  /** Whether the last load of userInfo failed. */
  userInfoFailed: boolean;
  /** The site environment once loaded (not persisted). */
  siteEnv: SiteEnv | null;

  setToken(token: string): void;
  setLanguage(language: Language): void;
  setCurrentPlan(plan: CurrentPlan | null): void;
  setPlanMenuLevels(levels: PlanMenuLevel[]): void;
  setStartDesignOpen(open: boolean): void;
  /** Clears the token and everything that belonged to the user (the cached user data too). */
  logout(): void;
}

type Listener = (state: SessionState, previous: SessionState) => void;

let state: SessionState;
const listeners = new Set<Listener>();

function setState(partial: Partial<SessionState> | ((state: SessionState) => Partial<SessionState>)): void {
  const previous = state;
  const next = typeof partial === "function" ? partial(state) : partial;
  state = { ...state, ...next };
  writeSession({ token: state.token, language: state.language, webId: state.webId, ssid: state.ssid });
  for (const listener of [...listeners]) listener(state, previous);
}

const subscribe = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const droppedListeners = new Set<() => void>();

state = {
  token: null,
  language: null,
  webId: newId(),
  ssid: newId(),
  currentPlan: null,
  planMenuLevels: [],
  startDesignOpen: false,
  userInfo: null,
  userInfoFailed: false,
  siteEnv: null,

  setToken: (token) => setState({ token }),
  setLanguage: (language) => setState({ language }),
  setCurrentPlan: (currentPlan) => setState({ currentPlan }),
  setPlanMenuLevels: (planMenuLevels) => setState({ planMenuLevels }),
  setStartDesignOpen: (startDesignOpen) => setState({ startDesignOpen }),
  logout: () => {
    setState({ token: null, currentPlan: null, startDesignOpen: false });
    dropUserData();
  },
  // what localStorage holds wins over the defaults (a fresh id only where none was stored)
  ...readSession(),
};

/**
 * The session: `useSession(selector)` in components (re-renders when the selected value changes),
 * `useSession.getState()`, `.setState()` and `.subscribe((state, previous) => …)` elsewhere.
 */
export const useSession = Object.assign(
  <T>(selector: (state: SessionState) => T): T =>
    useSyncExternalStore(
      subscribe,
      () => selector(state),
      () => selector(state),
    ),
  { getState: (): SessionState => state, setState, subscribe },
);

// The tracking ids are made once: write the freshly generated ones right away, so that the next
// load reads them back instead of making new ones.
useSession.setState((s) => ({ webId: s.webId, ssid: s.ssid }));

/**
 * Everything that belonged to the logged-in user goes: userInfo here, and whatever else holds the
 * user's data (the pages' query cache) hears of it through `onUserDataDropped`. On logout, and
 * before a new token is taken.
 */
export function dropUserData(): void {
  setState({ userInfo: null, userInfoFailed: false });
  for (const listener of [...droppedListeners]) listener();
}

/** Calls `listener` whenever the user's data is dropped (logout, a new login). */
export function onUserDataDropped(listener: () => void): () => void {
  droppedListeners.add(listener);
  return () => droppedListeners.delete(listener);
}

const invalidatedListeners = new Set<() => void>();

/** The user's data changed on the server (a purchase, a bind): userInfo reloads (features/account). */
export function userDataInvalidated(): void {
  for (const listener of [...invalidatedListeners]) listener();
}

export function onUserDataInvalidated(listener: () => void): () => void {
  invalidatedListeners.add(listener);
  return () => invalidatedListeners.delete(listener);
}

/** The logged-in user's info as last loaded (features/account loads it), or null. */
export const getUserInfo = (): UserInfo | null => state.userInfo;

/** The site environment as loaded (features/site loads it), or null before it arrives. */
export const getSiteEnv = (): SiteEnv | null => state.siteEnv;

/** The logged-in user's info (the layout keeps it loaded: features/account useUserInfoQuery). */
export const useUserInfo = (): UserInfo | null => useSession((s) => s.userInfo);

/** The site environment (the shell loads it once: features/site). */
export const useSiteEnv = (): SiteEnv | null => useSession((s) => s.siteEnv);

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
  return useSession.subscribe(check);
}

/**
 * Where a logged-out user logs in: the short-video variant has its own login page. Before
 * userInfo has loaded, the source remembered from the last load in this browser decides.
 */
export function loginPathFor(userInfo: Pick<UserInfo, "sourcesNo"> | null = getUserInfo()): string {
  return loginPathOf(userInfo ? userInfo.sourcesNo : rememberedSource());
}
