/**
 * The live studio's rules (docs/decisions/035): which live modes each membership opens, how a
 * session stays alive, the stream key's shape, and the messages the studio socket carries.
 * One table for server and web: the server enforces the gates, the web only shows them.
 */
import { type FaceFrame, parseFaceFrame } from "./live-face.ts";
import type { VipType } from "./membership.ts";

/**
 * Live modes. `plan` plays the used plan with its interactions (local rendering); `face` and
 * `halfBody` follow the webcam (decision 036); `motion` follows a professional capture app sending
 * ARKit frames with the stream key (decision 042); `cloud` renders on the server (decision 037).
 * `built: false` would refuse a mode that is listed before it is built.
 */
export const LIVE_MODES = [
  { mode: "plan", vip: ["silver", "gold", "diamond"], built: true },
  { mode: "face", vip: ["silver", "gold", "diamond"], built: true },
  { mode: "halfBody", vip: ["gold", "diamond"], built: true },
  { mode: "motion", vip: ["diamond"], built: true },
  { mode: "cloud", vip: ["cloud", "diamond"], built: true },
] as const satisfies readonly { mode: string; vip: readonly VipType[]; built: boolean }[];

export type LiveMode = (typeof LIVE_MODES)[number]["mode"];
export const LIVE_MODE_NAMES = LIVE_MODES.map((m) => m.mode) as LiveMode[];

/** Whether a membership (already checked for expiry) opens a mode. */
export function modeAllowed(mode: string, vipType: string | null): boolean {
  const entry = LIVE_MODES.find((m) => m.mode === mode);
  return Boolean(entry && vipType && (entry.vip as readonly string[]).includes(vipType));
}

/**
 * Cloud rendering opens to an active cloud or diamond membership, and to anyone with cloud hours
 * left in the ledger (bought hours are usable without a cloud membership; docs/decisions/037,
 * amendment). Going live still needs a positive balance (1210 otherwise).
 */
export function cloudAllowed(vipType: string | null, cloudMinutes: number): boolean {
  return modeAllowed("cloud", vipType) || cloudMinutes > 0;
}

/** Whether a mode is open: the membership's gate, and for cloud also the hours left. */
export function liveModeOpen(mode: string, vipType: string | null, cloudMinutes: number): boolean {
  return mode === "cloud" ? cloudAllowed(vipType, cloudMinutes) : modeAllowed(mode, vipType);
}

/**
 * Who may send face data (docs/decisions/036, "Face relay"): a membership that opens the face mode
 * (silver and up), or an open cloud session (a cloud session accepts the same face data, so a cloud
 * member captures their face for it).
 */
export function faceAllowed(vipType: string | null, openMode: string | null): boolean {
  return modeAllowed("face", vipType) || openMode === "cloud";
}

/**
 * Who may send motion capture (docs/decisions/042): a membership that opens the `motion` mode
 * (diamond). A capture app authenticates on the studio socket with the stream key and the role
 * `capture`; its frames drive the avatar in the studio and in the user's OBS sources.
 */
export function motionAllowed(vipType: string | null): boolean {
  return modeAllowed("motion", vipType);
}

/** The studio says it is still live this often; the server closes a session silent for `LOST_AFTER`. */
export const LIVE_HEARTBEAT_SECONDS = 20;
export const LIVE_LOST_AFTER_SECONDS = 90;

/**
 * How a session ended: the studio's exit button, the idle rule, the tab closing, no heartbeat, a new
 * session, and for cloud sessions the cloud hours running out (`timeLimit`) or the stream closing.
 */
export const LIVE_END_REASONS = ["exit", "idle", "close", "lost", "replaced", "timeLimit"] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

/** Viewer events an interaction answers (the catalogue's interact types). */
export const LIVE_EVENTS = ["gift", "like", "comment", "follow"] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** A stream key: `avk_` and 32 base64url characters (192 bits). Only its SHA-256 is stored. */
export const STREAM_KEY_PREFIX = "avk_";
export const STREAM_KEY_PATTERN = /^avk_[A-Za-z0-9_-]{32}$/;
/** The header a chat bot or webhook sends the key in (or the `key` query, for senders that only take a URL). */
export const STREAM_KEY_HEADER = "x-stream-key";

/** The OBS browser source's sizes. */
export const OBS_SIZES = {
  "720": { width: 1280, height: 720 },
  "1080": { width: 1920, height: 1080 },
} as const;
export type ObsSize = keyof typeof OBS_SIZES;

/** The studio socket's path (also answered by getSocket). */
export const LIVE_SOCKET_PATH = "/web-api/ws/live";

