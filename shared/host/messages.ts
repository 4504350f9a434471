/**
 * The embedded-mode protocol (docs/embedded.md): the messages Avalive and its host exchange, where
 * the host is a page framing Avalive, a micro-app container, or the iOS wrapper's native side. Every
 * message is `{type, data}`; `data` is always an object. Both directions are parsed strictly: a
 * message that is not exactly one of these is not a protocol message (other scripts post messages
 * too). No DOM, no Node: the web app, the server (origin checks of HOST_ORIGINS) and the host
 * demo (hosts/demo) all use this file.
 */

import { LANGUAGES, type Language } from "../constants.ts";

// ---------------------------------------------------------------------------------------------
// Avalive -> host

/** Open the face editor for this avatar in the host's own view (instead of routing to /face). */
export interface EditPersonMessage {
  type: "editPerson";
  /** twoMenu "2" after photo cloning, as /face's query. */
  data: { roleId: string; twoMenu?: string };
}

/** Open the plan editor in the host's own view (instead of routing to /plan). */
export interface EditPlanMessage {
  type: "editPlan";
  /** roleType is the avatar's sex ("1" male, "2" female), as /plan's query calls it. */
  data: { planId: string; roleId: string; roleType: string };
}

/** The membership gate's 'Unlock': the host opens its membership page; jump is Avalive's own. */
export interface NoAuthMessage {
  type: "noAuth";
  data: { jump: string };
}

/** The spec's name of the code-600 notice: the token is missing, expired or revoked. */
export const TOKEN_OVERDUE = "token overdue";

/** Code 600 (spec section 4): the session ended; the host takes the user to its login. */
export interface TokenOverdueMessage {
  type: typeof TOKEN_OVERDUE;
  data: Record<string, never>;
}

/** The idle rule's automatic exit: the host decides what leaving means. */
export interface IdleExitMessage {
  type: "idleExit";
  data: Record<string, never>;
}

/** The user logged out in Avalive, or (to the iOS wrapper, which has no 'token overdue') code 600. */
export interface LogoutMessage {
  type: "logout";
  data: { reason: "user" | "tokenOverdue" };
}

/** Sent once when the app has loaded its first page, and again when the host asks. */
export interface PageLoadMessage {
  type: "pageLoad";
  /** path: pathname and query of the page in Avalive. */
  data: { path: string };
}

/** Sent on every change of page (the host's push/replace included), and when the host asks. */
export interface PageChangeMessage {
  type: "pageChange";
  data: { path: string; from: string | null };
}

export const TOKEN_STATES = ["none", "valid", "overdue", "unknown"] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

/**
 * The answer to requestNotice tokenStatus: none (no token), valid (the server accepted it just now;
 * userId is whose), overdue (the server answered 600), unknown (the server could not be asked).
 */
export interface TokenStatusMessage {
  type: "tokenStatus";
  data: { status: TokenState; userId: string | null };
}

export type AppMessage =
  | EditPersonMessage
  | EditPlanMessage
  | NoAuthMessage
  | TokenOverdueMessage
  | IdleExitMessage
  | LogoutMessage
  | PageLoadMessage
  | PageChangeMessage
  | TokenStatusMessage;

export type AppMessageType = AppMessage["type"];

// ---------------------------------------------------------------------------------------------
// Host -> Avalive

/** Log in with this token (the way a token arrives by message; docs/embedded.md). */
export interface TokenMessage {
  type: "token";
  data: { token: string };
}

/** Show Avalive in this language (the iOS wrapper sends the phone's). */
export interface LanguageMessage {
  type: "language";
  data: { language: Language };
}

/** Open or close the 'Start design' dialog; without `open`, toggle it. Opening passes the membership gate. */
export interface ToggleStartDesignMessage {
  type: "toggleStartDesign";
  data: { open?: boolean };
}

