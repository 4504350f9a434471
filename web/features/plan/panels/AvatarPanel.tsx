import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AvatarPicture } from "../../../components/AvatarPicture.tsx";
import { withLoading } from "../../../components/loading/loadingStore.ts";
import { planLink } from "../../../lib/links.ts";
import { addPlan, usePlansByRole } from "../api.ts";
import { usePlanStudio } from "../studioContext.ts";

/** The plan's avatar: who it is, the way to its face editor, and the other plans built on it. */
export function AvatarPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { info } = usePlanStudio();
  const { role } = info;
  const own = info.roleKind === "2";
  const others = usePlansByRole(info.roleId);
  const siblings = (others.data ?? []).filter((p) => p.planId !== info.planId);

  const newPlan = async () => {
    try {
      const planId = await withLoading(addPlan(info.roleId, own ? "2" : "1"));
      navigate(planLink({ planId, roleId: info.roleId, avatarSex: info.roleType }));
    } catch {
      // The API client has shown the service's message (the plan limit).
    }
  };

  return (
    <div className="plan-panel__section avatar-panel" data-testid="plan-avatar">
      <div className="avatar-panel__card">
        <div className="avatar-panel__thumb">
          <AvatarPicture img={role.img} sex={role.sex} id={own ? info.roleId : undefined} />
        </div>
        <div className="avatar-panel__about">
          <p className="avatar-panel__name" data-testid="plan-avatar-name">
            {role.name}
          </p>
          <p className="avatar-panel__meta">
            <span className="avatar-panel__kind">{t(own ? "plan.avatar.own" : "plan.avatar.system")}</span>
            <span>{t(role.sex === 1 ? "avatars.sex.male" : "avatars.sex.female")}</span>
          </p>
          {own ? (
            <Link
              className="btn btn--ghost"
              to={`/face?${new URLSearchParams({ roleId: info.roleId })}`}
              data-testid="plan-edit-face"
            >
              {t("plan.avatar.editFace")}
            </Link>
          ) : (
            <p className="plan-panel__hint">{t("plan.avatar.systemNote")}</p>
          )}
        </div>
      </div>

      <section className="avatar-panel__others" aria-labelledby="plan-other-plans">
        <div className="check-list__head">
          <h3 id="plan-other-plans">{t("plan.avatar.otherPlans")}</h3>
          <button type="button" className="btn btn--ghost" onClick={newPlan} data-testid="plan-new-on-avatar">
            {t("plan.avatar.newPlan")}
          </button>
        </div>
        {others.isSuccess && siblings.length === 0 && (
          <p className="check-list__empty">{t("plan.avatar.noOtherPlans")}</p>
        )}
        {siblings.length > 0 && (
          <ul className="avatar-panel__plans" data-testid="plan-other-plans">
            {siblings.map((p) => (
              <li key={p.planId}>
                <Link to={planLink({ planId: p.planId, roleId: p.roleId, avatarSex: p.roleType })}>{p.name}</Link>
                {p.used && <span className="badge badge--live">{t("plan.inUse")}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
