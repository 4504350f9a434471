import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "./queryClient.ts";

/**
 * TanStack Query for what it wraps: the router puts it around each page but the home page, and
 * the Start design dialog around itself, so that the query library loads with the first such page
 * and never on the landing page (docs/decisions/030). One client for all.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