/** Go to a page of Avalive, adding to its history. */
export interface PushRouteMessage {
  type: "pushRoute";
  data: { path: string };
}

/** Go to a page of Avalive, replacing the current history entry. */
export interface ReplaceRouteMessage {
  type: "replaceRoute";
  data: { path: string };
}

export const NOTICES = ["pageLoad", "pageChange", "tokenStatus"] as const;
export type NoticeType = (typeof NOTICES)[number];

/** Ask for a notice now: Avalive answers with that message. */
export interface RequestNoticeMessage {
  type: "requestNotice";
  data: { notice: NoticeType };
}

export type HostToAppMessage =
  | TokenMessage
  | LanguageMessage
  | ToggleStartDesignMessage
  | PushRouteMessage
  | ReplaceRouteMessage
  | RequestNoticeMessage;

export type HostMessageType = HostToAppMessage["type"];

/** The query parameter a token may arrive in; Avalive removes it from the address bar once read. */
export const TOKEN_PARAM = "token";

/** The iOS wrapper's message handler: `window.webkit.messageHandlers.avalive`. */
export const NATIVE_HANDLER = "avalive";

// ---------------------------------------------------------------------------------------------
// Parsing

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const MAX_JSON = 16_384;

/** An object, or the JSON text of one (some hosts post strings); anything else is null. */
function asObject(raw: unknown): Fields | null {
  if (typeof raw === "string") {
    if (raw.length > MAX_JSON) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return isObject(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return isObject(raw) ? raw : null;
}

/** A token as it may travel: printable ASCII without spaces, at most 4096 characters. */
export const isTokenText = (value: unknown): value is string =>
  typeof value === "string" && /^[\x21-\x7e]{1,4096}$/.test(value);

/**
 * A path inside Avalive: one leading slash (never `//host` or `/\host`, which browsers read as
 * another site), printable characters only, at most 2048 of them.
 */
export const isAppPath = (value: unknown): value is string =>
  typeof value === "string" &&
  value.length <= 2048 &&
  value.startsWith("/") &&
  !value.startsWith("//") &&
  !value.startsWith("/\\") &&
  /^[\x21-\x7e]*$/.test(value);

const isId = (value: unknown): value is string => typeof value === "string" && /^[\x21-\x7e]{1,128}$/.test(value);

const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The keys of `data` are exactly these (optional ones may be missing). */
function hasOnly(data: Fields, keys: readonly string[]): boolean {
  return Object.keys(data).every((key) => keys.includes(key));
}

/** A host -> Avalive message, or null when `raw` is not exactly one. */
export function parseHostMessage(raw: unknown): HostToAppMessage | null {
  const message = asObject(raw);
  if (!message || !hasOnly(message, ["type", "data"])) return null;
  const data = message.data === undefined ? {} : message.data;
  if (!isObject(data)) return null;
  switch (message.type) {
    case "token":
      return hasOnly(data, ["token"]) && isTokenText(data.token)
        ? { type: "token", data: { token: data.token } }
        : null;
    case "language":
      return hasOnly(data, ["language"]) && isLanguage(data.language)
        ? { type: "language", data: { language: data.language } }
        : null;
    case "toggleStartDesign":
      if (!hasOnly(data, ["open"])) return null;
      if (data.open === undefined) return { type: "toggleStartDesign", data: {} };
      return typeof data.open === "boolean" ? { type: "toggleStartDesign", data: { open: data.open } } : null;
    case "pushRoute":
    case "replaceRoute":
      return hasOnly(data, ["path"]) && isAppPath(data.path) ? { type: message.type, data: { path: data.path } } : null;
    case "requestNotice":
      return hasOnly(data, ["notice"]) && (NOTICES as readonly unknown[]).includes(data.notice)
        ? { type: "requestNotice", data: { notice: data.notice as NoticeType } }
        : null;
    default:
      return null;
  }
}

/**
 * What a micro-app container's data (`microApp.getData()`) carries: `{token?, language?}`, or one
 * host message. Unknown or invalid fields are dropped.
 */
export function parseHostData(raw: unknown): HostToAppMessage[] {
  const message = parseHostMessage(raw);
  if (message) return [message];
  const data = asObject(raw);
  if (!data) return [];
  const out: HostToAppMessage[] = [];
  if (isTokenText(data.token)) out.push({ type: "token", data: { token: data.token } });
  if (isLanguage(data.language)) out.push({ type: "language", data: { language: data.language } });
  return out;
}

const noData = (data: Fields) => Object.keys(data).length === 0;

/** An Avalive -> host message, or null (the host's side: hosts/demo, the iOS wrapper's simulator). */
export function parseAppMessage(raw: unknown): AppMessage | null {
  const message = asObject(raw);
  if (!message || !hasOnly(message, ["type", "data"]) || !isObject(message.data)) return null;
  const data = message.data;
  switch (message.type) {
    case "editPerson":
      if (!hasOnly(data, ["roleId", "twoMenu"]) || !isId(data.roleId)) return null;
      if (data.twoMenu === undefined) return { type: "editPerson", data: { roleId: data.roleId } };
      return isId(data.twoMenu) ? { type: "editPerson", data: { roleId: data.roleId, twoMenu: data.twoMenu } } : null;
    case "editPlan":
      return hasOnly(data, ["planId", "roleId", "roleType"]) &&
        isId(data.planId) &&
        isId(data.roleId) &&
        isId(data.roleType)
        ? { type: "editPlan", data: { planId: data.planId, roleId: data.roleId, roleType: data.roleType } }
        : null;
    case "noAuth":
      return hasOnly(data, ["jump"]) && isAppPath(data.jump) ? { type: "noAuth", data: { jump: data.jump } } : null;
    case TOKEN_OVERDUE:
      return noData(data) ? { type: TOKEN_OVERDUE, data: {} } : null;
    case "idleExit":
      return noData(data) ? { type: "idleExit", data: {} } : null;
    case "logout":
      return hasOnly(data, ["reason"]) && (data.reason === "user" || data.reason === "tokenOverdue")
        ? { type: "logout", data: { reason: data.reason } }
        : null;
    case "pageLoad":
      return hasOnly(data, ["path"]) && isAppPath(data.path) ? { type: "pageLoad", data: { path: data.path } } : null;
    case "pageChange":
      return hasOnly(data, ["path", "from"]) && isAppPath(data.path) && (data.from === null || isAppPath(data.from))
        ? { type: "pageChange", data: { path: data.path, from: data.from } }
        : null;
    case "tokenStatus":
      return hasOnly(data, ["status", "userId"]) &&
        (TOKEN_STATES as readonly unknown[]).includes(data.status) &&
        (data.userId === null || isId(data.userId))
        ? { type: "tokenStatus", data: { status: data.status as TokenState, userId: data.userId } }
        : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Origins

/**
 * `scheme://host[:port]` in its canonical form (lower-case host, default port dropped), or null
 * when `value` is not an http(s) origin: "null" (a sandboxed or file page), a path, a query,
 * credentials, another scheme. Configuration may end in one "/"; a browser's event.origin never does.
 */
export function normalizeOrigin(value: string): string | null {
  if (value === "null") return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  if (value.includes("?") || value.includes("#")) return null;
  // a host name (punycode by now) or an IP address; `*` and friends would read as a wildcard
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  return url.origin;
}

/**
 * Whether a message's origin is one of the configured host origins: scheme, host and port must all
 * be equal. No wildcards, no suffixes: `https://host.example.evil`, `https://host.example:8443`,
 * `http://host.example` and `null` are all refused when only `https://host.example` is allowed.
 */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  const canonical = normalizeOrigin(origin);
  if (canonical === null || canonical !== origin) return false;
  return allowed.some((entry) => normalizeOrigin(entry) === canonical);
}
