import { useTranslation } from "react-i18next";
import type { FileData } from "../../../shared/schemas/files.ts";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { useLanguage } from "../../lib/session.ts";

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One uploaded image: its thumbnail (made by the server's thumbnail job), facts, and delete. */
export function FileCard({ file, onDelete }: { file: FileData; onDelete(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const date = new Date(file.createdAt).toLocaleDateString(HTML_LANG[language], {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
  return (
    <li className="file-card card" data-testid="file-card">
      <a
        className="file-card__thumb"
        href={file.url}
        target="_blank"
        rel="noreferrer"
        aria-label={t("upload.open", { name: file.name })}
      >
        {file.thumbnailUrl ? (
          <img src={file.thumbnailUrl} alt={file.name} loading="lazy" data-testid="file-thumb" />
        ) : (
          <span className="file-card__pending">{t("upload.processing")}</span>
        )}
      </a>
      <div className="file-card__body">
        <p className="file-card__name" title={file.name}>
          {file.name}
        </p>
        <p className="file-card__meta">
          {t("upload.dimensions", { width: file.width, height: file.height })} · {formatSize(file.size)}
        </p>
        <p className="file-card__meta">{t("upload.uploadedAt", { date })}</p>
      </div>
      <button
        type="button"
        className="file-card__delete"
        aria-label={t("upload.deleteNamed", { name: file.name })}
        onClick={onDelete}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M5 7h14M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>{t("upload.delete")}</span>
      </button>
    </li>
  );
}
