/**
 * Whether the OBS source shows the avatar (docs/decisions/038). It shows it from the start (the
 * streamer arranges the scene in OBS before going live). When the studio's session ends (End live,
 * the idle exit, a closed or lost studio), the avatar fades out to nothing and interactions no
 * longer play: the stream shows the streamer's own scene, not a frozen avatar that still answers
 * gifts. Going live again brings it back. Other messages change nothing. A source that connects
 * while the studio is live is sent the open session at once (server/areas/live/socket.ts).
 */
import type { LivePushInteraction, LiveServerMessage } from "../../../shared/live.ts";

export function obsOnAir(current: boolean, message: LiveServerMessage): boolean {
  return message.type === "session" ? message.state === "live" : current;
}

/** An interaction plays only while the source is on air. */
export const obsPlays = (onAir: boolean, message: LiveServerMessage): message is LivePushInteraction =>
  onAir && message.type === "interaction";
