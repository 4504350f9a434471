import { useTranslation } from "react-i18next";
import { useUpdatePlan, useVoiceList } from "../api.ts";
import { LockBadge } from "../CatalogueGrid.tsx";
import { LookIcon } from "../icons/LookIcon.tsx";
import { EQUITY_LOCKED } from "../interactionForm.ts";
import { refuseLocked, usePlanStudio } from "../studioContext.ts";
import { useIntent } from "../useIntent.ts";
import { PlayButton } from "./CheckList.tsx";

/** Sounds: the voice list, a sample to hear each, and the plan's voice (the chosen one again clears it). */
export function SoundsPanel() {
  const { t } = useTranslation();
  const { info, planId, sample } = usePlanStudio();
  const voices = useVoiceList();
  const update = useUpdatePlan(planId);
  const change = useIntent((voiceId: string | null) => update.mutateAsync({ voiceId }));
  const chosenId = change.intent ? change.intent.value : (info.voice?.id ?? null);
  const records = voices.data ?? [];
  const chosen = records.find((v) => v.id === chosenId) ?? info.voice;

  return (
    <div className="plan-panel__section" data-testid="plan-voices">
      <p className="plan-panel__hint" data-testid="plan-voice-current">
        {chosenId && chosen ? t("plan.sounds.current", { name: chosen.name }) : t("plan.sounds.noVoice")}
      </p>
      {voices.isPending && <div className="plan-panel__skeleton" role="status" aria-label={t("common.loading")} />}
      <ul className="voice-list" aria-label={t("plan.menus.sounds")}>
        {records.map((voice) => {
          const on = voice.id === chosenId;
          const locked = voice.equityStatus === EQUITY_LOCKED;
          return (
            <li key={voice.id} className={`voice-row${on ? " voice-row--on" : ""}`} data-locked={locked}>
              <PlayButton
                label={t(sample.playing === voice.id ? "plan.sounds.stop" : "plan.sounds.play", { name: voice.name })}
                playing={sample.playing === voice.id}
                onClick={() => sample.toggle(voice.id, voice.url)}
                testId={`play-${voice.id}`}
              />
              <LookIcon record={voice} className="voice-row__icon" />
              <span className="voice-row__name">{voice.name}</span>
              {locked && <LockBadge shop={Boolean(voice.skuId)} />}
              <button
                type="button"
                className={`btn ${on ? "btn--primary" : "btn--ghost"} voice-row__choose`}
                aria-pressed={on}
                aria-label={t("plan.sounds.chooseNamed", { name: voice.name })}
                data-testid={`catalogue-item-${voice.id}`}
                onClick={() => {
                  if (!refuseLocked(voice)) change.run(on ? null : voice.id);
                }}
              >
                {on ? t("plan.sounds.chosen") : t("plan.sounds.choose")}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
