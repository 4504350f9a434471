import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CODES } from "../../../shared/codes.ts";
import { ApiError } from "../../lib/api.ts";
import { addPlan, isOwnRole, usePlanInfo } from "./api.ts";
import { PlanLoading, PlanMissing } from "./PlanStates.tsx";
import { PlanStudio } from "./PlanStudio.tsx";
import "./plan.css";

/**
 * /plan?planId=&roleId=&roleType=: the plan editor. Without a planId but with a roleId, a plan is
 * created on that avatar first and the address becomes the plan's own.
 */
export function PlanPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const planId = params.get("planId") ?? "";
  const roleId = params.get("roleId") ?? "";
  // The spec's query calls the avatar's sex roleType.
  const avatarSex = params.get("roleType") ?? "";
  const info = usePlanInfo(planId);
  const [createFailed, setCreateFailed] = useState(false);
  const creating = useRef(false);

  useEffect(() => {
    if (planId || !roleId || creating.current) return;
    creating.current = true;
    (async () => {
      try {
        // The address carries the avatar's sex, not whose it is: one of the user's own, else a system one.
        const roleKind = (await isOwnRole(roleId)) ? "2" : "1";
        const id = await addPlan(roleId, roleKind);
        setParams({ planId: id, roleId, roleType: avatarSex }, { replace: true });
      } catch {
        // The API client has shown the service's message (locked, plan limit).
        setCreateFailed(true);
      } finally {
        creating.current = false;
      }
    })();
  }, [planId, roleId, avatarSex, setParams]);

  if (!planId) {
    if (roleId && !createFailed) return <PlanLoading label={t("plan.creating")} />;
    return (
      <PlanMissing
        title={t(createFailed ? "plan.createError" : "plan.noPlanTitle")}
        body={t(createFailed ? "plan.createErrorBody" : "plan.noPlanBody")}
      />
    );
  }
  if (info.isError) {
    const notFound = info.error instanceof ApiError && info.error.code === CODES.NOT_FOUND.code;
    return notFound ? (
      <PlanMissing title={t("plan.missingTitle")} body={t("plan.missingBody")} />
    ) : (
      <PlanMissing title={t("plan.loadError")} body={info.error.message} onRetry={() => info.refetch()} />
    );
  }
  if (!info.data) return <PlanLoading label={t("plan.loading")} />;
  return <PlanStudio key={planId} info={info.data} />;
}
