/**
 * The studio's face capture (docs/decisions/036): the camera starts on the user's click, a small
 * mirrored self-view and the tracking state show, and the tracker's results drive the preview's
 * avatar. A refused or missing camera says so in words; the camera stops when the mode changes,
 * the user stops it, or the studio closes. The first faces set the user's neutral pose (automatic
 * recentring), and Recentre sets it again (issue 47).
 */
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../components/toast/toastStore.ts";
import type { Capture, PreviewHandle } from "../../../three/plan/types.ts";
import { CameraError, type CaptureStatus, openCamera, startTracking, type TrackerHandle } from "./tracker.ts";

const PROBLEMS: CaptureStatus[] = ["denied", "noCamera", "failed"];

export function CapturePanel({
  mode,
  preview,
  onCapture,
}: {
  mode: "face" | "halfBody";
  preview: RefObject<PreviewHandle | null>;
  /** Each result (null: the face was lost or the camera stopped), for the OBS sources and a cloud session. */
  onCapture?(capture: Capture | null): void;
}) {
  const { t } = useTranslation();
  const captured = useRef(onCapture);
  captured.current = onCapture;
  const [status, setStatus] = useState<CaptureStatus>("off");
  const video = useRef<HTMLVideoElement>(null);
  const recentreHint = useId();
  const running = useRef<{ stream: MediaStream | null; tracker: TrackerHandle | null; abort: AbortController } | null>(
    null,
  );

  const stop = useCallback(() => {
    const run = running.current;
    running.current = null;
    if (!run) return;
    run.abort.abort();
    run.tracker?.stop();
    for (const track of run.stream?.getTracks() ?? []) track.stop();
    if (video.current) video.current.srcObject = null;
    preview.current?.capture(null);
  }, [preview]);

  // a new mode (face or half-body) or leaving the studio: the camera stops
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mode change is the trigger
  useEffect(() => {
    return () => {
      stop();
      setStatus("off");
    };
  }, [mode, stop]);

  const start = async () => {
    stop();
    const run = {
      stream: null as MediaStream | null,
      tracker: null as TrackerHandle | null,
      abort: new AbortController(),
    };
    running.current = run;
    setStatus("starting");
    try {
      run.stream = await openCamera();
      const el = video.current;
      if (!el || run.abort.signal.aborted) throw new CameraError("off");
      el.srcObject = run.stream;
      await el.play();
      run.tracker = await startTracking(el, {
        body: mode === "halfBody",
        signal: run.abort.signal,
        onCapture: (capture) => {
          preview.current?.capture(capture);
          captured.current?.(capture);
        },
        onStatus: (s) => {
          if (running.current === run) setStatus(s);
        },
      });
      if (run.abort.signal.aborted) run.tracker.stop();
    } catch (error) {
      if (running.current !== run) {
        for (const track of run.stream?.getTracks() ?? []) track.stop();
        return;
      }
      stop();
      setStatus(error instanceof CameraError ? error.status : "failed");
    }
  };

  const on = status !== "off" && !PROBLEMS.includes(status);
  return (
    <section className="studio__section studio__capture" aria-labelledby="studio-capture">
      <h2 id="studio-capture">{t(mode === "halfBody" ? "studio.capture.titleBody" : "studio.capture.title")}</h2>
      <p className="studio__hint">{t(mode === "halfBody" ? "studio.capture.hintBody" : "studio.capture.hint")}</p>
      <div className="studio__capture-row">
        <video
          ref={video}
          className="studio__selfview"
          data-testid="capture-video"
          muted
          playsInline
          hidden={!on}
          aria-label={t("studio.capture.selfView")}
        />
        <div>
          {on ? (
            <div className="studio__row">
              <button
                type="button"
                className="btn btn--ghost"
                data-testid="capture-stop"
                onClick={() => {
                  stop();
                  setStatus("off");
                }}
              >
                {t("studio.capture.stop")}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                data-testid="capture-recentre"
                disabled={status !== "tracking"}
                aria-describedby={recentreHint}
                onClick={() => {
                  running.current?.tracker?.recentre();
                  toast.success(t("studio.recentred"));
                }}
              >
                {t("studio.recentre")}
              </button>
            </div>
          ) : (
            <button type="button" className="btn btn--primary" data-testid="capture-start" onClick={() => void start()}>
              {t("studio.capture.start")}
            </button>
          )}
          {on && (
            <p id={recentreHint} className="studio__hint">
              {t("studio.recentreHint")}
            </p>
          )}
          <p
            className={`studio__capture-status studio__capture-status--${status}`}
            data-testid="capture-status"
            data-state={status}
            role={PROBLEMS.includes(status) ? "alert" : "status"}
          >
            {t(`studio.capture.status.${status}`)}
          </p>
        </div>
      </div>
    </section>
  );
}
