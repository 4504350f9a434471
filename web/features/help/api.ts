/** Help documents, announcements and the contact form (docs/api.md "Help, announcements and contact"). */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import type { AnnouncementType, ContactBody } from "../../../shared/schemas/content.ts";
import { call, request } from "../../lib/api.ts";
import { useLanguage } from "../../lib/session.ts";

const LONG = 10 * 60_000;

export function useHelpCatalog() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["help", "catalog", language],
    queryFn: ({ signal }) => request(endpoints.helpCatalog, { signal }),
    staleTime: LONG,
  });
}

/** `id`: a document number or key (privacyAgreement). */
export function useHelpDoc(id: string | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["help", "doc", id, language],
    queryFn: ({ signal }) => request(endpoints.helpDoc, { params: { id: id as string }, signal }),
    enabled: id !== null,
    staleTime: LONG,
    retry: false,
  });
}

export function useAnnouncementTypes() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["announcements", "types", language],
    queryFn: ({ signal }) => request(endpoints.announcementTypes, { signal }),
    staleTime: LONG,
  });
}

export function useAnnouncementPage(page: number, limit: number, type: AnnouncementType | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["announcements", "page", page, limit, type, language],
    queryFn: ({ signal }) =>
      request(endpoints.announcementPage, { body: type ? { page, limit, type } : { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncement(id: number | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["announcements", "one", id, language],
    queryFn: ({ signal }) => request(endpoints.announcement, { params: { id: id as number }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export const sendContact = (body: ContactBody) => call(endpoints.contact, { body });
