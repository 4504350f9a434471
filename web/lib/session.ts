/**
 * The session state of spec section 3, in one store. Persisted in localStorage: the token, the
 * language the user picked, and the two tracking ids. Everything else is rebuilt from the server
 * on load (site environment, userInfo) or belongs to later features (plan, role, documents).
 */

import { create } from "zustand";
import { persist } from "zustand/middleware";
import { DEFAULT_LANGUAGE, type Language, SHORT_VIDEO_SOURCE } from "../../shared/constants.ts";
import type { UserInfoData } from "../../shared/schemas/account.ts";
import type { SiteConfigData } from "../../shared/schemas/common.ts";
import type { AvatarSex } from "../../shared/schemas/plans.ts";
import { newId } from "./ids.ts";
import { type PersistedSession, sessionStorageAdapter } from "./sessionStorage.ts";

/** The site environment (/base/config): site, currency symbol (¥ or $), pay methods, default language. */
export type SiteEnv = SiteConfigData;

/** The logged-in user (getUserInfo); sourcesNo '5' is the short-video platform variant. */
export type UserInfo = UserInfoData;

/** Document ids by name, e.g. { privacyAgreement: "12", serverAgreement: "13" } (findDict docMap). */
export type DocIdMap = Record<string, string>;

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

/** The avatar (custom role) being edited. */
export interface RoleDetail {
  id: string;
  name: string;
  description?: string;
}

interface SessionState {
  token: string | null;
  /** The language the user picked; null until they pick one (then the site's default applies). */
  language: Language | null;
  webId: string;
  ssid: string;
  site: SiteEnv | null;
  userInfo: UserInfo | null;
  docIds: DocIdMap;
  currentPlan: CurrentPlan | null;
  planMenuLevels: PlanMenuLevel[];
  /** When the current live/design session started (epoch ms). */
  startTime: number | null;
  /** Whether the 'Start design' dialog is open. */
  startDesignOpen: boolean;
  roleDetail: RoleDetail | null;

  setToken(token: string): void;
  setLanguage(language: Language): void;
  setSite(site: SiteEnv): void;
  setUserInfo(userInfo: UserInfo | null): void;
  setDocIds(docIds: DocIdMap): void;
  setCurrentPlan(plan: CurrentPlan | null): void;
  setPlanMenuLevels(levels: PlanMenuLevel[]): void;
  setStartTime(time: number | null): void;
  setStartDesignOpen(open: boolean): void;
  setRoleDetail(role: RoleDetail | null): void;
  /** Clears the token and everything that belonged to the user. */
  logout(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      language: null,
      webId: newId(),
      ssid: newId(),
      site: null,
      userInfo: null,
      docIds: {},
      currentPlan: null,
      planMenuLevels: [],
      startTime: null,
      startDesignOpen: false,
      roleDetail: null,

      setToken: (token) => set({ token }),
      setLanguage: (language) => set({ language }),
      setSite: (site) => set({ site }),
      setUserInfo: (userInfo) => set({ userInfo }),
      setDocIds: (docIds) => set({ docIds }),
      setCurrentPlan: (currentPlan) => set({ currentPlan }),
      setPlanMenuLevels: (planMenuLevels) => set({ planMenuLevels }),
      setStartTime: (startTime) => set({ startTime }),
      setStartDesignOpen: (startDesignOpen) => set({ startDesignOpen }),
      setRoleDetail: (roleDetail) => set({ roleDetail }),
      logout: () =>
        set({
          token: null,
          userInfo: null,
          currentPlan: null,
          roleDetail: null,
          startTime: null,
          startDesignOpen: false,
        }),
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

/** The language in force: the user's pick, else the site's default, else EN. */
export function effectiveLanguage(state: Pick<SessionState, "language" | "site">): Language {
  return state.language ?? state.site?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

export const useLanguage = (): Language => useSession(effectiveLanguage);

/** Where a logged-out user logs in: the short-video variant has its own login page. */
export function loginPathFor(userInfo: Pick<UserInfo, "sourcesNo"> | null): string {
  return userInfo?.sourcesNo === SHORT_VIDEO_SOURCE ? "/douyinLogin" : "/login";
}
