/**
 * The official-site redirect of spec section 2: "Outside embedded mode, and when no entry flag is
 * stored locally, every page redirects to the official site."
 *
 * It applies only when the server's config names an official site (config.officialSite; null by
 * default, so nothing redirects). The entry flag is set, and kept in localStorage, when a page is
 * opened with an `entry` query parameter (the official site links here with ?entry=1) or inside a
 * host application (micro-app or iframe). A visitor who typed the address goes to the official site.
 */

import { isEmbedded } from "../lib/host.ts";
import { localStore } from "../lib/sessionStorage.ts";

export { isEmbedded };

export const ENTRY_FLAG_KEY = "avalive-entry";

/** Call once at start-up, before the config answers. */
export function rememberEntry(search: string = window.location.search): void {
  if (new URLSearchParams(search).has("entry") || isEmbedded()) localStore()?.setItem(ENTRY_FLAG_KEY, "1");
}

/** Where to send this visitor, or null to stay. */
export function officialSiteTarget(officialSite: string | null): string | null {
  if (!officialSite) return null;
  if (isEmbedded() || localStore()?.getItem(ENTRY_FLAG_KEY) === "1") return null;
  return officialSite;
}
