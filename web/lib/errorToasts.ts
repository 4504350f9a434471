/**
 * Which failing calls show an error toast (spec section 8). Every call does, except:
 *   - the spec's exempt list (NO_ERROR_TOAST_PATHS): their screens show the error inline;
 *   - QUIET_PATHS: calls the user did not start, or whose errors the spec puts elsewhere. Analytics
 *     and the best-effort logout run in the background; the cloning calls' errors appear in the
 *     upload area (section 4, "Photo cloning"; section 8, "Server failure messages during cloning
 *     appear in the upload area"); a portrait rendered again shows its failure on the avatar's card.
 * A code 600 logs out whatever the path (section 4).
 */

import { NO_ERROR_TOAST_PATHS } from "../../shared/constants.ts";
import { endpoints } from "../../shared/endpoints.ts";

export const QUIET_CALLS = [
  endpoints.analyticsEvent,
  endpoints.logout,
  endpoints.photoCreate,
  endpoints.photoProgress,
  endpoints.cartoonUpload,
  endpoints.cartoonCreate,
  endpoints.toonify,
  // the avatar's card shows the portrait's failure and its retry (issue 47)
  endpoints.customRolePortrait,
] as const;

/** A table path as a pattern: each `:name` matches one path segment. */
const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, "[^/]+")}$`);
const QUIET = QUIET_CALLS.map((entry) => pattern(entry.path));

const normalise = (path: string) => `/${path.replace(/^\/+/, "").split("?")[0]}`;

export function showsErrorToast(path: string): boolean {
  const p = normalise(path);
  if ((NO_ERROR_TOAST_PATHS as readonly string[]).includes(p)) return false;
  return !QUIET.some((quiet) => quiet.test(p));
}
