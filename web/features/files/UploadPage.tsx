import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PHOTO } from "../../../shared/constants.ts";
import { isPhotoMime } from "../../../shared/validation.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { withLoading } from "../../components/loading/loadingStore.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { useDeleteFile, useFileList, useUploadFile } from "./api.ts";
import { FileCard } from "./FileCard.tsx";
import "./upload.css";

const PAGE_SIZE = 20;

/** "My uploads": upload an image, see its thumbnail, delete it. */
export function UploadPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const [page, setPage] = useState(1);
  const list = useFileList(page, PAGE_SIZE);
  const upload = useUploadFile();
  const remove = useDeleteFile();

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ""; // picking the same file again must fire change again
    if (!file) return;
    // Checked here to save a doomed upload; the server checks again (type by content, not name).
    if (!isPhotoMime(file.type)) return void toast.error(messageText("photoError3"));
    if (file.size > PHOTO.maxBytes) return void toast.error(messageText("photoError1"));
    try {
      const { message } = await withLoading(upload.mutateAsync(file), t("upload.uploading"));
      toast.success(message);
      setPage(1);
    } catch {
      // The API client has shown the service's message.
    }
  };

  const onDelete = async (id: string, name: string) => {
    const ok = await confirm({
      title: t("upload.confirmDeleteTitle"),
      message: t("upload.confirmDeleteMessage", { name }),
      confirmText: t("upload.delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      const { message } = await remove.mutateAsync(id);
      toast.success(message);
    } catch {
      // Already told by the API client.
    }
  };

  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="page container uploads">
      <div className="uploads__head">
        <div>
          <h1 className="page__title">{t("upload.title")}</h1>
          <p className="page__subtitle">{t("upload.subtitle")}</p>
        </div>
        <div className="uploads__action">
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={PHOTO.mimeTypes.join(",")}
            data-testid="upload-input"
            onChange={onPick}
            disabled={upload.isPending}
          />
          <label htmlFor={inputId} className="btn btn--primary btn--lg uploads__pick">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M12 16V4m0 0l-5 5m5-5l5 5M4 20h16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {t("upload.choose")}
          </label>
          <span className="uploads__rules">{t("upload.rules")}</span>
        </div>
      </div>

      {list.isSuccess && <p className="uploads__count">{t("upload.count", { count: total })}</p>}

      <ListState
        query={list}
        isEmpty={records.length === 0}
        errorText={t("upload.loadError")}
        empty={{
          icon: (
            <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
              <rect x="8" y="12" width="48" height="40" rx="8" fill="var(--accent-soft)" />
              <circle cx="24" cy="28" r="5" fill="var(--accent-2)" />
              <path
                d="M12 48l14-14 10 10 8-8 12 12"
                fill="none"
                stroke="var(--accent)"
                strokeWidth="3"
                strokeLinejoin="round"
              />
            </svg>
          ),
          title: t("upload.empty"),
          body: t("upload.emptyBody"),
          htmlFor: inputId,
          testId: "uploads-empty",
        }}
      >
        <ul className="uploads__grid" data-testid="uploads-grid">
          {records.map((file) => (
            <FileCard key={file.id} file={file} onDelete={() => onDelete(file.id, file.name)} />
          ))}
        </ul>
      </ListState>

      {pages > 1 && (
        <nav className="uploads__pager" aria-label={t("upload.pageOf", { page, pages })}>
          <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("upload.previous")}
          </button>
          <span>{t("upload.pageOf", { page, pages })}</span>
          <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("upload.next")}
          </button>
        </nav>
      )}
    </div>
  );
}
