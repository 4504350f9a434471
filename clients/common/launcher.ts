/**
 * The client pages talk only to the launcher (clients/launcher/server.mjs) on this PC: it holds
 * the session and asks the Avalive server. Answers are the server's `{code, message, data}`
 * envelope, or the launcher's own with the codes below.
 */

import type { PlanInfo } from "../../shared/schemas/plans.ts";
import type { ClientLanguage } from "./i18n.ts";

export const LAUNCHER_CODE = { ok: 200, notLoggedIn: 600, unreachable: -1 } as const;

export interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
}

export interface LauncherState {
  variant: "local" | "cloud";
  version: string;
  server: string;
  serverFixed: boolean;
  language: ClientLanguage | null;
  account: { email: string; nickname: string | null } | null;
  sceneUrl: string;
}

/** What the client shows of the membership answer (shared/schemas/orders.ts UserVip). */
export interface VipSummary {
  current: { tierName: string; expiresAt: string } | null;
  cloudHours: { balanceMinutes: number };
}

/** Where the launcher answers, from a page at / or at /scene/. */
const ROOT = "/launcher";

export async function launcher<T>(name: string, language: ClientLanguage, body?: unknown): Promise<Envelope<T>> {
  try {
    const res = await fetch(`${ROOT}/${name}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? { language } : { language, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    if (!res.ok) return { code: LAUNCHER_CODE.unreachable, message: `HTTP ${res.status}`, data: null };
    return (await res.json()) as Envelope<T>;
  } catch {
    // the launcher itself stopped (Ctrl+C): the page says the server does not answer
    return { code: LAUNCHER_CODE.unreachable, message: "launcher", data: null };
  }
}

export const fetchState = (language: ClientLanguage) => launcher<LauncherState>("state", language);
export const fetchPlan = (language: ClientLanguage) => launcher<PlanInfo | null>("plan", language);
export const fetchVip = (language: ClientLanguage) => launcher<VipSummary>("vip", language);
