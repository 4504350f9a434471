import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  FACE_GROUPS,
  FACE_SLIDER_IDS,
  FACE_SLIDERS,
  lookColors,
  styleOfKind,
} from "../../../../shared/avatar/index.ts";
import type { CustomRoleDetail, InitData, SysAttrData } from "../../../../shared/schemas/roles.ts";
import { confirm } from "../../../components/confirm/confirmStore.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { messageText } from "../../../lib/i18n/index.ts";
import { AvatarBust, type BustColors } from "../../../three/AvatarBust.tsx";
import { AvatarStage } from "../../../three/AvatarStage.tsx";
import { definedValues } from "../../../three/faceState.ts";
import { useAvatarMesh } from "../../../three/useAvatarMesh.ts";
import { useUpdateCustomRole } from "../api.ts";
import { NameDialog } from "../NameDialog.tsx";
import { BlendPanel } from "./BlendPanel.tsx";
import { FaceLoading, useLeaveEditor, useUndoKeys } from "./editorParts.tsx";
import { SliderPanel } from "./SliderPanel.tsx";
import { Swatches } from "./Swatches.tsx";
import { useFaceEditor } from "./useFaceEditor.ts";

/** twoMenu picks the group opened first: a group id, or its 1-based place (2 = face, after photo cloning). */
function firstGroupOf(twoMenu: string | null): string {
  const byId = FACE_GROUPS.find((g) => g.id === twoMenu);
  const byIndex = FACE_GROUPS[Number(twoMenu) - 1];
  return (byId ?? byIndex ?? FACE_GROUPS[0]).id;
}

/** The face editor proper: menu of slider groups, the lit 3D bust, colours, blend, save. */
export function FaceWorkspace({
  detail,
  init,
  attr,
  firstGroup,
}: {
  detail: CustomRoleDetail;
  init: InitData;
  attr: SysAttrData | undefined;
  firstGroup: string | null;
}) {
  const { t } = useTranslation();
  const sex = detail.sex === 1 ? 1 : 2;
  // a cartoon is edited as it is drawn everywhere else: toon (decision 039)
  const editor = useFaceEditor({ params: definedValues(detail.faceParams), appearance: { ...detail.appearance } });
  // the cut is part of the look being edited: a new one rebuilds the bust (the old one stays up meanwhile)
  const avatar = useAvatarMesh(sex, styleOfKind(detail.kind), editor.appearance);
  const [group, setGroup] = useState(() => firstGroupOf(firstGroup));
  const [panel, setPanel] = useState<"sliders" | "blend">("sliders");
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState(detail.name);
  const update = useUpdateCustomRole();
  const leave = useLeaveEditor();
  useUndoKeys(editor.undo, editor.redo);

  const { appearance } = editor;
  const colors = useMemo<BustColors>(() => lookColors(sex, appearance), [appearance, sex]);

  const resetGroup = () => {
    const params = { ...editor.face.params };
    for (const s of FACE_SLIDERS) if (s.group === group) params[s.id] = init.faceParams[s.id] ?? 0;
    editor.replace({ params });
  };
  const resetAll = async () => {
    const ok = await confirm({ title: t("faceEditor.resetAllTitle"), message: t("faceEditor.resetAllMessage") });
    if (ok) editor.replace({ params: definedValues(init.faceParams), appearance: { ...init.appearance } });
  };
  const save = async (newName: string) => {
    const { params, appearance: look } = editor.snapshot();
    const faceParams = Object.fromEntries(
      FACE_SLIDER_IDS.map((id) => [id, Math.round((params[id] ?? 0) * 1000) / 1000]),
    );
    try {
      const { message } = await update.mutateAsync({ id: detail.id, name: newName, faceParams, appearance: look });
      toast.success(message);
      setName(newName);
      setSaving(false);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div
      className="face-editor"
      data-testid="face-editor"
      data-sex={sex}
      data-hair={avatar?.hair ?? ""}
      data-glasses={avatar?.glasses ?? "none"}
      data-beard={avatar?.beard ?? "none"}
    >
      <header className="face-editor__bar">
        <button type="button" className="btn btn--ghost" onClick={leave}>
          ← {t("faceEditor.back")}
        </button>
        <h1 className="face-editor__name" data-testid="face-name">
          {name}
        </h1>
        <div className="face-editor__tools">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!editor.canUndo}
            onClick={editor.undo}
            data-testid="undo"
            title="Ctrl+Z"
          >
            {t("faceEditor.undo")}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!editor.canRedo}
            onClick={editor.redo}
            data-testid="redo"
            title="Ctrl+Shift+Z"
          >
            {t("faceEditor.redo")}
          </button>
          <button type="button" className="btn btn--ghost" onClick={resetAll} data-testid="reset-all">
            {t("faceEditor.resetAll")}
          </button>
          <button
            type="button"
            className={`btn ${panel === "blend" ? "btn--primary" : "btn--ghost"}`}
            aria-pressed={panel === "blend"}
            data-testid="open-blend"
            onClick={() => setPanel(panel === "blend" ? "sliders" : "blend")}
          >
            {t("faceEditor.blend.open")}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => setSaving(true)} data-testid="save">
            {t("faceEditor.save")}
          </button>
        </div>
      </header>

      <div className="face-editor__body">
        <aside className="face-editor__side">
          {panel === "blend" ? (
            <BlendPanel editor={editor} selfId={detail.id} onClose={() => setPanel("sliders")} />
          ) : (
            <SliderPanel editor={editor} attr={attr} group={group} onGroup={setGroup} onResetGroup={resetGroup} />
          )}
        </aside>
        <div className="face-editor__view">
          {avatar ? (
            <AvatarStage label={t("faceEditor.viewLabel", { name })}>
              <AvatarBust
                avatar={avatar}
                face={editor.face}
                targets={FACE_SLIDER_IDS}
                colors={colors}
                faceTexture={detail.faceTexture}
              />
            </AvatarStage>
          ) : (
            <FaceLoading label={t("faceEditor.building")} />
          )}
          <p className="face-editor__hint">{t("faceEditor.orbitHint")}</p>
          <Swatches
            sex={sex}
            attr={attr}
            appearance={appearance}
            onChange={(patch) => editor.replace({ appearance: { ...appearance, ...patch } })}
          />
        </div>
      </div>

      {saving && (
        <NameDialog
          title={t("faceEditor.saveTitle")}
          initial={name}
          emptyMessage={messageText("filenameRequired")}
          submitText={t("faceEditor.save")}
          onSubmit={save}
          onCancel={() => setSaving(false)}
        />
      )}
    </div>
  );
}
