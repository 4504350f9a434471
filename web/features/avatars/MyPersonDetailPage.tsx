import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AvatarPicture } from "../../components/AvatarPicture.tsx";
import { ListState } from "../../components/list-state/ListState.tsx";
import { withLoading } from "../../components/loading/loadingStore.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { HTML_LANG } from "../../lib/i18n/index.ts";
import { planLink } from "../../lib/links.ts";
import { useLanguage } from "../../lib/session.ts";
import { faceLink, useAvatarPaths } from "../../lib/variant.ts";
import { addPlan, PlanGrid, usePlansByRole } from "../plan/index.ts";
import { exportCustomRole, useCustomRoleDetail } from "./api.ts";
import "./avatars.css";

/** An avatar that is not there to show: no id, or one the server does not give this user (1212). */
function Missing({ body }: { body: string }) {
  const { t } = useTranslation();
  const { list } = useAvatarPaths();
  return (
    <div className="page container person-missing" role="alert" data-testid="person-missing">
      <h1 className="page__title">{t("shortVideo.detail.missingTitle")}</h1>
      <p className="page__subtitle">{body}</p>
      <Link className="btn btn--primary" to={list}>
        {t("shortVideo.detail.back")}
      </Link>
    </div>
  );
}

/**
 * /myPersonDetail?roleId=: one of the user's avatars with the drafts built on it (plans by role).
 * The avatar is read through its owner-scoped detail call: another user's id answers not found,
 * shown here as such, and its plans are never asked for.
 */
export function MyPersonDetailPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const paths = useAvatarPaths();
  const [params] = useSearchParams();
  const roleId = params.get("roleId") ?? "";
  const detail = useCustomRoleDetail(roleId);

  if (!roleId) return <Missing body={t("shortVideo.detail.noId")} />;
  if (detail.isError) return <Missing body={t("shortVideo.detail.missingBody")} />;
  if (!detail.data) return <div className="page container list-state__skeleton" role="status" aria-busy="true" />;

  const role = detail.data;
  const sex = role.sex === 1 ? 1 : 2;
  const updated = new Date(role.updatedAt).toLocaleDateString(HTML_LANG[language]);
  const newDraft = async () => {
    try {
      const planId = await withLoading(addPlan(role.id, "2"));
      navigate(planLink({ planId, roleId: role.id, avatarSex: sex }));
    } catch {
      // The API client has shown the service's message (plan limit, membership).
    }
  };

  return (
    <div className="page container person-detail" data-testid="person-detail" data-id={role.id}>
      <Link className="person-detail__back" to={paths.list}>
        ‹ {t("shortVideo.detail.back")}
      </Link>
      <section className="person-detail__head card">
        <div className="person-detail__thumb">
          <AvatarPicture img={role.img} sex={sex} id={role.id} />
        </div>
        <div className="person-detail__info">
          <h1 className="page__title" data-testid="person-name">
            {role.name}
          </h1>
          <p className="avatar-card__meta">
            <span className="avatar-card__kind">
              {t(`avatars.kind.${role.kind}`, { defaultValue: t("avatars.kind.diy") })}
            </span>
            <span>{t(sex === 1 ? "avatars.sex.male" : "avatars.sex.female")}</span>
            <span>{t("shortVideo.detail.updated", { date: updated })}</span>
          </p>
          {role.description && <p className="person-detail__description">{role.description}</p>}
          <div className="person-detail__actions">
            <Link className="btn btn--primary" to={faceLink(paths, role.id)} data-testid="person-edit-face">
              {t("shortVideo.detail.editFace")}
            </Link>
            <button type="button" className="btn btn--ghost" onClick={newDraft} data-testid="person-new-draft">
              {t("shortVideo.detail.newDraft")}
            </button>
          </div>
          <ExportControl roleId={role.id} />
        </div>
      </section>
      <PersonPlans roleId={role.id} onNewDraft={newDraft} />
    </div>
  );
}

/** Export: the avatar as GLB or VRM 1.0, built by the server from the avatar as it is now. */
function ExportControl({ roleId }: { roleId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (format: "glb" | "vrm") => {
    setBusy(true);
    try {
      const name = await withLoading(exportCustomRole(roleId, format));
      toast.success(t("shortVideo.detail.exported", { name }));
    } catch {
      // The API client has shown the service's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="person-detail__export" data-testid="person-export">
      <legend className="person-detail__export-title">{t("shortVideo.detail.export")}</legend>
      <p className="person-detail__export-hint">{t("shortVideo.detail.exportHint")}</p>
      {(["glb", "vrm"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn btn--ghost"
          disabled={busy}
          onClick={() => run(format)}
          data-testid={`person-export-${format}`}
        >
          {t(`shortVideo.detail.formats.${format}`)}
        </button>
      ))}
    </fieldset>
  );
}

function PersonPlans({ roleId, onNewDraft }: { roleId: string; onNewDraft(): void }) {
  const { t } = useTranslation();
  const plans = usePlansByRole(roleId);
  const records = plans.data ?? [];
  return (
    <section className="person-detail__plans" aria-labelledby="person-plans-title">
      <h2 id="person-plans-title" className="person-detail__plans-title">
        {t("shortVideo.detail.plansTitle")}
        {plans.isSuccess && (
          <span className="person-detail__count" data-testid="person-plan-count">
            {t("shortVideo.detail.plansCount", { count: records.length })}
          </span>
        )}
      </h2>
      <ListState
        query={plans}
        isEmpty={records.length === 0}
        errorText={t("shortVideo.detail.plansError")}
        empty={{
          title: t("shortVideo.detail.noPlans"),
          body: t("shortVideo.detail.noPlansBody"),
          action: (
            <button type="button" className="btn btn--primary" onClick={onNewDraft}>
              {t("shortVideo.detail.newDraft")}
            </button>
          ),
          testId: "person-plans-empty",
        }}
      >
        <PlanGrid records={records} label={t("shortVideo.detail.plansTitle")} />
      </ListState>
    </section>
  );
}
