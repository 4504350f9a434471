import { useTranslation } from "react-i18next";

/**
 * Previous / "Page n of m" / Next under a paged list. Renders nothing for a single page.
 * `testId` names the page text; the buttons are `${testId}-prev` and `${testId}-next`.
 */
export function Pager({
  page,
  pages,
  onPage,
  testId,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid={`${testId}-prev`}
      >
        {t("pager.prev")}
      </button>
      <span data-testid={testId}>{t("pager.pageOf", { page, pages })}</span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={`${testId}-next`}
      >
        {t("pager.next")}
      </button>
    </nav>
  );
}
