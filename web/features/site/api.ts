import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import { request } from "../../lib/api.ts";
import { SITE_KEY } from "../../lib/queryClient.ts";

/**
 * The site environment (cn or intl) set by the server's configuration. Fetched once per load;
 * everything else reads it from the cache (useSiteEnv, getSiteEnv in lib/session.ts).
 */
export const siteConfigQuery = queryOptions({
  queryKey: SITE_KEY,
  queryFn: ({ signal }) => request(endpoints.siteConfig, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  // the language and the login page read it on pages without the layout too
  gcTime: Number.POSITIVE_INFINITY,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
