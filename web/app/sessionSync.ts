import { queryClient, USER_SCOPE } from "../lib/queryClient.ts";
import { useSession } from "../lib/session.ts";

/**
 * Whatever ends a session (the menu's log out, a code 600 from any call) also drops the cached
 * user data, so the next user on this browser never sees the previous one's uploads.
 */
export function syncQueriesWithSession(): void {
  useSession.subscribe((state, previous) => {
    if (previous.token !== null && state.token === null) queryClient.removeQueries({ queryKey: USER_SCOPE });
  });
}
