/**
 * Webcam face capture (docs/decisions/036): @vladmandic/human (BlazeFace, the face mesh with the
 * irises, and MoveNet for the half-body mode) on TensorFlow.js's wasm backend, with the models and
 * the .wasm files served by our own server (/models/human/, /models/tfjs/: nothing is fetched from
 * anywhere else). Loaded only when the user starts the camera in the studio.
 *
 * Each new camera frame (requestVideoFrameCallback) is tracked when the previous one is done; the
 * rig turns the mesh into ARKit weights and a head pose, One Euro filters smooth them, and the
 * result goes to the plan preview's controller.
 */
import type { Config, Human } from "@vladmandic/human";
import type { Capture } from "../../../three/plan/types.ts";
import { reportRecentred, reportRigged, reportTracked, reportTrackerBackend } from "../../../three/probe.ts";
import { OneEuroBank, type OneEuroOptions } from "./oneEuro.ts";
import { type ArmPoints, type FaceRig, type Neutral, neutralOf, type Point, rigArms, rigBody, rigFace } from "./rig.ts";

export const MODEL_BASE = "/models/human/";
export const WASM_BASE = "/models/tfjs/";

/** What the studio shows: the camera's and the tracker's state. */
export type CaptureStatus = "off" | "starting" | "loading" | "tracking" | "noFace" | "denied" | "noCamera" | "failed";

/** Without a face for this long, the avatar goes back to its own idle life. */
const LOST_MS = 600;

/**
 * A recentre (issue 47) averages this many faces: enough to smooth the mesh's jitter, few enough
 * to be done in a second or two on a slow machine (about one tracked frame a second under load).
 */
export const RECENTRE_FRAMES = 3;

/**
 * Smoothing (One Euro, per channel). Morphs (0..1): a low cut-off at rest kills the mesh's jitter,
 * a high beta lets a blink or a mouth snap through. Angles (radians) are smoother still: a head at
 * rest must not tremble.
 */
export const SMOOTHING: Record<"weight" | "angle" | "body", OneEuroOptions> = {
  weight: { minCutoff: 1.5, beta: 4, dCutoff: 1 },
  angle: { minCutoff: 0.8, beta: 1.2, dCutoff: 1 },
  body: { minCutoff: 0.5, beta: 0.8, dCutoff: 1 },
};

/** Human's settings: face (mesh and irises), the body only for the half-body mode; all else off. */
export function humanConfig(body: boolean): Partial<Config> {
  return {
    backend: "wasm",
    modelBasePath: MODEL_BASE,
    wasmPath: WASM_BASE,
    debug: false,
    async: true,
    warmup: "none",
    // every camera frame is tracked (no reuse of an earlier result for a similar frame)
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 1 },
      mesh: { enabled: true },
      iris: { enabled: true },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: body, modelPath: "movenet-lightning.json", maxDetected: 1 },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
  } as Partial<Config>;
}

/** The camera, asked for on the user's action. Rejects with the status to show. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw cameraError("noCamera");
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: "user" },
      audio: false,
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : "";
    if (name === "NotAllowedError" || name === "SecurityError") throw cameraError("denied");
    if (name === "NotFoundError" || name === "OverconstrainedError" || name === "NotReadableError")
      throw cameraError("noCamera");
    throw cameraError("failed");
  }
}

export class CameraError extends Error {
  constructor(readonly status: CaptureStatus) {
    super(status);
  }
}
const cameraError = (status: CaptureStatus) => new CameraError(status);

export interface TrackerHandle {
  stop(): void;
  /** Take the next few faces as the neutral pose (issue 47): the head as it is now reads as level. */
  recentre(): void;
}

interface FrameMetadata {
  captureTime?: number;
}

/** Loads the models (once per page) and tracks `video` until stopped. */
let loaded: Promise<Human> | null = null;
let loadedBody = false;

async function loadHuman(body: boolean): Promise<Human> {
  if (!loaded || (body && !loadedBody)) {
    const previous = loaded;
    loadedBody = body || loadedBody;
    loaded = (async () => {
      await previous?.catch(() => undefined);
      const { Human } = await import("@vladmandic/human");
      const human = new Human(humanConfig(loadedBody));
      await human.load();
      reportTrackerBackend(human.tf.getBackend());
      return human;
    })();
    loaded.catch(() => {
      loaded = null;
    });
  }
  return loaded;
}

