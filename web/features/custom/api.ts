/** Tailored-model calls (docs/api.md "Tailored models"), one hook per operation. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomStatus } from "../../../shared/custom.ts";
import { endpoints } from "../../../shared/endpoints.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useLanguage } from "../../lib/session.ts";

const requestsKey = [...USER_SCOPE, "customMade"] as const;

/** The form's options; public, so the page can show styles and budgets to everyone. */
export function useSelectInit() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["customSelectInit", language],
    queryFn: ({ signal }) => request(endpoints.customSelectInit, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useMyMade(page: number, limit: number, status: CustomStatus | "") {
  const language = useLanguage();
  return useQuery({
    queryKey: [...requestsKey, "page", page, limit, status, language],
    queryFn: ({ signal }) =>
      request(endpoints.customMyMade, { body: { page, limit, ...(status ? { status } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface RequestForm {
  sex: 1 | 2;
  style: string;
  description: string;
  /** In the smallest unit. */
  budget: number;
  deadline: string;
  photos: File[];
}

/** Send a request: the fields first, then the photos (multipart). */
export function useSubmitRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: RequestForm) => {
      const body = new FormData();
      body.append("sex", String(form.sex));
      body.append("style", form.style);
      body.append("description", form.description);
      body.append("budget", String(form.budget));
      body.append("deadline", form.deadline);
      for (const photo of form.photos) body.append("photos", photo, photo.name);
      return call(endpoints.customCreate, { body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: requestsKey }),
  });
}

export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.customCancel, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: requestsKey }),
  });
}
