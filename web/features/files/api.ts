import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { endpoints } from "../../../shared/endpoints.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";

const filesKey = [...USER_SCOPE, "files"] as const;

export function useFileList(page = 1, limit = 20) {
  return useQuery({
    queryKey: [...filesKey, page, limit],
    queryFn: ({ signal }) => request(endpoints.fileList, { query: { page, limit }, signal }),
  });
}

/** Uploads one image; answers the file and the service's success message ('Saved'). */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return call(endpoints.fileUpload, { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.fileDelete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}
