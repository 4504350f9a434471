/**
 * Links to the agreements (spec section 3, "Document ids"; section 7, findDict): the document-id map
 * (`findDict` type docMap, key agreementDocMap) says which help document each key is, and /help
 * opens it by that id. Fetched once and kept for the session; until it answers (or if it fails)
 * the link carries the key, which the help page also opens.
 */

import { useQuery } from "@tanstack/react-query";
import { endpoints } from "../../shared/endpoints.ts";
import { request } from "./api.ts";

export type DocumentKey = "privacyAgreement" | "serverAgreement";

export const DOC_MAP_QUERY = { type: "docMap", key: "agreementDocMap" } as const;

/** The map's JSON text, read; a malformed one counts as empty. */
export function parseDocMap(text: string): Record<string, string> {
  try {
    const map = JSON.parse(text) as unknown;
    return map && typeof map === "object" ? (map as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** `/help?id=…` for an agreement, by the document-id map. */
export function documentHref(map: Record<string, string> | undefined, key: DocumentKey): string {
  return `/help?${new URLSearchParams({ id: map?.[key] ?? key })}`;
}

export function useDocumentHref(key: DocumentKey): string {
  const { data } = useQuery({
    queryKey: ["docMap"],
    queryFn: ({ signal }) => request(endpoints.findDict, { query: DOC_MAP_QUERY, signal }),
    select: parseDocMap,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return documentHref(data, key);
}
