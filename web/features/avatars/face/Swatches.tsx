import { useTranslation } from "react-i18next";
import {
  BEARD_STYLES,
  DEFAULT_SKIN_TONE,
  GLASSES_STYLES,
  HAIR_STYLES,
  hairStyleOf,
} from "../../../../shared/avatar/index.ts";
import type { Appearance, SysAttrData } from "../../../../shared/schemas/roles.ts";

/** Skin tone, hair colour, cut, eye colour, glasses and facial hair; a click is one undo step. */
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
      <ColorRow
        legend={t("faceEditor.hair")}
        options={attr.hairColors}
        chosen={appearance.hairColor}
        name={(id) => t(`faceEditor.hairColors.${id}`, { defaultValue: id })}
        testId="hair-swatch"
        onPick={(hairColor) => onChange({ hairColor })}
      />
      <ChipRow
        legend={t("faceEditor.hairStyle")}
        options={HAIR_STYLES}
        chosen={hairStyleOf(sex, appearance.hairStyle)}
        name={(id) => t(`creator.hairStyles.${id}`)}
        testId="hair-style"
        onPick={(hairStyle) => onChange({ hairStyle })}
      />
      <ColorRow
        legend={t("faceEditor.eyes")}
        options={attr.eyeColors}
        chosen={appearance.eyeColor}
        name={(id) => t(`creator.eyeColors.${id}`, { defaultValue: id })}
        testId="eye-swatch"
        onPick={(eyeColor) => onChange({ eyeColor })}
      />
      <ChipRow
        legend={t("faceEditor.glasses")}
        options={GLASSES_STYLES}
        chosen={appearance.glasses ?? "none"}
        name={(id) => t(`faceEditor.glassesStyles.${id}`)}
        testId="glasses-style"
        onPick={(glasses) => onChange({ glasses })}
      />
      <ChipRow
        legend={t("faceEditor.beard")}
        options={BEARD_STYLES}
        chosen={appearance.beard ?? "none"}
        name={(id) => t(`faceEditor.beardStyles.${id}`)}
        testId="beard-style"
        onPick={(beard) => onChange({ beard })}
      />
    </div>
  );
}

/** One row of named choices; the chosen one is pressed. */
function ChipRow<T extends string>({
  legend,
  options,
  chosen,
  name,
  testId,
  onPick,
}: {
  legend: string;
  options: readonly T[];
  chosen: T;
  name(id: T): string;
  testId: string;
  onPick(id: T): void;
}) {
  return (
    <fieldset className="swatches__row">
      <legend>{legend}</legend>
      {options.map((id) => (
        <button
          key={id}
          type="button"
          className="swatch-chip"
          aria-pressed={chosen === id}
          data-testid={testId}
          data-style={id}
          onClick={() => onPick(id)}
        >
          {name(id)}
        </button>
      ))}
    </fieldset>
  );
}

/** One row of colour swatches ("#rrggbb" options); the chosen one is pressed. */
function ColorRow({
  legend,
  options,
  chosen,
  name,
  testId,
  onPick,
}: {
  legend: string;
  options: SysAttrData["hairColors"];
  chosen: string | undefined;
  name(id: string): string;
  testId: string;
  onPick(color: string): void;
}) {
  return (
    <fieldset className="swatches__row">
      <legend>{legend}</legend>
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          className="swatch"
          style={{ background: o.color }}
          aria-pressed={chosen?.toLowerCase() === o.color.toLowerCase()}
          aria-label={name(o.id)}
          data-testid={testId}
          onClick={() => onPick(o.color)}
        />
      ))}
    </fieldset>
  );
}
