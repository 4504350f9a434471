import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CloudServerMessage, LiveEndReason, LiveFaceMessage } from "../../../shared/live.ts";
import { effectiveLanguage, useSession } from "../../lib/session.ts";
import { reportCloudFaceDrawn } from "../../three/probe.ts";
import { cloudSocketInfo } from "./api.ts";

/** The studio's face capture hands its data to a cloud stream as this window event (detail: LiveFaceMessage). */
export const CLOUD_FACE_EVENT = "avalive:face-capture";

interface CloudViewProps {
  sessionId: string;
  /** The stream ended: the server's reason, and its message when it is one to show (1210 out of hours). */
  onEnded(reason: LiveEndReason, message: string | null): void;
}

type State = "connecting" | "streaming" | "ended";

/**
 * A cloud session's picture (docs/decisions/037): the server renders the used plan at 1280×720 and
 * sends each frame as a JPEG over the cloud socket; this canvas shows the newest (a frame arriving
 * while the one before is decoded replaces it). Face data the studio captures go the other way.
 */
export function CloudView({ sessionId, onEnded }: CloudViewProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("connecting");
  const [fps, setFps] = useState(0);
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    let ws: WebSocket | null = null;
    let stopped = false;
    let frames = 0;
    let shown = 0;
    let decoding = false;
    let next: Blob | null = null;
    let faceDrawn = 0;
    const finish = (reason: LiveEndReason, message: string | null) => {
      if (stopped) return;
      stopped = true;
      setState("ended");
      ended.current(reason, message);
    };
    const draw = async () => {
      const ctx = canvas.current?.getContext("2d");
      while (next && ctx) {
        const blob = next;
        next = null;
        try {
          const bitmap = await createImageBitmap(blob);
          ctx.drawImage(bitmap, 0, 0, ctx.canvas.width, ctx.canvas.height);
          bitmap.close();
          frames++;
        } catch {
          // a broken frame: the next one replaces it
        }
      }
      decoding = false;
    };
    const meter = setInterval(() => {
      setFps(frames - shown);
      shown = frames;
      box.current?.setAttribute("data-frames", String(frames));
    }, 1000);
    const onFace = (event: Event) => {
      const face = (event as CustomEvent<LiveFaceMessage>).detail;
      if (ws?.readyState === WebSocket.OPEN && face?.type === "face") ws.send(JSON.stringify(face));
    };
    window.addEventListener(CLOUD_FACE_EVENT, onFace);

    cloudSocketInfo(sessionId)
      .then(({ cloud }) => {
        if (stopped || !cloud) return;
        const scheme = window.location.protocol === "https:" ? "wss" : "ws";
        const language = encodeURIComponent(effectiveLanguage(useSession.getState()));
        const socket = new WebSocket(`${scheme}://${window.location.host}${cloud.path}?language=${language}`);
        ws = socket;
        socket.binaryType = "blob";
        socket.onopen = () => socket.send(JSON.stringify({ type: "auth", ticket: cloud.ticket }));
        socket.onmessage = (event) => {
          if (event.data instanceof Blob) {
            next = event.data;
            if (!decoding) {
              decoding = true;
              setState("streaming");
              void draw();
            }
            return;
          }
          let message: CloudServerMessage;
          try {
            message = JSON.parse(String(event.data)) as CloudServerMessage;
          } catch {
            return;
          }
          if (message.type === "faceDrawn") {
            // the round trip: the camera frame here, to the render page's drawn frame, and back
            faceDrawn++;
            box.current?.setAttribute("data-face-drawn", String(faceDrawn));
            box.current?.setAttribute("data-face-ms", String(Math.round(performance.now() - message.t)));
            reportCloudFaceDrawn(message.jawOpen);
          } else if (message.type === "ended") finish(message.reason, message.message);
          else if (message.type === "error") finish("close", message.message);
        };
        socket.onclose = () => finish("close", null);
      })
      // getSocket refused (the session ended meanwhile): the studio goes off air without a toast
      .catch(() => finish("close", null));

    return () => {
      stopped = true;
      clearInterval(meter);
      window.removeEventListener(CLOUD_FACE_EVENT, onFace);
      ws?.close(1000, "done");
    };
  }, [sessionId]);

  return (
    <div ref={box} className="studio__cloud" data-testid="cloud-view" data-state={state} data-frames="0">
      <canvas
        ref={canvas}
        className="studio__cloud-frame"
        width={1280}
        height={720}
        aria-label={t("studio.cloud.label")}
      />
      <span className="studio__cloud-badge" data-testid="cloud-fps">
        {state === "streaming" ? t("studio.cloud.streaming", { fps }) : t(`studio.cloud.${state}`)}
      </span>
    </div>
  );
}
