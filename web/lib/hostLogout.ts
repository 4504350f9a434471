/**
 * Code 600, per mode (spec section 4): standalone, the API client logs out and routes to the login
 * page. Embedded, the session still ends here, but the host takes the user to its own login: a
 * host is sent 'token overdue', the iOS wrapper `logout` with reason tokenOverdue. Said once per
 * token (a page's parallel calls answer 600 together); a new token arms it again.
 */

import { TOKEN_OVERDUE } from "../../shared/host/messages.ts";
import { hostMode, tellHost } from "./host.ts";
import { useSession } from "./session.ts";

let said = false;

useSession.subscribe((state, previous) => {
  if (state.token !== null && state.token !== previous.token) said = false;
});

/** After the API client has ended the session on 600: true when a host took over (the app then does not route). */
export function handOverLogout(): boolean {
  const mode = hostMode();
  if (mode === "standalone") return false;
  if (said) return true;
  said = tellHost(
    mode === "ios" ? { type: "logout", data: { reason: "tokenOverdue" } } : { type: TOKEN_OVERDUE, data: {} },
  );
  return said;
}
