import { type LoaderFunctionArgs, redirect } from "react-router";
import { useSession } from "../lib/session.ts";
import { decideAccess, type RouteDef } from "./routes.ts";

/**
 * The guard, as a route loader: it runs before the page renders (and before its code loads), so a
 * logged-out visitor never sees a flash of a private page. The token is read from the store,
 * which restores it from localStorage synchronously at start-up.
 */
export function guardLoader(def: Pick<RouteDef, "access" | "guestOnly" | "home" | "frame">) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = decideAccess(def, useSession.getState().token !== null, url.pathname + url.search);
    if (!decision.allow) throw redirect(decision.redirect);
    return null;
  };
}

/** An index route that forwards to a child (/workbench -> /workbench/myplan), after the guard. */
export function redirectLoader(def: Pick<RouteDef, "access" | "guestOnly" | "home" | "frame">, to: string) {
  const guard = guardLoader(def);
  return (args: LoaderFunctionArgs) => {
    guard(args);
    throw redirect(to + new URL(args.request.url).search);
  };
}
