import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FileData, FileListData } from "../../../shared/schemas/files.ts";
import { call, request } from "../../lib/api.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";

const filesKey = [...USER_SCOPE, "files"] as const;

export function useFileList(page = 1, limit = 20) {
  return useQuery({
    queryKey: [...filesKey, page, limit],
    queryFn: ({ signal }) =>
      request<FileListData>("/web-api/v1/base/file/pageList", { query: { page, limit }, signal }),
  });
}

/** Uploads one image; answers the file and the service's success message ('Saved'). */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return call<FileData>("/web-api/v1/base/file/upload", { method: "POST", body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call<null>(`/web-api/v1/base/file/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey }),
  });
}
