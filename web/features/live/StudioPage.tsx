import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LiveMode, LivePushInteraction, LiveServerMessage } from "../../../shared/live.ts";
import type { LiveSessionRecord } from "../../../shared/schemas/live.ts";
import type { PlanInfo } from "../../../shared/schemas/plans.ts";
import { ConfirmDialog } from "../../components/confirm/ConfirmDialog.tsx";
import { IdleWatch } from "../../components/idle/IdleWatch.tsx";
import { ToastHost } from "../../components/toast/ToastHost.tsx";
import { toast } from "../../components/toast/toastStore.ts";
import { onIdleExit } from "../../lib/idle.ts";
import { effectiveLanguage, useSession } from "../../lib/session.ts";
import type { PreviewHandle } from "../../three/plan/types.ts";
import { useUserInfoQuery } from "../account/index.ts";
import { buildPlanLook, previewActionOf } from "../plan/index.ts";
import {
  endSession,
  endSessionOnLeave,
  heartbeat,
  rehearse,
  socketInfo,
  startSession,
  switchSessionMode,
  useStudioInit,
  useUsedPlan,
} from "./api.ts";
import { CloudView } from "./CloudView.tsx";
import { CapturePanel } from "./capture/CapturePanel.tsx";
import { MotionPanel } from "./capture/MotionPanel.tsx";
import { createFaceLink } from "./face-link.ts";
import { useFaceOutlet } from "./face-out.ts";
import { canSwitchLive, captureModeOf, clock, firstOpenMode, framingOfMode } from "./format.ts";
import { playInteraction } from "./playback.ts";
import { SpeakBox } from "./SpeakBox.tsx";
import { StreamKeyPanel } from "./StreamKeyPanel.tsx";
import { connectLiveSocket, type LiveSocketHandle } from "./socket.ts";
import { useStudioVoice } from "./useStudioVoice.ts";
import { ViewerPanel } from "./ViewerPanel.tsx";
import "./studio.css";

// three.js loads with the scene, only on the studio
const PlanPreview = lazy(() => import("../../three/plan/PlanPreview.tsx"));

const FEED_MAX = 6;

