import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIVE_SOCKET_PATH, type LiveServerMessage, OBS_SIZES, type ObsSize } from "../../../shared/live.ts";
import type { PlanInfo } from "../../../shared/schemas/plans.ts";
import { effectiveLanguage, useSession } from "../../lib/session.ts";
import type { PreviewHandle } from "../../three/plan/types.ts";
import { buildPlanLook } from "../plan/index.ts";
import { obsPlan } from "./api.ts";
import { startCloudTap } from "./audio-out.ts";
import { createFaceLink } from "./face-link.ts";
import { framingOfMode } from "./format.ts";
import { obsOnAir, obsPlays } from "./obs-air.ts";
import { playInteraction } from "./playback.ts";
import { connectLiveSocket } from "./socket.ts";
import { obsSpeech, useLineVoice } from "./useStudioVoice.ts";
import "./studio.css";

const PlanPreview = lazy(() => import("../../three/plan/PlanPreview.tsx"));

/**
 * /live/obs?key=…&size=720|1080[&scene=1]: the OBS browser source. The key owner's used plan, the avatar alone
 * on a transparent background (or with the plan's scene, `scene=1`) at exactly 1280×720 or 1920×1080, no UI; interactions arrive through
 * the socket (authenticated by the key) and play here, and the studio's lines and the replies are
 * said here in the plan's voice (OBS takes a browser source's sound). A wrong or revoked key draws nothing and
 * says so in the page's state (`data-state`), never on the stream. When the studio's session ends
 * the avatar fades out and stops reacting until the next Go live (`data-air`; obs-air.ts).
 */
export function ObsPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(window.location.search);
  const key = params.get("key") ?? "";
  const size: ObsSize = params.get("size") === "1080" ? "1080" : "720";
  // with the plan's scene: the streamer's choice in the stream-key panel (issue 47), and a cloud
  // session's render page (docs/decisions/037); without it, transparent for OBS to compose
  const scene = params.get("scene") === "1";
  const { width, height } = OBS_SIZES[size];
  const [plan, setPlan] = useState<PlanInfo | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "refused" | "empty">("loading");
  const preview = useRef<PreviewHandle>(null);
  const [onAir, setOnAir] = useState(true);
  // the going-live message says the mode: the body's modes show the half-body (framingOfMode)
  const [framing, setFraming] = useState<"bust" | "half">("bust");
  const air = useRef(true);

  // a transparent page: OBS composes it over the streamer's own scene
  useEffect(() => {
    if (scene) return;
    document.documentElement.classList.add("obs-source");
    return () => document.documentElement.classList.remove("obs-source");
  }, [scene]);

  // The studio's face frames (decision 036, "Face relay"): on the studio socket for an OBS source,
  // as `avalive:face` events for a cloud session's render page (the render worker dispatches them,
  // and hears back through its binding when one was drawn). The count is on the page for tests.
  const root = useRef<HTMLDivElement>(null);
  const face = useMemo(
    () =>
      createFaceLink(() => preview.current, {
        onDrawn: (t, jawOpen) =>
          (window as { __avaliveFaceDrawn?: (t: number, jawOpen: number) => void }).__avaliveFaceDrawn?.(t, jawOpen),
      }),
    [],
  );
  const applyFace = useCallback(
    (frame: unknown) => {
      face.apply(frame);
      root.current?.setAttribute("data-face-frames", String(face.count));
    },
    [face],
  );
  useEffect(() => {
    const onFace = (event: Event) => applyFace((event as CustomEvent<unknown>).detail);
    window.addEventListener("avalive:face", onFace);
    return () => {
      window.removeEventListener("avalive:face", onFace);
      face.stop();
    };
  }, [face, applyFace]);

  // A cloud session's render page sends what it plays down the stream (decision 041); an OBS
  // source has no sink for it (OBS hears the page itself), so nothing happens there.
  useEffect(() => {
    startCloudTap()
      .then((on) => on && root.current?.setAttribute("data-sound-tap", "on"))
      .catch(() => root.current?.setAttribute("data-sound-tap", "failed"));
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    obsPlan(key, abort.signal)
      .then((data) => {
        setPlan(data);
        setState(data ? "ready" : "empty");
      })
      .catch(() => !abort.signal.aborted && setState("refused"));
    return () => abort.abort();
  }, [key]);

  // The voice on air (decision 040, "On air"): the studio's lines and the interactions' replies,
  // said here, where OBS hears the page, in the used plan's voice; nothing while off air.
  const fetchLine = useCallback((text: string) => obsSpeech(key, text), [key]);
  const voice = useLineVoice(fetchLine, preview);
  const { say, stop: hush } = voice;
  const hasVoice = useRef(false);
  hasVoice.current = Boolean(plan?.voice);

  const onMessage = useCallback(
    (message: LiveServerMessage) => {
      if (message.type === "face") return applyFace(message);
      // a capture app's frames (the motion mode, decision 042)
      if (message.type === "motion") return applyFace(message.frame);
      if (message.type === "say") {
        if (air.current && hasVoice.current) say(message.text);
        return;
      }
      if (obsPlays(air.current, message)) {
        playInteraction(message, preview.current);
        if (message.reply && hasVoice.current) say(message.reply);
      }
      if (message.type === "session" && message.state === "live") setFraming(framingOfMode(message.mode));
      air.current = obsOnAir(air.current, message);
      if (!air.current) hush();
      setOnAir(air.current);
    },
    [applyFace, say, hush],
  );
  useEffect(() => {
    if (state !== "ready") return;
    return connectLiveSocket({
      path: LIVE_SOCKET_PATH,
      auth: { streamKey: key },
      language: effectiveLanguage(useSession.getState()),
      onMessage,
      onRefused: () => setState("refused"),
    });
  }, [state, key, onMessage]);

  const look = useMemo(() => (plan ? buildPlanLook(plan) : null), [plan]);
  return (
    <div
      ref={root}
      className={onAir ? "obs" : "obs obs--off-air"}
      data-testid="obs-source"
      data-state={state}
      data-air={onAir ? "on" : "off"}
      data-voice={voice.state}
      style={{ width, height }}
    >
      {look && plan && (
        <Suspense fallback={null}>
          <PlanPreview
            ref={preview}
            look={look}
            label={t("live.sceneLabel", { name: plan.name })}
            transparent={!scene}
            onAir
            paused={!onAir}
            framing={framing}
          />
        </Suspense>
      )}
    </div>
  );
}
