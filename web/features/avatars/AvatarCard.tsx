import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CustomRoleRecord } from "../../../shared/schemas/roles.ts";
import { PortraitStatus, usePortrait } from "../../components/AvatarPicture.tsx";
import { AvatarPlaceholder } from "../../components/AvatarPlaceholder.tsx";

/** One of the user's avatars: thumbnail, name, kind, and its actions (and its detail page, where the list has one). */
export function AvatarCard({
  role,
  detail = null,
  onEdit,
  onRename,
  onCopy,
  onDelete,
  onReset,
}: {
  role: CustomRoleRecord;
  detail?: string | null;
  onEdit(): void;
  onRename(): void;
  onCopy(): void;
  onDelete(): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const portrait = usePortrait(role.img, role.id);
  const kind = t(`avatars.kind.${role.kind}`, { defaultValue: t("avatars.kind.diy") });
  return (
    <li className="avatar-card card" data-testid="avatar-card" data-id={role.id}>
      <div className="avatar-card__picture">
        <button
          type="button"
          className="avatar-card__thumb"
          onClick={onEdit}
          aria-label={t("avatars.mine.editNamed", { name: role.name })}
        >
          {portrait.src ? (
            <img src={portrait.src} alt="" loading="lazy" onError={portrait.onError} />
          ) : (
            <AvatarPlaceholder sex={role.sex} />
          )}
        </button>
        <PortraitStatus state={portrait.state} retry={portrait.retry} />
      </div>
      <div className="avatar-card__body">
        <p className="avatar-card__name" data-testid="avatar-name">
          {detail ? (
            <Link to={detail} aria-label={t("shortVideo.list.detailsNamed", { name: role.name })}>
              {role.name}
            </Link>
          ) : (
            role.name
          )}
        </p>
        <p className="avatar-card__meta">
          <span className="avatar-card__kind">{kind}</span>
          <span>{t(role.sex === 1 ? "avatars.sex.male" : "avatars.sex.female")}</span>
        </p>
      </div>
      <div className="avatar-card__actions">
        <button type="button" className="btn btn--primary" onClick={onEdit}>
          {t("avatars.mine.edit")}
        </button>
        {detail && (
          <Link className="btn btn--ghost" to={detail} data-testid="avatar-details">
            {t("shortVideo.list.details")}
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={onRename}>
          {t("avatars.mine.rename")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCopy}>
          {t("avatars.mine.copy")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onReset}>
          {t("avatars.mine.reset")}
        </button>
        <button type="button" className="btn btn--ghost avatar-card__delete" onClick={onDelete}>
          {t("avatars.mine.delete")}
        </button>
      </div>
    </li>
  );
}
