/**
 * The live scene (http://127.0.0.1:<port>/scene/), the page OBS shows as a Browser source: the
 * plan in use, drawn by the same 3D code as the website's plan preview (web/three/plan), filling
 * the window. It asks the launcher for the plan every 15 s and redraws only when the plan changed;
 * while the server does not answer, the last scene stays on air.
 */

import { useEffect, useMemo, useState } from "react";
import type { PlanInfo } from "../../shared/schemas/plans.ts";
import { buildPlanLook } from "../../web/features/plan/planLook.ts";
import PlanPreview from "../../web/three/plan/PlanPreview.tsx";
import { type ClientLanguage, fill, pickLanguage, STRINGS } from "../common/i18n.ts";
import { fetchPlan, fetchState, LAUNCHER_CODE } from "../common/launcher.ts";

const REFRESH_MS = 15_000;

type Status = "loading" | "login" | "noPlan" | "unreachable" | "ready";

export function SceneApp() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  const [language, setLanguage] = useState<ClientLanguage>(() => pickLanguage(asked, navigator.languages));
  const [status, setStatus] = useState<Status>("loading");
  const [planJson, setPlanJson] = useState<string | null>(null);
  const [clientPage, setClientPage] = useState("");
  const s = STRINGS[language];

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const answer = await fetchPlan(language);
      if (!live) return;
      if (answer.code === LAUNCHER_CODE.ok) {
        const json = answer.data ? JSON.stringify(answer.data) : null;
        setPlanJson(json);
        setStatus(json ? "ready" : "noPlan");
      } else if (answer.code === LAUNCHER_CODE.notLoggedIn) {
        setPlanJson(null);
        setStatus("login");
      } else {
        // keep the last scene on air; say so only when there is none
        setStatus((now) => (now === "ready" ? now : "unreachable"));
      }
      timer = setTimeout(poll, REFRESH_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [language]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once: the language picked on the client page, unless the address says one
  useEffect(() => {
    void fetchState(language).then((answer) => {
      if (!answer.data) return;
      setClientPage(answer.data.sceneUrl.replace(/scene\/$/, ""));
      if (!asked && answer.data.language) setLanguage(answer.data.language);
    });
  }, []);

  useEffect(() => {
    document.documentElement.lang = s.htmlLang;
  }, [s]);

  const plan = useMemo(() => (planJson ? (JSON.parse(planJson) as PlanInfo) : null), [planJson]);
  const look = useMemo(() => (plan ? buildPlanLook(plan) : null), [plan]);

  const message =
    status === "loading"
      ? s.sceneLoading
      : status === "login"
        ? fill(s.sceneLogin, { url: clientPage })
        : status === "noPlan"
          ? s.sceneNoPlan
          : status === "unreachable"
            ? s.sceneUnreachable
            : null;

  return (
    <main className="scene" data-status={status} data-plan={plan?.planId ?? ""}>
      {look && plan && <PlanPreview look={look} label={fill(s.sceneLabel, { name: plan.name })} />}
      {message && (
        <p className="scene__message" role="status">
          {message}
        </p>
      )}
    </main>
  );
}
