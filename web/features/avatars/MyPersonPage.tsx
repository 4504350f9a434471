import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CustomRoleRecord } from "../../../shared/schemas/roles.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { ListState } from "../../components/list-state/ListState.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { startDesign } from "../../lib/startDesign.ts";
import { detailLink, faceLink, useAvatarPaths } from "../../lib/variant.ts";
import { plansOfRole } from "../plan/index.ts";
import { AvatarCard } from "./AvatarCard.tsx";
import {
  useCopyCustomRole,
  useCustomRoles,
  useDeleteCustomRole,
  useResetCustomRole,
  useUpdateCustomRole,
} from "./api.ts";
import { NameDialog } from "./NameDialog.tsx";
import "./avatars.css";

/**
 * /myPerson and /workbench/myPerson: the user's avatars; edit, rename, copy, delete, reset. Also
 * /douyin/douyinPerson, in the short-video frame, whose paths add each avatar's detail page and
 * start a new avatar on /newPerson rather than in the dialog.
 */
export function MyPersonPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useAvatarPaths();
  const newAvatar = paths.newAvatar;
  const list = useCustomRoles();
  const update = useUpdateCustomRole();
  const copy = useCopyCustomRole();
  const remove = useDeleteCustomRole();
  const reset = useResetCustomRole();
  const [renaming, setRenaming] = useState<CustomRoleRecord | null>(null);

  // Business errors (the DIY limit ...) are toasted by the API client; success says the service's word.
  const run = async (work: Promise<{ message: string }>) => {
    try {
      toast.success((await work).message);
      return true;
    } catch {
      return false;
    }
  };
  const onDelete = async (role: CustomRoleRecord) => {
    // Its plans go with it (docs/decisions/012): say so before asking.
    const plans = await plansOfRole(role.id).catch(() => []);
    const ok = await confirm({
      title: t("avatars.mine.deleteTitle"),
      message: plans.length
        ? t("avatars.mine.deleteWithPlans", { name: role.name, count: plans.length })
        : t("avatars.mine.deleteMessage", { name: role.name }),
      confirmText: t("avatars.mine.delete"),
      danger: true,
    });
    if (ok) await run(remove.mutateAsync(role.id));
  };
  const onReset = async (role: CustomRoleRecord) => {
    const ok = await confirm({
      title: t("avatars.mine.resetTitle"),
      message: t("avatars.mine.resetMessage", { name: role.name }),
      confirmText: t("avatars.mine.reset"),
    });
    if (ok) await run(reset.mutateAsync(role.id));
  };

  const records = list.data?.records ?? [];
  return (
    <div className={framed ? "my-person" : "page container my-person"} data-testid="my-person">
      <div className="my-person__head">
        <div>
          <h1 className="page__title">{t("titles.myPerson")}</h1>
          <p className="page__subtitle">{t("avatars.mine.subtitle")}</p>
        </div>
        <button
          type="button"
          className="btn btn--primary btn--lg"
          data-testid="start-design"
          onClick={() => (newAvatar ? navigate(newAvatar) : startDesign())}
        >
          {t("avatars.startDesign")}
        </button>
      </div>

      <ListState
        query={list}
        isEmpty={records.length === 0}
        errorText={t("avatars.mine.loadError")}
        empty={{ title: t("avatars.mine.empty"), body: t("avatars.mine.emptyBody"), testId: "my-person-empty" }}
      >
        <ul className="my-person__grid">
          {records.map((role) => (
            <AvatarCard
              key={role.id}
              role={role}
              detail={detailLink(paths, role.id)}
              onEdit={() => navigate(faceLink(paths, role.id))}
              onRename={() => setRenaming(role)}
              onCopy={() => run(copy.mutateAsync(role.id))}
              onDelete={() => onDelete(role)}
              onReset={() => onReset(role)}
            />
          ))}
        </ul>
      </ListState>

      {renaming && (
        <NameDialog
          title={t("avatars.mine.renameTitle")}
          initial={renaming.name}
          emptyMessage={messageText("nameEmpty")}
          submitText={t("avatars.mine.rename")}
          onSubmit={async (name) => {
            const ok = await run(update.mutateAsync({ id: renaming.id, name }));
            if (ok) setRenaming(null);
            return ok;
          }}
          onCancel={() => setRenaming(null)}
        />
      )}
    </div>
  );
}

/** The workbench's child: the same list inside the workbench frame. */
export function WorkbenchMyPerson() {
  return <MyPersonPage framed />;
}
