/**
 * Where the session persists: one localStorage key per field, plain strings, so that anything
 * outside the app (a host page, a support engineer, the E2E helpers) can read or preset them
 * without knowing the store's format:
 *   avalive.token, avalive.language, avalive.web_id, avalive.ssid
 */

import { LANGUAGES, type Language } from "../../shared/constants.ts";

export interface PersistedSession {
  token: string | null;
  language: Language | null;
  webId: string;
  ssid: string;
}

export const STORAGE_KEYS = {
  token: "avalive.token",
  language: "avalive.language",
  webId: "avalive.web_id",
  ssid: "avalive.ssid",
} as const satisfies Record<keyof PersistedSession, string>;

/**
 * localStorage, or null where the browser denies it: privacy modes, sandboxed frames, and a frame of
 * another site when third-party storage is blocked (Chrome's incognito default), which is how a host
 * often embeds Avalive. Reading the `localStorage` property then throws; everything goes through here.
 */
export function localStore(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // the session lives in memory only
  }
}

const storage = localStore;

const isLanguage = (value: string | null): value is Language =>
  value !== null && (LANGUAGES as readonly string[]).includes(value);

function write(store: Storage, key: string, value: string | null): void {
  if (value === null || value === "") store.removeItem(key);
  else store.setItem(key, value);
}

/**
 * What this tab last read or wrote, per key. The session store writes on every change of its
 * state, also when only another field changed: writing every key then would let a tab opened
 * earlier wipe the token another tab just stored. So only keys whose value this tab changed
 * are written.
 */
const known = new Map<string, string | null>();

function writeIfChanged(store: Storage, key: string, value: string | null): void {
  const next = value === "" ? null : value;
  if (known.has(key) && known.get(key) === next) return;
  known.set(key, next);
  write(store, key, next);
}

/** What localStorage holds of the session: only the fields found (the store keeps its defaults, fresh ids included, for the others). */
export function readSession(): Partial<PersistedSession> {
  const store = storage();
  if (!store) return {};
  const state: Partial<PersistedSession> = {};
  for (const key of Object.values(STORAGE_KEYS)) known.set(key, store.getItem(key));
  const token = store.getItem(STORAGE_KEYS.token);
  if (token) state.token = token;
  const language = store.getItem(STORAGE_KEYS.language);
  if (isLanguage(language)) state.language = language;
  const webId = store.getItem(STORAGE_KEYS.webId);
  if (webId) state.webId = webId;
  const ssid = store.getItem(STORAGE_KEYS.ssid);
  if (ssid) state.ssid = ssid;
  return state;
}

/** Writes the session's persisted fields, each only if this tab changed it (see `known`). */
export function writeSession(session: PersistedSession): void {
  const store = storage();
  if (!store) return;
  writeIfChanged(store, STORAGE_KEYS.token, session.token);
  writeIfChanged(store, STORAGE_KEYS.language, session.language);
  writeIfChanged(store, STORAGE_KEYS.webId, session.webId);
  writeIfChanged(store, STORAGE_KEYS.ssid, session.ssid);
}
