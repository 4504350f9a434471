import { useIsMutating } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanInfo } from "../../../shared/schemas/plans.ts";
import { useSession } from "../../lib/session.ts";
import type { Framing, PreviewAction, PreviewHandle } from "../../three/plan/types.ts";
import { DEFAULT_MENU, levelsOf, type MenuState, menuFromLevels } from "./menu.ts";
import { PlanMenu } from "./PlanMenu.tsx";
import { PlanLoading } from "./PlanStates.tsx";
import { PlanTopBar } from "./PlanTopBar.tsx";
import { AvatarPanel } from "./panels/AvatarPanel.tsx";
import { ExpressionPanel } from "./panels/ExpressionPanel.tsx";
import { InteractionPanel } from "./panels/InteractionPanel.tsx";
import { EffectsPanel, PetsPanel } from "./panels/LayerPanel.tsx";
import { OutfitPanel } from "./panels/OutfitPanel.tsx";
import { ScenePanel } from "./panels/ScenePanel.tsx";
import { SoundsPanel } from "./panels/SoundsPanel.tsx";
import { buildPlanLook } from "./planLook.ts";
import { PlanStudioContext, type PlanStudio as Studio, useSamplePlayer } from "./studioContext.ts";

// three.js stays off every page without 3D: the preview is its own chunk.
const PlanPreview = lazy(() => import("../../three/plan/PlanPreview.tsx"));

function Panel({ menu }: { menu: MenuState }) {
  switch (menu.key) {
    case "outfit":
      return <OutfitPanel key={menu.sub} slot={menu.sub ?? "top"} />;
    case "expression":
      return <ExpressionPanel />;
    case "scene":
      return <ScenePanel key={menu.sub} type={menu.sub ?? "backdrop"} />;
    case "pets":
      return <PetsPanel />;
    case "interaction":
      return <InteractionPanel event={menu.sub ?? "all"} />;
    case "sounds":
      return <SoundsPanel />;
    case "effects":
      return <EffectsPanel />;
    default:
      return <AvatarPanel />;
  }
}

const FRAMING_KEY = "avalive.planFraming";

/** The preview's framing, remembered on this device (the half-body unless the user chose the bust). */
function useFraming(): [Framing, (f: Framing) => void] {
  const [framing, setFraming] = useState<Framing>(() => {
    try {
      return localStorage.getItem(FRAMING_KEY) === "bust" ? "bust" : "half";
    } catch {
      return "half";
    }
  });
  const choose = useCallback((f: Framing) => {
    setFraming(f);
    try {
      localStorage.setItem(FRAMING_KEY, f);
    } catch {
      // private mode: the choice lasts for this page
    }
  }, []);
  return [framing, choose];
}

/** Head and shoulders, or the half-body: two pressed-or-not buttons over the preview. */
function FramingSwitch({ value, onChange }: { value: Framing; onChange(f: Framing): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="plan-studio__framing" aria-label={t("plan.framing")}>
      {(["bust", "half"] as const).map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={value === f}
          data-testid={`plan-framing-${f}`}
          onClick={() => onChange(f)}
        >
          {t(f === "bust" ? "plan.framingBust" : "plan.framingHalf")}
        </button>
      ))}
    </fieldset>
  );
}

/** The plan editor: the live 3D preview, the plan menu and its panels, and the top bar. */
export function PlanStudio({ info }: { info: PlanInfo }) {
  const { t } = useTranslation();
  const levels = useSession((s) => s.planMenuLevels);
  const menu = menuFromLevels(levels);
  const preview = useRef<PreviewHandle>(null);
  const sample = useSamplePlayer();
  const saving = useIsMutating() > 0;
  const look = useMemo(() => buildPlanLook(info), [info]);
  const [framing, setFraming] = useFraming();

  const nameOf = useCallback(
    (level: number, type: string) => t(level === 1 ? `plan.menus.${type}` : `plan.subs.${type}`),
    [t],
  );
  const setMenu = (state: MenuState) => useSession.getState().setPlanMenuLevels(levelsOf(state, nameOf));

  // The session keeps the current plan and its menu levels: back from the face editor, the same
  // menu opens again; another plan opens on its avatar.
  const { planId, roleId, roleType } = info;
  useLayoutEffect(() => {
    const session = useSession.getState();
    if (session.currentPlan?.planId !== planId) session.setPlanMenuLevels(levelsOf(DEFAULT_MENU, nameOf));
    session.setCurrentPlan({ planId, roleId, roleType });
  }, [planId, roleId, roleType, nameOf]);

  const play = useCallback((action: PreviewAction) => preview.current?.play(action), []);
  const studio = useMemo<Studio>(() => ({ info, planId, play, sample }), [info, planId, play, sample]);

  return (
    <PlanStudioContext.Provider value={studio}>
      <div className="plan-studio" data-testid="plan-studio" data-plan-id={planId} data-busy={saving}>
        <PlanTopBar key={info.name} />
        <div className="plan-studio__body">
          <div className="plan-studio__stage">
            <Suspense fallback={<PlanLoading label={t("plan.building")} />}>
              <PlanPreview
                ref={preview}
                look={look}
                label={t("plan.viewLabel", { name: info.name })}
                framing={framing}
              />
            </Suspense>
            <p className="plan-studio__hint">{t("plan.orbitHint")}</p>
            <FramingSwitch value={framing} onChange={setFraming} />
            <p className="plan-studio__voice" data-testid="plan-stage-voice">
              {info.voice ? t("plan.sounds.current", { name: info.voice.name }) : t("plan.sounds.noVoice")}
            </p>
          </div>
          <aside className="plan-studio__panel">
            <PlanMenu state={menu} onChange={setMenu} />
            <section className="plan-panel" aria-label={nameOf(menu.sub ? 2 : 1, menu.sub ?? menu.key)}>
              <Panel menu={menu} />
            </section>
          </aside>
        </div>
      </div>
    </PlanStudioContext.Provider>
  );
}
