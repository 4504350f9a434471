/** The live studio's calls (docs/api.md "Live studio"): one operation per hook or function. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { HEADERS } from "../../../shared/constants.ts";
import { endpoints } from "../../../shared/endpoints.ts";
import type { LiveMode } from "../../../shared/live.ts";
import type { LiveTriggerBody } from "../../../shared/schemas/live.ts";
import type { PlanInfo } from "../../../shared/schemas/plans.ts";
import { request } from "../../lib/api.ts";
import { queryClient, USER_SCOPE } from "../../lib/queryClient.ts";
import { effectiveLanguage, useLanguage, useSession } from "../../lib/session.ts";

const liveKey = [...USER_SCOPE, "live"] as const;

export function useStudioInit() {
  const language = useLanguage();
  return useQuery({
    queryKey: [...liveKey, "init", language],
    queryFn: ({ signal }) => request(endpoints.liveStudioInit, { signal }),
  });
}

export function useUsedPlan() {
  return useQuery({
    queryKey: [...USER_SCOPE, "plan", "used"],
    queryFn: ({ signal }) => request(endpoints.planUsed, { signal }),
  });
}

export function useLiveHistory(page: number, limit: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...liveKey, "history", page, limit, language],
    queryFn: ({ signal }) => request(endpoints.liveHistory, { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

const refreshInit = () => queryClient.invalidateQueries({ queryKey: [...liveKey, "init"] });

export async function rotateKey() {
  const key = await request(endpoints.liveKeyRotate);
  void refreshInit();
  return key;
}

export async function revokeKey() {
  await request(endpoints.liveKeyRevoke);
  void refreshInit();
}

export const socketInfo = () => request(endpoints.liveSocket);
/** A cloud session's stream address and single-use ticket (getSocket shows no error toast: the view says it). */
export const cloudSocketInfo = (sessionId: string) => request(endpoints.liveSocket, { query: { sessionId } });
export const startSession = (mode: LiveMode) => request(endpoints.liveStart, { body: { mode } });
/** Switch the open session's mode while live (issue 47): the session goes on, its record keeps the switch. */
export const switchSessionMode = (id: string, mode: LiveMode) => request(endpoints.liveMode, { body: { id, mode } });
export const heartbeat = (id: string) => request(endpoints.liveHeartbeat, { body: { id } });
export const rehearse = (body: LiveTriggerBody) => request(endpoints.liveRehearse, { body });

export async function endSession(id: string, reason: "exit" | "idle") {
  const record = await request(endpoints.liveEnd, { body: { id, reason } });
  void queryClient.invalidateQueries({ queryKey: [...liveKey, "history"] });
  return record;
}

/**
 * The tab is closing: a keepalive call outlives the page (sendBeacon cannot carry the token
 * header). If it is lost anyway, the server ends the session when the heartbeat stops.
 */
export function endSessionOnLeave(id: string): void {
  const state = useSession.getState();
  if (!state.token) return;
  void fetch(endpoints.liveEnd.path, {
    method: "POST",
    keepalive: true,
    headers: {
      [HEADERS.authorization]: state.token,
      [HEADERS.language]: effectiveLanguage(state),
      "content-type": "application/json",
    },
    body: JSON.stringify({ id, reason: "close" }),
  }).catch(() => undefined);
}

/** The OBS source's plan, read with the stream key (no login on the machine running OBS). */
export async function obsPlan(key: string, signal?: AbortSignal) {
  const res = await fetch(endpoints.liveObsPlan.path, { headers: { "x-stream-key": key }, signal });
  const body = (await res.json()) as { code: number; message: string; data: unknown };
  if (body.code !== 200) throw new Error(body.message);
  return body.data as PlanInfo | null;
}
