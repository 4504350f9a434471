import { flushSync } from "react-dom";
import {
  createPath,
  type Location,
  matchRoutes,
  parsePath,
  type RouteObject,
  type UNSAFE_createBrowserHistory,
} from "react-router";
import { useSession } from "../lib/session.ts";
import { decideAccess, type RouteHandle } from "./routes.ts";

/** The browser history React Router runs on (its type is not exported by name). */
export type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** What a route's handle may carry for the history: its access rule, its forward, its code to load. */
type HistoryHandle = Partial<Pick<RouteHandle, "guard" | "redirect">> & { preload?: () => Promise<unknown> };
const handleOf = (route: RouteObject) => route.handle as HistoryHandle | undefined;

/**
 * Where a location must go instead, or null when it may render: the first matched route (outermost
 * first) whose guard refuses, else an index route's forward. The token is read from the store,
 * which restores it from localStorage synchronously at start-up.
 */
export function guardRedirect(
  routes: RouteObject[],
  location: { pathname: string; search: string },
  hasToken = useSession.getState().token !== null,
): string | null {
  const matches = matchRoutes(routes, location) ?? [];
  const here = location.pathname + location.search;
  for (const { route } of matches) {
    const guard = handleOf(route)?.guard;
    if (!guard) continue;
    const decision = decideAccess(guard, hasToken, here);
    if (!decision.allow) return decision.redirect;
  }
  const leaf = matches.at(-1);
  const forward = leaf && handleOf(leaf.route)?.redirect;
  return forward ? forward + location.search : null;
}

/** A path after every redirect the guards ask for (a login page's own forward included). */
function finalPath(routes: RouteObject[], path: string): string {
  let current = path;
  for (let hops = 0; hops < 5; hops++) {
    const { pathname = "/", search = "" } = parsePath(current);
    const redirect = guardRedirect(routes, { pathname, search });
    if (!redirect) return current;
    current = redirect;
  }
  return current;
}

/** Load the code of every route a path matches; a failure is left for the page's error boundary. */
function preload(routes: RouteObject[], path: string): Promise<unknown> {
  const { pathname = "/" } = parsePath(path);
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => handleOf(route)?.preload ?? []);
  return Promise.all(loads.map((load) => load().catch(() => undefined)));
}

/**
 * The browser history as the router sees it, doing what the data router's loaders did:
 * - a location a guard refuses is replaced by its redirect before the router hears of it, so a
 *   logged-out visitor never sees a flash of a private page, nor loads its code (the first
 *   location is checked at once; Back and Forward as they happen);
 * - a navigation the app starts (a link, navigate(), the host's pushRoute) changes the address
 *   only once the next page's code has arrived, the page before staying as it is meanwhile; the
 *   latest navigation wins; the router then draws the new page in the same task as the address
 *   changes.
 * `onLeave` hears the location being left just before the router hears the next one (the scroll
 * restoration notes the old page's position then). docs/decisions/030.
 */
export function guardedHistory(
  history: History,
  routes: RouteObject[],
  onLeave: (leaving: Location) => void = () => {},
): History {
  const first = createPath(history.location);
  const start = finalPath(routes, first);
  if (start !== first) history.replace(start);

  const guarded: History = Object.create(history);
  let latest = 0;
  const navigate =
    (method: "push" | "replace") =>
    (to: Parameters<History["push"]>[0], state?: unknown): void => {
      const id = ++latest;
      const path = finalPath(routes, typeof to === "string" ? to : createPath(to));
      void preload(routes, path).then(() => {
        if (id === latest) history[method](path, state);
      });
    };
  guarded.push = navigate("push");
  guarded.replace = navigate("replace");
  let current = history.location;
  guarded.listen = (listener) =>
    history.listen((update) => {
      const here = createPath(update.location);
      const there = finalPath(routes, here);
      if (there !== here) return history.replace(there);
      onLeave(current);
      current = update.location;
      // The router draws the new location in this same task (its page's code is already in), so
      // nothing sees the new address above the old page (router.tsx, LazyPage).
      flushSync(() => listener(update));
    });
  return guarded;
}
