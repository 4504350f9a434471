/**
 * 'Start design' from anywhere (spec section 4, membership gate): without a token, log in first;
 * without a membership, the 'Prompts' confirm offers to unlock one, or to renew one that lapsed
 * (/member, or the host's page when embedded); with one, the session's start-design flag opens the dialog, which
 * StartDesignHost mounts.
 */
import { confirm } from "../components/confirm/confirmStore.ts";
import { tellHost } from "./host.ts";
import { i18n, loadPageTexts } from "./i18n/index.ts";
import { navigate } from "./navigation.ts";
import { getUserInfo, type UserInfo, useSession } from "./session.ts";

export const MEMBER_FROM_DESIGN = "/member?from=design";

/** userInfo loads with the layout; a click right after a page load may come first. */
function loadedUserInfo(timeoutMs = 5000): Promise<UserInfo | null> {
  const now = getUserInfo();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    const stop = useSession.subscribe(() => {
      const info = getUserInfo();
      if (!info) return;
      clearTimeout(timer);
      stop();
      resolve(info);
    });
  });
}

export async function startDesign(): Promise<void> {
  const session = useSession.getState();
  if (!session.token) return navigate("/login");
  const userInfo = await loadedUserInfo();
  if (!useSession.getState().token) return navigate("/login");
  if (!userInfo?.vipType) {
    // the gate's texts are the avatar pages' (web/lib/i18n), not the shell's the home page has
    await loadPageTexts().catch(() => undefined);
    const t = i18n.t.bind(i18n);
    const texts = gateTexts(userInfo);
    const unlock = await confirm({
      title: t("avatars.gate.title"),
      message: t(texts.message),
      confirmText: t(texts.confirm),
    });
    if (unlock) unlockMembership();
    return;
  }
  session.setStartDesignOpen(true);
}

/**
 * The gate's words: a membership that lapsed asks to renew (the spec's 'membership expired,
 * renew', code 1208); none at all, to unlock one.
 */
export function gateTexts(userInfo: UserInfo | null) {
  return userInfo?.vipExpiredAt
    ? ({ message: "avatars.gate.renewMessage", confirm: "avatars.gate.renew" } as const)
    : ({ message: "avatars.gate.message", confirm: "avatars.gate.unlock" } as const);
}

/** The gate's 'Unlock': the membership page, or, embedded, the host app opens its own (the spec's noAuth, jump = where). */
export function unlockMembership(): void {
  if (!tellHost({ type: "noAuth", data: { jump: MEMBER_FROM_DESIGN } })) navigate(MEMBER_FROM_DESIGN);
}
