import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient, type QueryKey } from "@tanstack/react-query";
import { onUserDataDropped, userDataInvalidated } from "./session.ts";

/** Keys of everything that belongs to the logged-in user: dropped on logout. */
export const USER_SCOPE = ["user"] as const;

/** Whether invalidating `key` covers the user's own data (userInfo lives in the session store). */
const coversUser = (key: QueryKey | undefined) => key === undefined || key.length === 0 || key[0] === USER_SCOPE[0];

/**
 * The pages' query client. The session (token, userInfo, the site's configuration) is not in it:
 * that is the shell's (web/lib/session.ts), loaded on every page without TanStack Query
 * (docs/decisions/030). Invalidating the user's data reloads userInfo too, as it did when
 * userInfo was a query under the same key.
 */
class AppQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    if (coversUser(filters?.queryKey)) userDataInvalidated();
    return super.invalidateQueries(filters, options);
  }
}

/**
 * One QueryClient for the pages, loaded with the first page that uses it (web/lib/QueryProvider.tsx,
 * which the router puts around every page but the home page). The API client has already told the
 * user about any failure (toast), so queries do not retry by themselves: a retry would repeat or
 * stretch the toast. Pages offer a "Try again" instead.
 */
export const queryClient = new AppQueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

// the next user on this browser never sees the previous one's data
onUserDataDropped(() => queryClient.removeQueries({ queryKey: USER_SCOPE }));
