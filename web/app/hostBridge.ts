/**
 * The app's side of embedded mode (docs/embedded.md): it tells the host when the first page has
 * loaded and on every change of page, and does what the host's messages ask: take a token or a
 * language, toggle 'Start design', push or replace a route, answer a notice. web/lib/host.ts
 * carries the messages and checks their origin; this file knows the router and the session.
 */

import type { AppMessage, NoticeType, TokenStatusMessage } from "../../shared/host/messages.ts";
import { finishLogin, reloadUserInfo } from "../features/account/userSession.ts";
import { loadSiteConfig } from "../features/site/index.ts";
import { ApiError } from "../lib/api.ts";
import { type HostToAppMessage, listenToHost, setHostOrigins, takeTokenFromAddress, tellHost } from "../lib/host.ts";
import { afterLoginPath } from "../lib/loginRedirect.ts";
import { useSession } from "../lib/session.ts";
import { startDesign } from "../lib/startDesign.ts";
import type { History } from "./guards.ts";
import { onPageShown } from "./pageShown.ts";
import { ROUTES } from "./routes.ts";

/** The login pages: a token arriving there sends the visitor on to where they were going. */
const GUEST_ONLY = new Set(ROUTES.filter((route) => route.guestOnly).map((route) => route.path));

/** A token from the host (or the address): the session becomes that user's, unless it already is. */
async function takeToken(token: string, history: History): Promise<void> {
  if (useSession.getState().token !== token) await finishLogin(token);
  // a code 600 while loading userInfo has ended the session again (and told the host)
  if (useSession.getState().token !== token) return;
  const { pathname, search } = history.location;
  if (GUEST_ONLY.has(pathname)) history.replace(afterLoginPath(new URLSearchParams(search).get("redirect")));
}

async function tokenStatus(): Promise<TokenStatusMessage["data"]> {
  if (!useSession.getState().token) return { status: "none", userId: null };
  try {
    const info = await reloadUserInfo();
    return { status: "valid", userId: info.userId };
  } catch (error) {
    if (error instanceof ApiError && error.kind === "logout") return { status: "overdue", userId: null };
    return { status: "unknown", userId: null };
  }
}

/**
 * Take a token handed over in the address before the router runs its guards (call before
 * createAppHistory). The userInfo call that follows reports a bad token like any other 600.
 */
export function takeAddressToken(): void {
  const token = takeTokenFromAddress();
  if (token && token !== useSession.getState().token) void finishLogin(token);
}

export function connectHost(history: History): void {
  // Until the allowed host origins are known, messages both ways wait (web/lib/host.ts).
  loadSiteConfig().then(
    (config) => setHostOrigins(config.hostOrigins),
    () => setHostOrigins([]), // no configuration: only Avalive's own origin is trusted
  );

  const pathOf = (location: { pathname: string; search: string }) => location.pathname + location.search;
  let path: string | null = null;
  let from: string | null = null;

  // Each page once it is drawn, its code loaded (the guards' redirects never reach it).
  onPageShown((now) => {
    if (path === null) {
      path = now;
      tellHost({ type: "pageLoad", data: { path } });
      return;
    }
    if (now === path) return;
    from = path;
    path = now;
    tellHost({ type: "pageChange", data: { path, from } });
  });

  const notice = async (kind: NoticeType): Promise<AppMessage> => {
    const here = path ?? pathOf(history.location);
    if (kind === "pageLoad") return { type: "pageLoad", data: { path: here } };
    if (kind === "pageChange") return { type: "pageChange", data: { path: here, from } };
    return { type: "tokenStatus", data: await tokenStatus() };
  };

  listenToHost((message: HostToAppMessage) => {
    const session = useSession.getState();
    switch (message.type) {
      case "token":
        void takeToken(message.data.token, history);
        return;
      case "language":
        session.setLanguage(message.data.language);
        return;
      case "toggleStartDesign":
        // opening passes the membership gate, as the 'Start design' button does
        if (message.data.open ?? !session.startDesignOpen) void startDesign();
        else session.setStartDesignOpen(false);
        return;
      case "pushRoute":
      case "replaceRoute":
        if (message.type === "replaceRoute") history.replace(message.data.path);
        else history.push(message.data.path);
        return;
      case "requestNotice":
        void notice(message.data.notice).then(tellHost);
        return;
    }
  });
}
