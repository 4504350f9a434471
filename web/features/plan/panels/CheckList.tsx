import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogueRecord } from "../../../../shared/schemas/plans.ts";
import { LookIcon } from "../icons/LookIcon.tsx";

export interface CheckItem {
  id: string;
  label: string;
  record: Pick<CatalogueRecord, "kind" | "look">;
  /** What the row says besides its name (an interaction's action). */
  detail?: ReactNode;
  extra?: ReactNode;
}

/** A plan's own list (expressions, interactions) with checkboxes and 'Delete selected'. */
export function CheckList({
  title,
  empty,
  items,
  selected,
  onToggle,
  onDelete,
  deleting,
  testId,
  deleteTestId,
}: {
  title: string;
  empty: string;
  items: readonly CheckItem[];
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onDelete(): void;
  deleting: boolean;
  testId: string;
  deleteTestId: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="check-list" aria-labelledby={titleId}>
      <div className="check-list__head">
        <h3 id={titleId}>{title}</h3>
        <button
          type="button"
          className="btn btn--ghost check-list__delete"
          data-testid={deleteTestId}
          disabled={deleting}
          onClick={onDelete}
        >
          {t("plan.deleteSelected")}
          {selected.size > 0 && ` (${selected.size})`}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="check-list__empty">{empty}</p>
      ) : (
        <ul className="check-list__items" aria-labelledby={titleId} data-testid={testId}>
          {items.map((item) => (
            <li key={item.id} className="check-list__item" data-testid="plan-list-item" data-id={item.id}>
              <label className="check-list__label">
                <input type="checkbox" checked={selected.has(item.id)} onChange={() => onToggle(item.id)} />
                <LookIcon record={item.record} className="check-list__icon" />
                <span className="check-list__text">
                  <span className="check-list__name">{item.label}</span>
                  {item.detail && <span className="check-list__detail">{item.detail}</span>}
                </span>
              </label>
              {item.extra}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function PlayButton({
  label,
  onClick,
  playing = false,
  testId,
}: {
  label: string;
  onClick(): void;
  playing?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={`play-button${playing ? " play-button--on" : ""}`}
      aria-label={label}
      title={label}
      aria-pressed={playing}
      data-testid={testId}
      onClick={onClick}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        {playing ? (
          <rect x="4" y="4" width="8" height="8" rx="1" fill="currentColor" />
        ) : (
          <path d="M5 3l8 5-8 5z" fill="currentColor" />
        )}
      </svg>
    </button>
  );
}
