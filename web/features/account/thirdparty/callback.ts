import { CHANNEL } from "../../../../shared/constants.ts";
import { thirdPartyLogin } from "../authApi.ts";
import { hasCode, messageOf } from "../errors.ts";
import { type CallbackPath, type Provider, saveTicket, takePendingLogin } from "../oauth.ts";

export type CallbackOutcome =
  | { kind: "token"; token: string; redirect: string | null }
  | { kind: "ticket"; ticket: string }
  | { kind: "denied" }
  | { kind: "badState" }
  | { kind: "expired"; message: string }
  | { kind: "failed"; message: string };

const TICKET_EXPIRED = 1012;
const PROVIDERS: readonly string[] = ["wechat", "qq"];

// One run per provider code: React's strict mode mounts twice in development, and the code and
// the state are single use.
const runs = new Map<string, Promise<CallbackOutcome>>();

async function run(params: URLSearchParams, callback: CallbackPath): Promise<CallbackOutcome> {
  const state = params.get("state");
  const pending = takePendingLogin(state);
  if (params.get("error") === "access_denied") return { kind: "denied" };
  const code = params.get("code");
  const provider = params.get("provider") ?? pending?.provider ?? "";
  // Before any call: a callback this tab did not start (login CSRF) or a mangled URL.
  if (!pending || !code || !PROVIDERS.includes(provider)) return { kind: "badState" };
  try {
    const data = await thirdPartyLogin({
      provider: provider as Provider,
      code,
      state: pending.state,
      loginChannel: callback === "/controllerCheck" ? CHANNEL.controller : CHANNEL.web,
    });
    if (data.token) return { kind: "token", token: data.token, redirect: pending.redirect };
    if (data.ticket) {
      saveTicket({
        ticket: data.ticket,
        nickname: data.nickname,
        provider: provider as Provider,
        callback,
        redirect: pending.redirect,
      });
      return { kind: "ticket", ticket: data.ticket };
    }
    return { kind: "failed", message: "" };
  } catch (error) {
    if (hasCode(error, TICKET_EXPIRED)) return { kind: "expired", message: messageOf(error) };
    return { kind: "failed", message: messageOf(error) };
  }
}

/** Completes the provider's redirect: state check, then thirdPart/login once. */
export function completeCallback(params: URLSearchParams, callback: CallbackPath): Promise<CallbackOutcome> {
  const key = params.get("code") ?? params.get("state") ?? params.get("error") ?? "";
  let outcome = runs.get(key);
  if (!outcome) {
    outcome = run(params, callback);
    runs.set(key, outcome);
  }
  return outcome;
}
