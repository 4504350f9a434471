import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./list-state.css";

export interface EmptyState {
  title: string;
  body?: string;
  /** A picture above the title (decorative). */
  icon?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  /** Makes the whole box the label of this input (an upload area). */
  htmlFor?: string;
  testId?: string;
}

/**
 * A list page's states in one place: a loading skeleton, an error with a 'Try again' that
 * refetches, an empty state, else the list itself (`children`).
 */
export function ListState({
  query,
  isEmpty,
  errorText,
  empty,
  children,
}: {
  /** The list's query (TanStack Query's result fits). */
  query: { isPending: boolean; isError: boolean; refetch(): unknown };
  /** Whether the loaded list has no row. */
  isEmpty: boolean;
  errorText: string;
  empty: EmptyState;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <div className="list-state card" role="alert">
        <p>{errorText}</p>
        <button type="button" className="btn btn--ghost" onClick={() => query.refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  if (query.isPending)
    return <div className="list-state__skeleton" role="status" aria-busy="true" aria-label={t("common.loading")} />;
  if (!isEmpty) return children;
  const content = (
    <>
      {empty.icon}
      <strong>{empty.title}</strong>
      {empty.body && <span>{empty.body}</span>}
      {empty.action}
    </>
  );
  return empty.htmlFor ? (
    <label htmlFor={empty.htmlFor} className="list-state list-state--pick card" data-testid={empty.testId}>
      {content}
    </label>
  ) : (
    <div className="list-state card" data-testid={empty.testId}>
      {content}
    </div>
  );
}
