/** The download centre's one call (docs/api.md "Downloads"). */
import { useQuery } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import { request } from "../../lib/api.ts";
import { useLanguage } from "../../lib/session.ts";

export function useDownloads() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["downloads", language],
    queryFn: ({ signal }) => request(endpoints.downloadList, { signal }),
    staleTime: 60_000,
  });
}
