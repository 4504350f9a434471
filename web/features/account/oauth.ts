/**
 * Third-party login through the (sandbox) provider: the round trip's state and the pending bind
 * ticket live in sessionStorage, so they survive the provider's redirect and a reload of
 * /bindEmail, but not the tab. The state defends the callback pages against login CSRF: a
 * callback whose state this tab did not start is refused before any call.
 */

import type { Language } from "../../../shared/constants.ts";
import { newId } from "../../lib/ids.ts";

export type Provider = "wechat" | "qq";
/** Where the provider sends the user back: the web login or the remote controller's login. */
export type CallbackPath = "/wxCheck" | "/controllerCheck";

const STATE_KEY = "avalive.oauth.state";
const TICKET_KEY = "avalive.oauth.ticket";

interface PendingLogin {
  state: string;
  provider: Provider;
  /** Where to go after logging in (the guard's redirect). */
  redirect: string | null;
}

export interface PendingTicket {
  ticket: string;
  nickname?: string;
  provider: Provider;
  /** The controller flow ends on its own success page rather than on the home page. */
  callback: CallbackPath;
  redirect: string | null;
}

function store(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function readJson<T>(key: string): T | null {
  try {
    const raw = store()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The provider's authorize URL, with a fresh random state remembered for the callback. */
export function authorizeUrl(
  provider: Provider,
  callback: CallbackPath,
  language: Language,
  redirect: string | null = null,
): string {
  const state = newId().replaceAll("-", "");
  const pending: PendingLogin = { state, provider, redirect };
  store()?.setItem(STATE_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({ provider, redirect_uri: callback, state, lang: language });
  return `/oauth-sandbox/authorize?${query.toString()}`;
}

/** The login this tab started, if the callback's state is its state; consumed either way. */
export function takePendingLogin(state: string | null): PendingLogin | null {
  const pending = readJson<PendingLogin>(STATE_KEY);
  store()?.removeItem(STATE_KEY);
  if (!pending || !state || pending.state !== state) return null;
  return pending;
}

export function saveTicket(ticket: PendingTicket): void {
  store()?.setItem(TICKET_KEY, JSON.stringify(ticket));
}

export function readTicket(): PendingTicket | null {
  return readJson<PendingTicket>(TICKET_KEY);
}

export function clearTicket(): void {
  store()?.removeItem(TICKET_KEY);
}
