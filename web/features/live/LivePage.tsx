import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { endpoints } from "../../../shared/endpoints.ts";
import type { PlanInfo } from "../../../shared/schemas/plans.ts";
import { StartDesignButton } from "../../components/StartDesignButton.tsx";
import { request } from "../../lib/api.ts";
import { planLink } from "../../lib/links.ts";
import { USER_SCOPE } from "../../lib/queryClient.ts";
import { useSession } from "../../lib/session.ts";
import { buildPlanLook } from "../plan/index.ts";
import "./live.css";

// three.js loads with the scene, only here and only for a logged-in user with a plan in use
const PlanPreview = lazy(() => import("../../three/plan/PlanPreview.tsx"));

/** The 3D scene of the plan in use, framed like a stream, with its name and what it holds. */
function UsedPlanStage({ info }: { info: PlanInfo }) {
  const { t } = useTranslation();
  const look = useMemo(() => buildPlanLook(info), [info]);
  return (
    <section className="live__stage" data-testid="live-stage" aria-labelledby="live-plan-name">
      <div className="live__screen">
        <Suspense fallback={<div className="live__loading" aria-busy="true" />}>
          <PlanPreview look={look} label={t("live.sceneLabel", { name: info.name })} />
        </Suspense>
        <span className="live__badge">{t("live.badge")}</span>
      </div>
      <div className="live__meta">
        <h2 id="live-plan-name" data-testid="live-plan-name">
          {info.name}
        </h2>
        <p>
          {t("live.holds", {
            outfits: info.outfits.length,
            pets: info.pets.length,
            effects: info.effects.length,
            interactions: info.interactions.length,
          })}
        </p>
        <Link className="btn btn--primary" to="/live/studio" data-testid="live-open-studio">
          {t("live.openStudio")}
        </Link>
        <Link
          className="btn btn--ghost"
          to={planLink({ planId: info.planId, roleId: info.roleId, avatarSex: info.roleType })}
        >
          {t("live.editPlan")}
        </Link>
      </div>
    </section>
  );
}

/**
 * /live: what streaming as an avatar looks like. A logged-in user with a plan in use sees that
 * plan's real 3D scene; everyone else sees how to get there.
 */
export function LivePage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const used = useQuery({
    queryKey: [...USER_SCOPE, "plan", "used"],
    queryFn: ({ signal }) => request(endpoints.planUsed, { signal }),
    enabled: loggedIn,
  });

  return (
    <div className="page container live" data-testid="live-page">
      <header className="live__head">
        <h1 className="page__title">{t("titles.live")}</h1>
        <p className="page__subtitle">{t("live.subtitle")}</p>
      </header>
      {loggedIn && used.data ? (
        <UsedPlanStage info={used.data} />
      ) : (
        <section className="live__empty card" data-testid="live-empty">
          <h2>{t(loggedIn ? "live.noPlanTitle" : "live.visitorTitle")}</h2>
          <p>{t(loggedIn ? "live.noPlanText" : "live.visitorText")}</p>
          {loggedIn && used.isPending ? (
            <p aria-busy="true">{t("help.loading")}</p>
          ) : loggedIn ? (
            <Link className="btn btn--primary" to="/workbench/myplan">
              {t("live.choosePlan")}
            </Link>
          ) : (
            <StartDesignButton className="btn btn--primary">{t("avatars.startDesign")}</StartDesignButton>
          )}
        </section>
      )}
      <ol className="live__how">
        <li>
          <h3>{t("live.how1Title")}</h3>
          <p>{t("live.how1")}</p>
        </li>
        <li>
          <h3>{t("live.how2Title")}</h3>
          <p>{t("live.how2")}</p>
        </li>
        <li>
          <h3>{t("live.how3Title")}</h3>
          <p>{t("live.how3")}</p>
        </li>
      </ol>
    </div>
  );
}
