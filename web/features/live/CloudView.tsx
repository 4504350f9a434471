import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CloudAudioChunk, createAudioSchedule, decodeCloudAudio } from "../../../shared/cloud-audio.ts";
import type { CloudServerMessage, LiveEndReason, LiveFaceMessage } from "../../../shared/live.ts";
import { effectiveLanguage, useSession } from "../../lib/session.ts";
import { reportCloudFaceDrawn } from "../../three/probe.ts";
import { cloudSocketInfo } from "./api.ts";
import { audioOutput, setLocalSound, unlockAudio } from "./audio-out.ts";

/** The studio's face capture hands its data to a cloud stream as this window event (detail: LiveFaceMessage). */
export const CLOUD_FACE_EVENT = "avalive:face-capture";

interface CloudViewProps {
  sessionId: string;
  /** The stream ended: the server's reason, and its message when it is one to show (1210 out of hours). */
  onEnded(reason: LiveEndReason, message: string | null): void;
}

type State = "connecting" | "streaming" | "ended";

/**
 * The stream's sound (docs/decisions/041): each chunk is played at its place on the render page's
 * clock, a quarter second behind the first (shared/cloud-audio.ts's schedule), straight to the
 * speakers: the studio's own copy of the lines and sounds is silenced meanwhile.
 */
function createStreamSound() {
  const { context } = audioOutput();
  const schedule = createAudioSchedule();
  let chunks = 0;
  let peak = 0;
  return {
    play(chunk: CloudAudioChunk) {
      const buffer = context.createBuffer(1, chunk.samples.length, chunk.rate);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < channel.length; i++) {
        const v = (chunk.samples[i] as number) / 32768;
        channel[i] = v;
        if (Math.abs(v) > peak) peak = Math.abs(v);
      }
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.start(schedule.at(chunk.start, context.currentTime));
      chunks++;
    },
    /** Whether the studio's output runs (it needs the user's click first). */
    get state() {
      return context.state;
    },
    /** Chunks heard and the loudest sample (0..1), for the page's state. */
    get chunks() {
      return chunks;
    },
    get peak() {
      return peak;
    },
  };
}

/**
 * A cloud session's picture (docs/decisions/037): the server renders the used plan at 1280×720 and
 * sends each frame as a JPEG over the cloud socket; this canvas shows the newest (a frame arriving
 * while the one before is decoded replaces it). The render page's sound comes on the same socket
 * (decision 041) and plays here. Face data the studio captures go the other way.
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
    // the stream carries the sound: the studio's own lines and sounds go quiet meanwhile
    setLocalSound(false);
    unlockAudio();
    const sound = createStreamSound();
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
        socket.binaryType = "arraybuffer";
        socket.onopen = () => socket.send(JSON.stringify({ type: "auth", ticket: cloud.ticket }));
        socket.onmessage = (event) => {
          if (event.data instanceof ArrayBuffer) {
            const chunk = decodeCloudAudio(event.data);
            if (chunk) {
              sound.play(chunk);
              box.current?.setAttribute("data-audio-chunks", String(sound.chunks));
              box.current?.setAttribute("data-audio-peak", sound.peak.toFixed(3));
              box.current?.setAttribute("data-audio-state", sound.state);
              return;
            }
            next = new Blob([event.data], { type: "image/jpeg" });
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
      setLocalSound(true);
      clearInterval(meter);
      window.removeEventListener(CLOUD_FACE_EVENT, onFace);
      ws?.close(1000, "done");
    };
  }, [sessionId]);

  return (
    <div
      ref={box}
      className="studio__cloud"
      data-testid="cloud-view"
      data-state={state}
      data-frames="0"
      data-audio-chunks="0"
    >
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
