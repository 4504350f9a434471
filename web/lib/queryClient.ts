import { QueryClient } from "@tanstack/react-query";

/**
 * One QueryClient for the app. The API client has already told the user about any failure
 * (toast), so queries do not retry by themselves: a retry would repeat or stretch the toast.
 * Pages offer a "Try again" instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

/** Keys of everything that belongs to the logged-in user: dropped on logout. */
export const USER_SCOPE = ["user"] as const;

/** The logged-in user's info (getUserInfo): loaded by the layout, dropped with the user's data. */
export const USER_INFO_KEY = [...USER_SCOPE, "info"] as const;

/** The site environment (base/config): loaded once per page load. */
export const SITE_KEY = ["config"] as const;
