import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { RoleRecord } from "../../../shared/schemas/roles.ts";
import { AvatarPicture } from "../../components/AvatarPicture.tsx";
import { withLoading } from "../../components/loading/loadingStore.ts";
import { hasToast, toast } from "../../components/toast/toastStore.ts";
import { openFaceEditor, openPlanEditor } from "../../lib/editors.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { useSession } from "../../lib/session.ts";
import { useAvatarPaths } from "../../lib/variant.ts";
import { addPlan } from "../plan/index.ts";
import { createCustomRole, exportSystemRole, type SexFilter, useRoleList } from "./api.ts";

/** Spec section 9: eight avatars per slider page. */
export const PAGE_SIZE = 8;
const SKELETON_KEYS = Array.from({ length: PAGE_SIZE }, (_, i) => `skeleton-${i}`);
const FILTERS: { value: SexFilter; key: string }[] = [
  { value: "", key: "all" },
  { value: "2", key: "female" },
  { value: "1", key: "male" },
];

/** The 'System avatars' tab: gender filter, pages of 8, 'create a draft' and 'DIY face'. */
export function SystemAvatarTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useAvatarPaths();
  const [sex, setSex] = useState<SexFilter>("");
  const [page, setPage] = useState(0);
  const list = useRoleList(sex);
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil(records.length / PAGE_SIZE));
  const shown = records.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  const close = () => useSession.getState().setStartDesignOpen(false);

  /** Download the avatar as GLB or VRM 1.0 (decision 034): the server builds it, with the same rules as using it. */
  const download = async (role: RoleRecord, format: "glb" | "vrm") => {
    if (role.equityStatus === 2) {
      if (!hasToast()) toast.error(messageText("locked"));
      return;
    }
    try {
      const name = await withLoading(exportSystemRole(role.id, format));
      toast.success(t("shortVideo.detail.exported", { name }));
    } catch {
      // The API client has shown the service's message.
    }
  };

  const act = async (role: RoleRecord, action: "draft" | "diy") => {
    // Refused here, before any call; said only when nothing else is on screen (spec section 4).
    if (role.equityStatus === 2) {
      if (!hasToast()) toast.error(messageText("locked"));
      return;
    }
    try {
      if (action === "draft") {
        const planId = await withLoading(addPlan(role.id, "1"));
        close();
        openPlanEditor({ planId, roleId: role.id, avatarSex: role.sex }, navigate);
      } else {
        const roleId = await withLoading(createCustomRole(role.id));
        close();
        openFaceEditor(roleId, undefined, navigate, paths);
      }
    } catch {
      // The API client has shown the service's message (limits, locked).
    }
  };

  return (
    <div className="system-avatars">
      <fieldset className="system-avatars__filter">
        <legend className="visually-hidden">{t("avatars.dialog.gender")}</legend>
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            aria-pressed={sex === f.value}
            className={`chip${sex === f.value ? " chip--on" : ""}`}
            data-testid={`sex-${f.key}`}
            onClick={() => {
              setSex(f.value);
              setPage(0);
            }}
          >
            {t(`avatars.sex.${f.key}`)}
          </button>
        ))}
        {list.isSuccess && (
          <span className="system-avatars__count">{t("avatars.dialog.count", { count: records.length })}</span>
        )}
      </fieldset>

      <div className="system-avatars__slider">
        <button
          type="button"
          className="slider-arrow"
          aria-label={t("avatars.dialog.previous")}
          data-testid="slider-prev"
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
        >
          ‹
        </button>
        <ul className="system-avatars__grid" data-testid="system-avatars" data-page={page}>
          {list.isPending && SKELETON_KEYS.map((key) => <li key={key} className="role-card role-card--skeleton" />)}
          {shown.map((role) => (
            <li
              key={role.id}
              className={`role-card${role.equityStatus === 2 ? " role-card--locked" : ""}`}
              data-testid="role-card"
              data-sex={role.sex}
              data-locked={role.equityStatus === 2}
            >
              <div className="role-card__thumb">
                <AvatarPicture img={role.img} sex={role.sex} lazy />
                {role.equityStatus === 2 && (
                  <span className="role-card__lock" data-testid="lock-badge">
                    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                      <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z" fill="currentColor" />
                    </svg>
                    {role.tier
                      ? t("avatars.dialog.lockedTier", { tier: t(`home.tiers.${role.tier}.name`) })
                      : t("avatars.dialog.locked")}
                  </span>
                )}
                {role.equityStatus === 2 ? (
                  // locked (issue 47): the tier that opens it, and Upgrade, which comes back here (Start design)
                  <div className="role-card__actions">
                    <button
                      type="button"
                      className="btn btn--primary"
                      data-testid="role-upgrade"
                      onClick={() => {
                        close();
                        navigate(
                          `/member?${new URLSearchParams({ from: "design", ...(role.tier ? { tier: role.tier } : {}) })}`,
                        );
                      }}
                    >
                      {t("avatars.dialog.upgrade")}
                    </button>
                  </div>
                ) : (
                  <div className="role-card__actions">
                    <button type="button" className="btn btn--primary" onClick={() => act(role, "draft")}>
                      {t("avatars.dialog.createDraft")}
                    </button>
                    <button type="button" className="btn role-card__diy" onClick={() => act(role, "diy")}>
                      {t("avatars.dialog.diyFace")}
                    </button>
                  </div>
                )}
              </div>
              <p className="role-card__name">{role.name}</p>
              <p className="role-card__export">
                <span aria-hidden="true">{t("avatars.dialog.download")}</span>
                {(["glb", "vrm"] as const).map((format) => (
                  <button
                    key={format}
                    type="button"
                    className="role-card__format"
                    aria-label={t("avatars.dialog.downloadAs", {
                      name: role.name,
                      format: t(`shortVideo.detail.formats.${format}`),
                    })}
                    data-testid={`role-export-${format}`}
                    onClick={() => void download(role, format)}
                  >
                    {t(`shortVideo.detail.formats.${format}`)}
                  </button>
                ))}
              </p>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="slider-arrow"
          aria-label={t("avatars.dialog.next")}
          data-testid="slider-next"
          disabled={page >= pages - 1}
          onClick={() => setPage(page + 1)}
        >
          ›
        </button>
      </div>
      <p className="system-avatars__dots" aria-live="polite" data-testid="slider-page">
        {t("avatars.dialog.pageOf", { page: page + 1, pages })}
      </p>
      {/* The shop's avatar models join this list once bought (docs/decisions/025). */}
      <p className="system-avatars__shop">
        <a
          href="/shop/singleList?classify=avatar"
          data-testid="more-in-shop"
          onClick={(event) => {
            event.preventDefault();
            close();
            navigate("/shop/singleList?classify=avatar");
          }}
        >
          {t("avatars.dialog.moreInShop")} →
        </a>
      </p>
    </div>
  );
}
