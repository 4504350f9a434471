import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlanSummary } from "../../../shared/schemas/plans.ts";
import { AvatarPicture } from "../../components/AvatarPicture.tsx";
import { planLink } from "../../lib/links.ts";
import { countParts } from "./planCounts.ts";

/** One plan in the list: its avatar, name, what it holds, whether it is in use, and its actions. */
export function PlanCard({
  plan,
  updated,
  selected,
  onSelect,
  onUse,
  using,
  onDelete,
}: {
  plan: PlanSummary;
  updated: string;
  selected: boolean;
  onSelect(): void;
  onUse(): void;
  using: boolean;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const parts = countParts(plan.counts);
  const url = planLink({ planId: plan.planId, roleId: plan.roleId, avatarSex: plan.roleType });
  return (
    <li
      className={`plan-card card${plan.used ? " plan-card--used" : ""}${selected ? " plan-card--selected" : ""}`}
      data-testid="plan-card"
      data-id={plan.planId}
      data-used={plan.used}
    >
      <div className="plan-card__thumb">
        <AvatarPicture
          img={plan.img}
          sex={Number(plan.roleType)}
          id={plan.roleKind === "2" ? plan.roleId : undefined}
          lazy
        />
        <label className="plan-card__check">
          <input type="checkbox" checked={selected} onChange={onSelect} data-testid="plan-select" />
          <span className="visually-hidden">{t("myplan.select", { name: plan.name })}</span>
        </label>
        {plan.used && (
          <span className="badge badge--live plan-card__badge" data-testid="plan-used-badge">
            {t("myplan.inUseBadge")}
          </span>
        )}
      </div>
      <div className="plan-card__body">
        <Link to={url} className="plan-card__name" data-testid="plan-card-name">
          {plan.name}
        </Link>
        <p className="plan-card__role">{t("myplan.on", { name: plan.roleName })}</p>
        <p className="plan-card__counts" data-testid="plan-card-counts">
          {parts.length === 0
            ? t("myplan.nothingYet")
            : parts.map((p) => t(`myplan.counts.${p.key}`, { count: p.count })).join(" · ")}
        </p>
        <p className="plan-card__updated">{t("myplan.updatedAt", { date: updated })}</p>
      </div>
      <div className="plan-card__actions">
        <Link
          to={url}
          className="btn btn--primary"
          data-testid="plan-open"
          aria-label={t("myplan.openNamed", { name: plan.name })}
        >
          {t("myplan.open")}
        </Link>
        {plan.used ? (
          // the plan in use is the one the live studio plays: go there from it
          <Link to="/live/studio" className="btn btn--ghost" data-testid="plan-go-live">
            {t("studio.goLive")}
          </Link>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={onUse} disabled={using} data-testid="plan-use">
            {t("myplan.use")}
          </button>
        )}
        <button type="button" className="btn btn--ghost plan-card__delete" onClick={onDelete} data-testid="plan-delete">
          {t("myplan.delete")}
        </button>
      </div>
    </li>
  );
}
