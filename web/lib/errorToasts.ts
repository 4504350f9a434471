/**
 * Which failing calls show an error toast (spec section 8). Every call does, except:
 *   - the spec's exempt list (NO_ERROR_TOAST_PATHS): their screens show the error inline;
 *   - QUIET_PATHS: calls the user did not start, or whose errors the spec puts elsewhere. Analytics
 *     and the best-effort logout run in the background; the cloning calls' errors appear in the
 *     upload area (section 4, "Photo cloning"; section 8, "Server failure messages during cloning
 *     appear in the upload area").
 * A code 600 logs out whatever the path (section 4).
 */

import { NO_ERROR_TOAST_PATHS } from "../../shared/constants.ts";

const CLONING = "/web-api/v1/douyin/customRole";

export const QUIET_PATHS = [
  "/web-api/p1/analytics/event",
  "/web-api/v1/base/account/logout",
  `${CLONING}/createPhoto/`,
  `${CLONING}/photoProgress/`,
  `${CLONING}/cartoonUpload`,
  `${CLONING}/createCartoon`,
  `${CLONING}/toonify`,
] as const;

const normalise = (path: string) => `/${path.replace(/^\/+/, "").split("?")[0]}`;

export function showsErrorToast(path: string): boolean {
  const p = normalise(path);
  if ((NO_ERROR_TOAST_PATHS as readonly string[]).includes(p)) return false;
  return !QUIET_PATHS.some((quiet) => (quiet.endsWith("/") ? p.startsWith(quiet) : p === quiet));
}