export async function startTracking(
  video: HTMLVideoElement,
  options: {
    body: boolean;
    onCapture(capture: Capture | null): void;
    onStatus(status: CaptureStatus): void;
    /** Aborted while the models load: nothing starts. */
    signal?: AbortSignal;
  },
): Promise<TrackerHandle> {
  let stopped = false;
  options.onStatus("loading");
  const human = await loadHuman(options.body);
  human.config.body.enabled = options.body;
  if (options.signal?.aborted) return { stop() {}, recentre() {} };
  const weights = new OneEuroBank(() => SMOOTHING.weight);
  const angles = new OneEuroBank(() => SMOOTHING.angle);
  const bodies = new OneEuroBank(() => SMOOTHING.body);
  // every camera frame once (Chromium, Safari); elsewhere at the display's pace
  const frames = typeof video.requestVideoFrameCallback === "function";
  let seq = 0;
  let lastFace = 0;
  let status: CaptureStatus = "loading";
  let pending = 0;
  // the neutral pose: taken from the first faces (automatic recentring at the start), and again on Recentre
  let neutral: Neutral | null = null;
  let sampling: FaceRig[] | null = [];
  const setStatus = (s: CaptureStatus) => {
    if (s === status) return;
    status = s;
    options.onStatus(s);
  };

  const track = async (frameAt: number) => {
    const started = performance.now();
    const result = await human.detect(video);
    if (stopped) return;
    const face = result.face[0];
    reportTracked(performance.now() - started, Boolean(face));
    const t = frameAt / 1000;
    if (!face || face.mesh.length < 468) {
      if (performance.now() - lastFace > LOST_MS) {
        setStatus("noFace");
        options.onCapture(null);
      }
      return;
    }
    lastFace = performance.now();
    const mesh = face.mesh as unknown as Point[];
    if (sampling) {
      sampling.push(rigFace(mesh));
      if (sampling.length >= RECENTRE_FRAMES) {
        neutral = neutralOf(sampling);
        sampling = null;
        // the filters start again from the new neutral: no slow glide from the old one
        angles.reset();
        weights.reset();
        reportRecentred();
      }
    }
    const rig = rigFace(mesh, neutral);
    reportRigged({
      raw: rig.rawHead,
      head: rig.head,
      eyeOpen: rig.eyeOpen,
      nose: rig.nose,
      blink: Math.max(rig.weights.eyeBlinkLeft ?? 0, rig.weights.eyeBlinkRight ?? 0),
      neutral: neutral !== null,
    });
    const smooth: Record<string, number> = {};
    for (const [name, w] of Object.entries(rig.weights))
      smooth[name] = Math.min(1, Math.max(0, weights.filter(name, w, t)));
    const head = {
      x: angles.filter("x", rig.head.x, t),
      y: angles.filter("y", rig.head.y, t),
      z: angles.filter("z", rig.head.z, t),
    };
    let body: Capture["body"] = null;
    let arms: Capture["arms"] = null;
    if (options.body) {
      const kp = result.body[0]?.keypoints ?? [];
      const left = kp.find((k) => k.part === "leftShoulder");
      const right = kp.find((k) => k.part === "rightShoulder");
      const raw = rigBody(
        left && right
          ? { left: left.position as Point, right: right.position as Point, score: Math.min(left.score, right.score) }
          : null,
        video.videoWidth,
      );
      if (raw) body = { tilt: bodies.filter("tilt", raw.tilt, t), sway: bodies.filter("sway", raw.sway, t) };
      // the arms (decision 043): each seen one's directions, smoothed per component
      const point = (part: string) => kp.find((k) => k.part === part);
      const armOf = (side: "left" | "right"): ArmPoints | null => {
        const s = point(`${side}Shoulder`);
        const e = point(`${side}Elbow`);
        const w = point(`${side}Wrist`);
        if (!s || !e || !w) return null;
        const at = (k: typeof s) => k.position as unknown as Point;
        return { shoulder: at(s), elbow: at(e), wrist: at(w), score: Math.min(s.score, e.score, w.score) };
      };
      const width =
        left && right ? Math.hypot(left.position[0] - right.position[0], left.position[1] - right.position[1]) : 0;
      const seen = rigArms({ left: armOf("left"), right: armOf("right") }, width);
      if (seen) {
        for (const side of ["left", "right"] as const) {
          const arm = seen[side];
          if (!arm) continue;
          for (const part of ["upper", "fore"] as const)
            arm[part] = arm[part].map((v: number, k: number) => bodies.filter(`${side}.${part}.${k}`, v, t)) as [
              number,
              number,
              number,
            ];
        }
      }
      arms = seen;
    }
    setStatus("tracking");
    options.onCapture({ weights: smooth, head, body, arms, frameAt, seq: ++seq });
  };

  // one frame at a time: a new camera frame while the last is still tracked is skipped
  let busy = false;
  const onFrame = (now: number, metadata?: FrameMetadata) => {
    if (stopped) return;
    schedule();
    if (busy || video.readyState < 2) return;
    busy = true;
    const frameAt = metadata?.captureTime ?? now;
    track(frameAt)
      .catch(() => setStatus("failed"))
      .finally(() => {
        busy = false;
      });
  };
  const schedule = () => {
    if (frames) pending = video.requestVideoFrameCallback(onFrame);
    else pending = requestAnimationFrame((now) => onFrame(now));
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (frames) video.cancelVideoFrameCallback(pending);
      else cancelAnimationFrame(pending);
      options.onCapture(null);
    },
    recentre() {
      sampling = [];
    },
  };
}