/** An interaction as the socket pushes it: what fired it and what to play. */
export interface LivePushInteraction {
  type: "interaction";
  /** Unique per push. */
  id: string;
  source: "rehearsal" | "webhook";
  event: LiveEvent;
  /** The catalogue's viewer event that matched (e.g. interact.gift-rose), with its name. */
  interact: { id: string; name: string; look: Record<string, unknown> };
  plays: {
    actionKind: string;
    action: { id: string; name: string; look: Record<string, unknown>; url: string | null };
  }[];
  viewer: string | null;
  text: string | null;
  /** The first fired interaction's reply, `{viewer}` filled in: the studio says it (decision 040). */
  reply?: string | null;
  at: string;
}

/**
 * Server → client messages. The first client message must be `{type: "auth", token}`,
 * `{type: "auth", streamKey}` or `{type: "auth", streamKey, role: "capture"}`.
 */
export type LiveServerMessage =
  | { type: "ready"; userId: string; role: "studio" | "source" | "capture" }
  | { type: "error"; code: number; message: string }
  | LivePushInteraction
  /** Going live (with the session's mode: a source frames the half-body in `halfBody` and `motion`) or ending. */
  | { type: "session"; state: "live" | "ended"; sessionId: string; mode?: LiveMode; reason?: LiveEndReason }
  /** Internal to the server: the user's stream key was rotated or revoked (sources then close). */
  | { type: "key"; state: "rotated" | "revoked" }
  /** The studio's face capture, relayed to the same user's sources only (docs/decisions/036). */
  | FaceFrame
  /** A capture app's frame (the motion mode, decision 042), relayed to the same user's studio and sources. */
  | LiveMotionFrame
  /** A line the studio said (its Say box, a comment read aloud), for the same user's sources to say on air (decision 040). */
  | LiveSayLine;

/** A motion-capture frame as the socket pushes it: the capture app's face frame, unchanged. */
export interface LiveMotionFrame {
  type: "motion";
  frame: FaceFrame;
}

/** A line the studio says, relayed to the user's sources: they fetch it in the plan's voice (`liveObsSpeak`). */
export interface LiveSayLine {
  type: "say";
  /** Unique per line. */
  id: string;
  text: string;
  at: string;
}

/** Lines a studio socket may relay: at most this many in any `SAY_WINDOW_MS` (a chat read aloud is slower). */
export const SAY_MAX_LINES = 10;
export const SAY_WINDOW_MS = 10_000;

/**
 * Client → server on the studio socket: `face` (≤ 30 a second) and `say` (≤ 10 in 10 s), only from
 * the studio (the login token); a source's are ignored.
 */
export type LiveClientMessage =
  /** `role: "capture"` with the stream key: a motion-capture app, which sends face frames (decision 042). */
  | { type: "auth"; token?: string; streamKey?: string; role?: "capture" }
  | { type: "ping" }
  | FaceFrame
  | { type: "say"; text: string };

// ---- Cloud sessions (docs/decisions/037) ----

/** The cloud stream's socket: the browser authenticates with a getSocket ticket, then receives JPEG frames. */
export const CLOUD_SOCKET_PATH = "/web-api/ws/cloud";
/** Cloud rendering is 720p (spec section 1). */
export const CLOUD_SIZE: ObsSize = "720";
/** A getSocket ticket is good for this long, once. */
export const CLOUD_TICKET_SECONDS = 60;
/** A ticket: `avc_` and 32 base64url characters (192 bits); only its SHA-256 is stored. */
export const CLOUD_TICKET_PATTERN = /^avc_[A-Za-z0-9_-]{32}$/;
/** The render page's credential (the server's own, never shown to a user): `avr_<sessionId>.<HMAC>`. */
export const RENDER_KEY_PREFIX = "avr_";
/** Cloud hours are charged a minute at a time, at the start of each minute (minute 0 when going live). */
export const CLOUD_METER_SECONDS = 60;

/**
 * Face data the studio's tracker sends to the OBS sources and to a cloud session: a face frame
 * (shared/live-face.ts), forwarded to the render page unchanged.
 */
export type LiveFaceMessage = FaceFrame;

/** Browser → server on the cloud socket: the ticket first, then face data and pings. */
export type CloudClientMessage = { type: "auth"; ticket: string } | LiveFaceMessage | { type: "ping" };

/**
 * Server → browser on the cloud socket (text frames; the video is binary frames, each one JPEG of
 * 1280×720). `ended` carries the code and message when the server ended it (1210 out of hours).
 */
export type CloudServerMessage =
  | { type: "ready"; sessionId: string; width: number; height: number }
  | { type: "error"; code: number; message: string }
  | { type: "ended"; sessionId: string; reason: LiveEndReason; code: number | null; message: string | null }
  | { type: "pong" }
  /**
   * The render page drew the face frame sent at `t` (the sender's clock), its avatar's mouth open by
   * `jawOpen` (0–1, as drawn): the studio measures the round trip and sees the face followed.
   */
  | { type: "faceDrawn"; t: number; jawOpen: number };

/** Checks a face message from the network (shared/live-face.ts's validator). */
export const parseFaceMessage = parseFaceFrame;
