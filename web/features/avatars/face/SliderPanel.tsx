import { useTranslation } from "react-i18next";
import { FACE_GROUPS, FACE_SLIDERS } from "../../../../shared/avatar/index.ts";
import type { SysAttrData } from "../../../../shared/schemas/roles.ts";
import { useLanguage } from "../../../lib/session.ts";
import { FaceSlider } from "./FaceSlider.tsx";
import type { FaceEditor } from "./useFaceEditor.ts";

/**
 * The slider groups as a menu (head, face, mouth ...) and the open group's sliders. Labels come
 * from loadSysAttr (localised by the server), else from the model's own catalogue.
 */
export function SliderPanel({
  editor,
  attr,
  group,
  onGroup,
  onResetGroup,
}: {
  editor: FaceEditor;
  attr: SysAttrData | undefined;
  group: string;
  onGroup(id: string): void;
  onResetGroup(): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const groupName = (id: string) =>
    attr?.groups.find((g) => g.id === id)?.name ?? FACE_GROUPS.find((g) => g.id === id)?.labels[language] ?? id;
  const sliderName = new Map(attr?.sliders.map((s) => [s.id, s.name]));
  const sliders = FACE_SLIDERS.filter((s) => s.group === group);

  return (
    <div className="slider-panel">
      <nav className="slider-panel__menu" aria-label={t("faceEditor.groups")}>
        {FACE_GROUPS.map((g) => (
          <button
            key={g.id}
            type="button"
            className={`slider-panel__group${g.id === group ? " slider-panel__group--on" : ""}`}
            aria-pressed={g.id === group}
            data-group={g.id}
            onClick={() => onGroup(g.id)}
          >
            {groupName(g.id)}
          </button>
        ))}
      </nav>
      <section className="slider-panel__sliders" aria-label={groupName(group)} data-testid="slider-group">
        <header className="slider-panel__head">
          <h2>{groupName(group)}</h2>
          <button type="button" className="link-button" data-testid="reset-group" onClick={onResetGroup}>
            {t("faceEditor.resetGroup")}
          </button>
        </header>
        {sliders.map((s) => (
          <FaceSlider
            key={`${s.id}:${editor.revision}`}
            id={s.id}
            label={sliderName.get(s.id) ?? s.labels[language]}
            editor={editor}
          />
        ))}
      </section>
    </div>
  );
}
