/**
 * The face relay (docs/decisions/036, "Face relay"): face frames the studio sends on its socket go
 * to the same user's OBS sources, and a capture app's (the motion mode, decision 042) to the same
 * user's studio and sources, on every instance (the live push's `cast`, through the Redis bus
 * with REDIS_URL), and to nobody else: the channel is the sender's own user id, taken from the
 * socket's login token, never from the frame.
 *
 * - The sender must be allowed face capture (`faceAllowed`: silver and up by the membership
 *   records, or an open cloud session). The right is read when the socket authenticates and again
 *   with the socket's credential recheck and on every session push (going live in cloud mode), not
 *   per frame: one database read per frame at 30 a second would be the cost of the feature.
 * - Every frame is checked (shared/live-face.ts); a frame refused, or sent without the right, is
 *   dropped, and the socket says so once (1913 'Face data refused…' or 1201 'No privileges…'), then
 *   drops the rest silently: a buggy or hostile sender gets one answer, not one per frame.
 * - At most 30 frames a second leave per socket, newest first (a faster sender's extra frames are
 *   replaced before they are sent, never queued).
 */
import type { CodeName } from "../../../shared/codes.ts";
import { faceAllowed, type LiveServerMessage, motionAllowed } from "../../../shared/live.ts";
import { createFaceThrottle, type FaceFrame, parseFaceFrame } from "../../../shared/live-face.ts";
import type { Deps } from "../../types.ts";
import { currentVip } from "../roles/service.ts";

/** Whether the user may send face data now (the membership records and their open session). */
export async function faceRightOf(deps: Pick<Deps, "db" | "reads" | "clock">, userId: string): Promise<boolean> {
  const [vipType, open] = await Promise.all([
    currentVip(deps.reads, userId, deps.clock.now()),
    deps.db.liveSession.findFirst({
      where: { userId, endedAt: null },
      orderBy: { startedAt: "desc" },
      select: { mode: true },
    }),
  ]);
  return faceAllowed(vipType, open?.mode ?? null);
}

/** Whether the user may send motion capture now (decision 042: the motion mode's membership). */
export async function motionRightOf(deps: Pick<Deps, "reads" | "clock">, userId: string): Promise<boolean> {
  return motionAllowed(await currentVip(deps.reads, userId, deps.clock.now()));
}

/**
 * What a relay sends and who may: the studio's webcam frames (to the sources, as they are) or a
 * capture app's (decision 042: wrapped as `motion`, to the studio and the sources).
 */
export interface RelayKind {
  right(deps: Pick<Deps, "db" | "reads" | "clock">, userId: string): Promise<boolean>;
  message(frame: FaceFrame): LiveServerMessage;
}
export const FACE_RELAY: RelayKind = { right: faceRightOf, message: (frame) => frame };
export const MOTION_RELAY: RelayKind = { right: motionRightOf, message: (frame) => ({ type: "motion", frame }) };

export interface FaceRelay {
  /** A message of type `face` from the studio socket as parsed (null: unreadable or too large), and its length. */
  receive(message: unknown, length: number): void;
  /** Read the sender's right again (a recheck, a session started or ended). */
  refresh(): void;
  close(): void;
}

export function createFaceRelay(
  deps: Pick<Deps, "db" | "reads" | "clock" | "live">,
  userId: string,
  /** Says a refusal to the sender (once per kind). */
  refuse: (code: CodeName) => void,
  kind: RelayKind = FACE_RELAY,
): FaceRelay {
  let allowed: boolean | null = null;
  let reading: Promise<void> | null = null;
  const said = new Set<CodeName>();
  const once = (code: CodeName) => {
    if (said.has(code)) return;
    said.add(code);
    refuse(code);
  };
  const throttle = createFaceThrottle<FaceFrame>((frame) => deps.live.cast(userId, kind.message(frame)));

  const read = () => {
    reading = kind
      .right(deps, userId)
      .then((right) => {
        allowed = right;
        if (!right) throttle.stop();
      })
      .catch(() => {
        // the database did not answer: keep the last answer (none yet: refuse until it does)
      });
    return reading;
  };
  void read();

  const relay = (frame: FaceFrame) => {
    if (allowed) throttle.push(frame);
    else once("LOCKED");
  };

  return {
    receive(message, length) {
      const frame = parseFaceFrame(message, length);
      if (!frame) return once("FACE_FRAME_INVALID");
      // the first frames may arrive before the right is read: they wait for it
      if (allowed === null && reading) void reading.then(() => relay(frame));
      else relay(frame);
    },
    refresh: () => void read(),
    close: () => throttle.stop(),
  };
}
