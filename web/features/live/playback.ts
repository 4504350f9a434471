/** What a pushed interaction plays: its actions on the 3D preview, its sounds through the page's output (audio-out.ts). */
import type { LivePushInteraction } from "../../../shared/live.ts";
import type { PreviewHandle } from "../../three/plan/types.ts";
import { previewActionOf } from "../plan/index.ts";
import { playSound } from "./audio-out.ts";

export function playInteraction(push: LivePushInteraction, handle: PreviewHandle | null, muted = false): void {
  for (const play of push.plays) {
    const action = previewActionOf(play.actionKind, play.action);
    if (action) handle?.play(action);
    else if (play.actionKind === "sound" && play.action.url && !muted) {
      // autoplay may be refused before the page was touched (OBS allows it): the picture still plays
      playSound(play.action.url).catch(() => undefined);
    }
  }
}
