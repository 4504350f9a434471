import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useLanguage } from "../../../lib/session.ts";
import { useAvatarPaths } from "../../../lib/variant.ts";
import { loadInitFace, useCustomRoleDetail, useSysAttr } from "../api.ts";
import { FaceLoading } from "./editorParts.tsx";
import { FaceWorkspace } from "./FaceWorkspace.tsx";
import "./face.css";

/**
 * /face?roleId=&twoMenu= (and /douyinFace, in the short-video frame): loads the avatar, its
 * starting face and the catalogue, then the editor.
 */
export function FaceEditorPage() {
  const { t } = useTranslation();
  const paths = useAvatarPaths();
  const language = useLanguage();
  const [params] = useSearchParams();
  const roleId = params.get("roleId") ?? "";
  const detail = useCustomRoleDetail(roleId);
  const attr = useSysAttr(language);
  const init = useQuery({
    queryKey: ["user", "customRoles", "init", roleId],
    enabled: roleId !== "",
    queryFn: () => loadInitFace(roleId),
  });

  if (!roleId || detail.isError) {
    return (
      <div className="page container face-missing">
        <h1 className="page__title">{t("faceEditor.missingTitle")}</h1>
        <p className="page__subtitle">{t("faceEditor.missingBody")}</p>
        <Link className="btn btn--primary" to={paths.list}>
          {t("faceEditor.toMyAvatars")}
        </Link>
      </div>
    );
  }
  if (!detail.data || !init.data) return <FaceLoading label={t("faceEditor.loading")} />;
  return (
    <FaceWorkspace
      key={detail.data.id}
      detail={detail.data}
      init={init.data}
      attr={attr.data}
      firstGroup={params.get("twoMenu")}
    />
  );
}
