import { useTranslation } from "react-i18next";
import { DEFAULT_SKIN_TONE } from "../../../../shared/avatar/index.ts";
import type { Appearance, SysAttrData } from "../../../../shared/schemas/roles.ts";

/** Skin tone and hair colour swatches; a click is one undo step. */
export function Swatches({
  attr,
  appearance,
  onChange,
}: {
  attr: SysAttrData | undefined;
  appearance: Appearance;
  onChange(patch: Appearance): void;
}) {
  const { t } = useTranslation();
  if (!attr) return null;
  const near = (a: number | undefined, b: number) => Math.abs((a ?? DEFAULT_SKIN_TONE) - b) < 0.02;
  return (
    <div className="swatches">
      <fieldset className="swatches__row">
        <legend>{t("faceEditor.skin")}</legend>
        {attr.skinTones.map((s, i) => (
          <button
            key={s.color}
            type="button"
            className="swatch"
            style={{ background: s.color }}
            aria-pressed={near(appearance.skinTone, s.value)}
            aria-label={t("faceEditor.skinTone", { n: i + 1 })}
            data-testid="skin-swatch"
            onClick={() => onChange({ skinTone: s.value })}
          />
        ))}
      </fieldset>
      <fieldset className="swatches__row">
        <legend>{t("faceEditor.hair")}</legend>
        {attr.hairColors.map((h) => (
          <button
            key={h.id}
            type="button"
            className="swatch"
            style={{ background: h.color }}
            aria-pressed={appearance.hairColor?.toLowerCase() === h.color.toLowerCase()}
            aria-label={t(`faceEditor.hairColors.${h.id}`, { defaultValue: h.id })}
            data-testid="hair-swatch"
            onClick={() => onChange({ hairColor: h.color })}
          />
        ))}
      </fieldset>
    </div>
  );
}
