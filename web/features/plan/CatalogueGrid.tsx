import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogueRecord } from "../../../shared/schemas/plans.ts";
import { LookIcon, NoneIcon } from "./icons/LookIcon.tsx";
import { EQUITY_LOCKED } from "./interactionForm.ts";
import { refuseLocked } from "./studioContext.ts";

const SKELETONS = ["a", "b", "c", "d", "e", "f", "g", "h"];

/**
 * 'Locked' (the membership; with the tier that opens it, "Diamond only"), or 'Shop' for an item
 * the shop sells and the user does not own.
 */
export function LockBadge({ shop = false, tier = null }: { shop?: boolean; tier?: string | null }) {
  const { t } = useTranslation();
  return (
    <span
      className={`catalogue-tile__lock${shop ? " catalogue-tile__lock--shop" : ""}`}
      data-testid={shop ? "shop-badge" : "lock-badge"}
    >
      {shop ? (
        <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true">
          <path d="M3 5h10l-1 9H4zm2 0a3 3 0 0 1 6 0h-1.5a1.5 1.5 0 0 0-3 0z" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true">
          <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z" fill="currentColor" />
        </svg>
      )}
      {shop
        ? t("plan.shopBadge")
        : tier
          ? t("plan.lockedTier", { tier: t(`home.tiers.${tier}.name`) })
          : t("plan.locked")}
    </span>
  );
}

/**
 * A grid of catalogue items: the icon drawn from each look, its name, a lock badge on locked
 * ones (a click says 'No privileges' and calls nothing; on a shop item, offers its page in the
 * shop), the chosen ones pressed. An optional
 * 'none' tile comes first (take the slot off, clear the scene).
 */
export function CatalogueGrid({
  label,
  records,
  loading,
  isOn,
  onPick,
  none,
  testId,
}: {
  label: string;
  records: readonly CatalogueRecord[];
  loading: boolean;
  isOn(record: CatalogueRecord): boolean;
  onPick(record: CatalogueRecord): void;
  none?: { on: boolean; label: string; onPick(): void };
  testId?: string;
}) {
  return (
    <ul className="catalogue-grid" aria-label={label} data-testid={testId ?? "catalogue-grid"} aria-busy={loading}>
      {none && (
        <li>
          <button
            type="button"
            className="catalogue-tile catalogue-tile--none"
            aria-pressed={none.on}
            data-testid="catalogue-item-none"
            onClick={none.onPick}
          >
            <span className="catalogue-tile__icon">
              <NoneIcon />
            </span>
            <span className="catalogue-tile__name">{none.label}</span>
          </button>
        </li>
      )}
      {loading && SKELETONS.map((k) => <li key={k} className="catalogue-tile catalogue-tile--skeleton" />)}
      {records.map((record) => (
        <li key={record.id}>
          <CatalogueTile record={record} on={isOn(record)} onPick={() => onPick(record)} />
        </li>
      ))}
    </ul>
  );
}

export function CatalogueTile({
  record,
  on,
  onPick,
  children,
}: {
  record: CatalogueRecord;
  on: boolean;
  onPick(): void;
  children?: ReactNode;
}) {
  const locked = record.equityStatus === EQUITY_LOCKED;
  return (
    <button
      type="button"
      className={`catalogue-tile${on ? " catalogue-tile--on" : ""}${locked ? " catalogue-tile--locked" : ""}`}
      aria-pressed={on}
      data-testid={`catalogue-item-${record.id}`}
      data-locked={locked}
      onClick={() => {
        if (!refuseLocked(record)) onPick();
      }}
    >
      <span className="catalogue-tile__icon">
        <LookIcon record={record} />
      </span>
      <span className="catalogue-tile__name">{record.name}</span>
      {locked && <LockBadge shop={Boolean(record.skuId)} tier={record.tier} />}
      {children}
    </button>
  );
}
