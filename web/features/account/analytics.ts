import { endpoints } from "../../../shared/endpoints.ts";
import type { AnalyticsBody } from "../../../shared/schemas/account.ts";
import { request } from "../../lib/api.ts";

const SENT_KEY = "avalive.analytics.userInfo";

function alreadySent(userId: string): boolean {
  try {
    return sessionStorage.getItem(SENT_KEY) === userId;
  } catch {
    return false;
  }
}

function markSent(userId: string): void {
  try {
    sessionStorage.setItem(SENT_KEY, userId);
  } catch {
    // storage disabled: the event may be sent again on the next load, which analytics tolerates
  }
}

/**
 * Spec section 4: "after user info loads, the userId is sent to analytics". Once per browser
 * session and user (userInfo reloads after every bind or unbind; those are not new visits).
 * Silent: analytics failing is never the user's concern.
 */
export function reportUserLoaded(userInfo: { userId: string }): void {
  if (alreadySent(userInfo.userId)) return;
  markSent(userInfo.userId);
  const body: AnalyticsBody = { event: "userInfo", userId: userInfo.userId, path: window.location.pathname };
  void request(endpoints.analyticsEvent, { body }).catch(() => null);
}
