import { useTranslation } from "react-i18next";
import { DEFAULT_SKIN_TONE, HAIR_STYLES, hairStyleOf } from "../../../../shared/avatar/index.ts";
import type { Appearance, SysAttrData } from "../../../../shared/schemas/roles.ts";

/** Skin tone, hair colour, cut and eye colour; a click is one undo step. */
export function Swatches({
  sex,
  attr,
  appearance,
  onChange,
}: {
  sex: 1 | 2;
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
      <fieldset className="swatches__row">
        <legend>{t("faceEditor.hairStyle")}</legend>
        {HAIR_STYLES.map((style) => (
          <button
            key={style}
            type="button"
            className="swatch-chip"
            aria-pressed={hairStyleOf(sex, appearance.hairStyle) === style}
            data-testid="hair-style"
            data-style={style}
            onClick={() => onChange({ hairStyle: style })}
          >
            {t(`creator.hairStyles.${style}`)}
          </button>
        ))}
      </fieldset>
      <fieldset className="swatches__row">
        <legend>{t("faceEditor.eyes")}</legend>
        {attr.eyeColors.map((e) => (
          <button
            key={e.id}
            type="button"
            className="swatch"
            style={{ background: e.color }}
            aria-pressed={appearance.eyeColor?.toLowerCase() === e.color.toLowerCase()}
            aria-label={t(`faceEditor.eyeColors.${e.id}`, { defaultValue: e.id })}
            data-testid="eye-swatch"
            onClick={() => onChange({ eyeColor: e.color })}
          />
        ))}
      </fieldset>
    </div>
  );
}
