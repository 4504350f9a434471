/**
 * The short-video variant (spec section 1, user source '5'): its own login page, and its own
 * frame around the avatar pages (docs/decisions/029). The pages are the site's own; what differs
 * is where their links lead, which the frame tells them through AvatarPathsContext.
 */

import { createContext, useContext } from "react";
import { SHORT_VIDEO_SOURCE } from "../../shared/constants.ts";

export const SITE_LOGIN = "/login";
export const SHORT_VIDEO_LOGIN = "/douyinLogin";
/** Where a short-video login lands when no page asked for it: the variant's avatar list. */
export const SHORT_VIDEO_HOME = "/douyin";

/** Where the avatar pages link to: the site's pages, or the short-video variant's. */
export interface AvatarPaths {
  /** The avatar list (and the face editor's way back). */
  list: string;
  /** The face editor. */
  face: string;
  /** A page that starts a new avatar; null: the Start design dialog. */
  newAvatar: string | null;
  /** One avatar with its plans; null: the list has no detail page. */
  detail: string | null;
}

export const SITE_PATHS: AvatarPaths = { list: "/myPerson", face: "/face", newAvatar: null, detail: null };

export const SHORT_VIDEO_PATHS: AvatarPaths = {
  list: "/douyin/douyinPerson",
  face: "/douyinFace",
  newAvatar: "/newPerson",
  detail: "/myPersonDetail",
};

/** Outside the short-video frame, the site's paths. */
export const AvatarPathsContext = createContext<AvatarPaths>(SITE_PATHS);

export const useAvatarPaths = (): AvatarPaths => useContext(AvatarPathsContext);

/** The face editor on one avatar; twoMenu picks the slider group opened first (2 after photo cloning). */
export function faceLink(paths: Pick<AvatarPaths, "face">, roleId: string, twoMenu?: string): string {
  const query = new URLSearchParams({ roleId });
  if (twoMenu) query.set("twoMenu", twoMenu);
  return `${paths.face}?${query}`;
}

/** One avatar's detail page, or null where the list has none. */
export function detailLink(paths: Pick<AvatarPaths, "detail">, roleId: string): string | null {
  return paths.detail ? `${paths.detail}?${new URLSearchParams({ roleId })}` : null;
}

const SOURCE_KEY = "avalive.source";

/**
 * The source of the last user whose info loaded in this browser ('5' for the short-video
 * platform). A code 600 may come before userInfo has loaded (a reload with an expired token):
 * then this says which login page the user came from. Kept after logout, so the next 600 or
 * idle exit on this browser still knows; the next user's info replaces it.
 */
export function rememberSource(sourcesNo: string | null | undefined): void {
  try {
    if (sourcesNo) localStorage.setItem(SOURCE_KEY, sourcesNo);
    else localStorage.removeItem(SOURCE_KEY);
  } catch {
    // storage disabled: the loaded userInfo still decides while the page lives
  }
}

export function rememberedSource(): string | null {
  try {
    return localStorage.getItem(SOURCE_KEY);
  } catch {
    return null;
  }
}

/**
 * Which login page a logged-out user goes to (spec section 4): /douyinLogin for a short-video
 * user (sourcesNo '5'), else /login. The loaded userInfo decides; before it loads, the remembered source.
 */
export function loginPathOf(sourcesNo: string | null | undefined): string {
  return sourcesNo === SHORT_VIDEO_SOURCE ? SHORT_VIDEO_LOGIN : SITE_LOGIN;
}