/** The session: going live, the heartbeat, and ending it on exit, idle exit or the tab closing. */
function useLiveSession(heartbeatSeconds: number) {
  const [session, setSession] = useState<LiveSessionRecord | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const current = useRef<LiveSessionRecord | null>(null);
  current.current = session;

  useEffect(() => {
    if (!session) return;
    const started = Date.now() - session.durationSeconds * 1000;
    const tick = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    const beat = setInterval(() => {
      heartbeat(session.id).catch(() => setSession(null));
    }, heartbeatSeconds * 1000);
    return () => {
      clearInterval(tick);
      clearInterval(beat);
    };
  }, [session, heartbeatSeconds]);

  useEffect(() => {
    const leave = () => {
      if (current.current) endSessionOnLeave(current.current.id);
    };
    const unIdle = onIdleExit(() => (current.current ? endSession(current.current.id, "idle") : undefined));
    window.addEventListener("pagehide", leave);
    return () => {
      unIdle();
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  const start = async (mode: LiveMode) => {
    const record = await startSession(mode);
    setElapsed(0);
    setSession(record);
  };
  const stop = async () => {
    const open = current.current;
    if (!open) return;
    // a cloud stream closing ends its session too: say "exit" first
    if (open.mode === "cloud") await endSession(open.id, "exit").catch(() => undefined);
    setSession(null);
    if (open.mode !== "cloud") await endSession(open.id, "exit");
  };
  /** The server ended it (a cloud session out of hours, its stream closed). */
  const ended = () => setSession(null);
  /** Another mode while live (issue 47): the same session goes on; the API client shows a refusal. */
  const switchTo = async (mode: LiveMode) => {
    const open = current.current;
    if (!open) return;
    setSession(await switchSessionMode(open.id, mode));
  };
  return { session, elapsed, start, stop, ended, switchTo };
}

function Studio({ info }: { info: PlanInfo }) {
  const { t } = useTranslation();
  const init = useStudioInit();
  const preview = useRef<PreviewHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const look = useMemo(() => buildPlanLook(info), [info]);
  const [feed, setFeed] = useState<LivePushInteraction[]>([]);
  const [socketState, setSocketState] = useState<"connecting" | "ready" | "closed">("connecting");
  const [mode, setMode] = useState<LiveMode | null>(null);
  const live = useLiveSession(init.data?.heartbeatSeconds ?? 20);
  const token = useSession((s) => s.token);
  const socket = useRef<LiveSocketHandle | null>(null);
  const sendFace = useFaceOutlet(socket, live.session?.mode === "cloud");
  // the studio's own lines go on air too: the socket relays them to the user's OBS sources
  const relayLine = useCallback((text: string) => void socket.current?.send({ type: "say", text }), []);
  const voice = useStudioVoice(info.planId, info.voice !== null, preview, relayLine);
  const hear = voice.hear;

  // the motion mode (decision 042): a capture app's frames, relayed by the server, drive the avatar
  const motion = useMemo(() => createFaceLink(() => preview.current), []);
  useEffect(() => () => motion.stop(), [motion]);
  const motionFrames = useCallback(() => motion.count, [motion]);
  const motionOn = useRef(false);

  const onMessage = useCallback(
    (message: LiveServerMessage) => {
      if (message.type === "motion") {
        if (motionOn.current) motion.apply(message.frame);
        return;
      }
      if (message.type !== "interaction") return;
      playInteraction(message, preview.current);
      setFeed((list) => [message, ...list].slice(0, FEED_MAX));
      hear(message);
    },
    [hear, motion],
  );

  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    socketInfo()
      .then(({ path }) => {
        if (cancelled) return;
        stop = socket.current = connectLiveSocket({
          path,
          auth: { token },
          language: effectiveLanguage(useSession.getState()),
          onMessage,
          onState: setSocketState,
          // a refused token: asking again lets the API client's code-600 path log out
          onRefused: () => void socketInfo().catch(() => undefined),
        });
      })
      .catch(() => setSocketState("closed"));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, onMessage]);

  const modes = init.data?.modes ?? [];
  // until the user picks one: the first mode their membership (or cloud hours) opens
  const chosen = modes.find((m) => m.mode === mode) ?? firstOpenMode(modes);
  const canGoLive = Boolean(chosen?.allowed && chosen.built);
  motionOn.current = canGoLive && chosen?.mode === "motion";
  const pickMode = async (next: LiveMode) => {
    if (!live.session) return setMode(next);
    try {
      await live.switchTo(next);
      setMode(next);
    } catch {
      // the API client has shown the refusal; the session goes on in its mode
    }
  };
  const goLive = async () => {
    try {
      if (chosen) await live.start(chosen.mode);
    } catch {
      // the API client has shown the refusal
    }
  };

  return (
    <div className="studio" data-testid="live-studio" data-live={live.session ? "true" : "false"}>
      <div className="studio__stage" ref={stage}>
        {live.session?.mode === "cloud" ? (
          <CloudView
            sessionId={live.session.id}
            onEnded={(_reason, message) => {
              if (message) toast.error(message);
              live.ended();
            }}
          />
        ) : (
          <Suspense fallback={<div className="studio__loading" aria-busy="true" />}>
            <PlanPreview
              ref={preview}
              look={look}
              label={t("live.sceneLabel", { name: info.name })}
              framing={framingOfMode(live.session?.mode ?? chosen?.mode)}
            />
          </Suspense>
        )}
        <div className="studio__status">
          {live.session ? (
            <span className="badge badge--live" data-testid="live-on-air">
              {t("live.badge")} <span data-testid="live-timer">{clock(live.elapsed)}</span>
            </span>
          ) : (
            <span className="badge" data-testid="live-off-air">
              {t("studio.offAir")}
            </span>
          )}
          <span
            className={`studio__socket studio__socket--${socketState}`}
            data-testid="live-socket"
            data-state={socketState}
          >
            {t(`studio.socket.${socketState}`)}
          </span>
        </div>
        <ol className="studio__feed" data-testid="live-feed" aria-live="polite" aria-label={t("studio.feed")}>
          {feed.map((push) => (
            <li
              key={push.id}
              className="studio__feed-item"
              data-testid="live-feed-item"
              data-interact={push.interact.id}
              data-source={push.source}
              style={{ borderColor: String(push.interact.look.color ?? "") }}
            >
              <strong>{push.viewer ?? t("studio.someone")}</strong> {push.interact.name}
              {push.text ? `: ${push.text}` : ""}
              <span className="studio__feed-plays">{push.plays.map((p) => p.action.name).join(" · ")}</span>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn--ghost studio__fullscreen"
          onClick={() => void stage.current?.requestFullscreen?.().catch(() => undefined)}
        >
          {t("studio.fullscreen")}
        </button>
      </div>

      <aside className="studio__panel" aria-label={t("studio.controls")}>
        <header className="studio__head">
          <Link to="/live" className="studio__back">
            ← {t("studio.back")}
          </Link>
          <h1 data-testid="live-plan-name">{info.name}</h1>
          <p className="studio__voice">
            {info.voice ? t("plan.sounds.current", { name: info.voice.name }) : t("plan.sounds.noVoice")}
          </p>
        </header>

        <section className="studio__section" aria-labelledby="studio-mode">
          <h2 id="studio-mode">{t("studio.mode")}</h2>
          <div className="studio__modes" role="radiogroup" aria-labelledby="studio-mode">
            {modes.map((m) => (
              <label key={m.mode} className={`studio__mode${m.allowed && m.built ? "" : " studio__mode--off"}`}>
                <input
                  type="radio"
                  name="live-mode"
                  value={m.mode}
                  checked={chosen?.mode === m.mode}
                  disabled={live.session ? !(m.allowed && m.built && canSwitchLive(live.session.mode, m.mode)) : false}
                  onChange={() => void pickMode(m.mode)}
                  data-testid={`live-mode-${m.mode}`}
                />
                <span>{m.name}</span>
                {!m.allowed ? <small>{t("studio.locked")}</small> : !m.built ? <small>{t("studio.soon")}</small> : null}
              </label>
            ))}
          </div>
          {live.session ? (
            <button type="button" className="btn btn--ghost" data-testid="live-end" onClick={() => void live.stop()}>
              {t("studio.end")}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="live-start"
              disabled={!canGoLive}
              onClick={() => void goLive()}
            >
              {t("studio.goLive")}
            </button>
          )}
          {chosen && !chosen.allowed && <p className="studio__hint">{t("studio.lockedHint")}</p>}
          {live.session && canSwitchLive(live.session.mode, live.session.mode) && (
            <p className="studio__hint" data-testid="live-switch-hint">
              {t("studio.switchHint")}
            </p>
          )}
        </section>

        {canGoLive && chosen && captureModeOf(chosen.mode) && (
          <CapturePanel mode={captureModeOf(chosen.mode) ?? "face"} preview={preview} onCapture={sendFace} />
        )}
        {canGoLive && chosen?.mode === "motion" && <MotionPanel frames={motionFrames} />}

        <SpeakBox voice={voice} voiceName={info.voice?.name ?? null} />

        {info.expressions.length > 0 && (
          <section className="studio__section" aria-labelledby="studio-expressions">
            <h2 id="studio-expressions">{t("studio.expressions")}</h2>
            <div className="studio__chips">
              {info.expressions.map((e) => (
                <button
                  key={e.id}
                  type="button"
                  className="chip"
                  onClick={() => {
                    const action = previewActionOf("expression", e.attribute);
                    if (action) preview.current?.play(action);
                  }}
                >
                  {e.attribute.name}
                </button>
              ))}
            </div>
          </section>
        )}

        <ViewerPanel info={info} onFire={(body) => rehearse(body)} />
        <StreamKeyPanel streamKey={init.data?.streamKey ?? null} />
      </aside>
    </div>
  );
}

/**
 * /live/studio: the used plan full-screen, played live. The scene, the viewer interactions through
 * the socket, the rehearsal panel, the stream key and the OBS source's address (docs/decisions/035).
 * Drawn without the site's frame; it brings its own toasts, confirm and idle watch.
 */
export function StudioPage() {
  const { t } = useTranslation();
  useUserInfoQuery();
  const used = useUsedPlan();
  return (
    <>
      {used.data ? (
        <Studio info={used.data} />
      ) : (
        <div className="studio studio--empty" data-testid="live-studio-empty">
          <section className="card studio__empty">
            <h1>{t("live.noPlanTitle")}</h1>
            {used.isPending ? (
              <p aria-busy="true">{t("help.loading")}</p>
            ) : (
              <>
                <p>{t("live.noPlanText")}</p>
                <Link className="btn btn--primary" to="/workbench/myplan">
                  {t("live.choosePlan")}
                </Link>
              </>
            )}
          </section>
        </div>
      )}
      <ToastHost />
      <ConfirmDialog />
      <IdleWatch />
    </>
  );
}
