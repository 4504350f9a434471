import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { endpoints } from "../../../shared/endpoints.ts";
import { request } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";

/** The site environment (cn or intl) set by the server's configuration. Fetched once per load. */
export function useSiteConfig() {
  const setSite = useSession((s) => s.setSite);
  const query = useQuery({
    queryKey: ["config"],
    queryFn: ({ signal }) => request(endpoints.siteConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (query.data) setSite(query.data);
  }, [query.data, setSite]);
  return query;
}
