/**
 * The route table of spec section 2: every path, who may open it, its title and meta keys, and
 * whether the viewport may zoom. router.tsx turns it into react-router routes; the guard decisions
 * below are plain functions so they can be tested without a browser.
 */

import { loginUrlFor } from "../lib/loginRedirect.ts";
import { SHORT_VIDEO_HOME, SHORT_VIDEO_LOGIN, SITE_LOGIN } from "../lib/variant.ts";

export type Access = "public" | "login";

export interface RouteDef {
  /** Absolute for top-level routes, relative (one segment) for children. */
  path: string;
  access: Access;
  /** i18n key of the page title (titles.*). */
  title: string;
  /**
   * i18n key prefix of the description and optional keywords (meta.<key>.description,
   * meta.<key>.keywords). Every public page has one; others fall back to meta.default.
   */
  meta?: string;
  /** Pinch-zoom allowed: only the marketing pages (/, /live, /customized, /ip). */
  zoomable?: boolean;
  /** A logged-in user opening this page goes to / (the login pages), or to `home` when given. */
  guestOnly?: boolean;
  home?: string;
  /**
   * Drawn in the short-video variant's frame (docs/decisions/029): its pages link to each other,
   * and a visitor without a token logs in at /douyinLogin rather than /login.
   */
  frame?: "shortVideo";
  /** Child the parent path redirects to (its index route). */
  redirectTo?: string;
  children?: RouteDef[];
}

const pub = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  access: "public",
  title,
  ...extra,
});
const auth = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  access: "login",
  title,
  ...extra,
});

/** What a matched route carries for the layout: its table entry (title, meta, viewport). */
export interface RouteHandle {
  def: Pick<RouteDef, "title" | "meta" | "zoomable">;
  /** Who may open it, checked before it renders (guards.ts); the 404 has none. */
  guard?: Pick<RouteDef, "access" | "guestOnly" | "home" | "frame">;
  /** An index route that forwards to this path (/workbench -> /workbench/myplan), the query kept. */
  redirect?: string;
  /** Loads the route's code: a navigation waits for it before the address changes (guards.ts). */
  preload?: () => Promise<unknown>;
}

export const ROUTES: RouteDef[] = [
  // Public routes
  pub("/", "home", { meta: "home", zoomable: true }),
  pub("/live", "live", { meta: "live", zoomable: true }),
  pub("/customized", "customized", { meta: "customized", zoomable: true }),
  pub("/ip", "ip", { meta: "ip", zoomable: true }),
  pub("/help", "help", { meta: "help" }),
  pub("/douyinHelp", "douyinHelp", { meta: "douyinHelp", frame: "shortVideo" }),
  pub("/download", "download", { meta: "download" }),
  pub("/member", "member", { meta: "member" }),
  pub("/notice", "notice", { meta: "notice" }),
  pub("/noticeDetail", "noticeDetail", { meta: "noticeDetail" }),
  pub("/introduce", "introduce", { meta: "introduce" }),
  pub("/shop", "shop", {
    meta: "shop",
    redirectTo: "singleList",
    children: [
      pub("singleList", "singleList", { meta: "singleList" }),
      pub("singleDetail", "singleDetail", { meta: "singleDetail" }),
    ],
  }),
  pub("/login", "login", { meta: "login", guestOnly: true }),
  pub("/douyinLogin", "douyinLogin", { meta: "douyinLogin", guestOnly: true, home: SHORT_VIDEO_HOME }),
  pub("/register", "register", { meta: "register" }),
  pub("/forget", "forget", { meta: "forget" }),
  pub("/bindEmail", "bindEmail", { meta: "bindEmail" }),
  pub("/wxCheck", "wxCheck", { meta: "wxCheck" }),
  pub("/controllerCheck", "controllerCheck", { meta: "controllerCheck" }),
  pub("/appMember", "appMember", { meta: "appMember" }),
  pub("/appHelp", "appHelp", {
    meta: "appHelp",
    children: [
      pub("catalog", "appHelpCatalog", { meta: "appHelp" }),
      pub("detail", "appHelpDetail", { meta: "appHelp" }),
    ],
  }),
  pub("/cancelIntroduce", "cancelIntroduce", { meta: "cancelIntroduce" }),
  pub("/verification", "verification", { meta: "verification" }),

  // Routes that need login
  auth("/workbench", "workbench", {
    redirectTo: "myplan",
    children: [
      auth("myplan", "myplan"),
      auth("myPerson", "myPerson"),
      auth("svip", "svip"),
      auth("orderList", "orderList"),
      auth("cloudRecord", "cloudRecord"),
      auth("myCustomized", "myCustomized"),
      auth("myProducts", "myProducts"),
      // Not in the spec's list: the accounts issue asks for a workbench account panel (bind and
      // unbind email and phone, third-party channels, log out, the way to cancellation).
      auth("account", "account"),
    ],
  }),
  auth("/myplan", "myplan"),
  auth("/myPerson", "myPerson"),
  auth("/myCustomized", "myCustomized"),
  auth("/myProducts", "myProducts"),
  auth("/myPersonDetail", "myPersonDetail", { frame: "shortVideo" }),
  auth("/plan", "plan"),
  auth("/face", "face"),
  auth("/douyinFace", "douyinFace", { frame: "shortVideo" }),
  auth("/newPerson", "newPerson", { frame: "shortVideo" }),
  auth("/douyin", "douyin", {
    redirectTo: "douyinPerson",
    frame: "shortVideo",
    children: [auth("douyinPerson", "douyinPerson", { frame: "shortVideo" })],
  }),
  auth("/myCenter", "myCenter", { redirectTo: "myOrder", children: [auth("myOrder", "myOrder")] }),
  auth("/upload", "upload"),
];

/**
 * Not in the spec's list: pages drawn without the site's header and footer. /creator is the
 * project's own cartoon avatar creator (the third-party one has shut down); it opens inside the
 * Start design dialog's frame (?frameApi) or on its own, and needs a login to upload its export.
 */
export const BARE_ROUTES: RouteDef[] = [
  auth("/creator", "creator"),
  // The live studio (docs/decisions/035): the used plan full-screen, reached from /live and from
  // the plan in use. The OBS browser source: public, its stream key in the query, no UI at all.
  auth("/live/studio", "liveStudio"),
  pub("/live/obs", "liveObs", { meta: "liveObs" }),
];

/** A route with its absolute path, as a flat list (for tests, sitemaps and the guard). */
export interface FlatRoute extends RouteDef {
  fullPath: string;
}

export function flattenRoutes(routes: RouteDef[] = ROUTES, base = ""): FlatRoute[] {
  return routes.flatMap((r) => {
    const fullPath = r.path.startsWith("/") ? r.path : `${base}/${r.path}`;
    return [{ ...r, fullPath }, ...flattenRoutes(r.children ?? [], fullPath)];
  });
}

/** Where a path redirects to (/workbench -> /workbench/myplan ...), for the redirect routes. */
export const REDIRECTS: Record<string, string> = Object.fromEntries(
  flattenRoutes()
    .filter((r) => r.redirectTo)
    .map((r) => [r.fullPath, `${r.fullPath}/${r.redirectTo}`]),
);

export type GuardDecision = { allow: true } | { allow: false; redirect: string };

/**
 * Who may open a route (spec section 2, access rules): without a token a login-only route sends
 * the user to /login, remembering where they were going (the short-video frame's routes to
 * /douyinLogin); with a token the login pages send them to / (/douyinLogin to the variant's home).
 */
export function decideAccess(
  route: Pick<RouteDef, "access" | "guestOnly" | "home" | "frame">,
  hasToken: boolean,
  from: string,
): GuardDecision {
  if (route.access === "login" && !hasToken) {
    const login = route.frame === "shortVideo" ? SHORT_VIDEO_LOGIN : SITE_LOGIN;
    return { allow: false, redirect: loginUrlFor(from, login) };
  }
  if (route.guestOnly && hasToken) return { allow: false, redirect: route.home ?? "/" };
  return { allow: true };
}

export const ZOOMABLE_VIEWPORT = "width=device-width, initial-scale=1";
export const FIXED_VIEWPORT = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no";
