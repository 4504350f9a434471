/** What a pushed interaction plays: its actions on the 3D preview, its sounds through an Audio element. */
import type { LivePushInteraction } from "../../../shared/live.ts";
import type { PreviewHandle } from "../../three/plan/types.ts";
import { previewActionOf } from "../plan/index.ts";

export function playInteraction(push: LivePushInteraction, handle: PreviewHandle | null, muted = false): void {
  for (const play of push.plays) {
    const action = previewActionOf(play.actionKind, play.action);
    if (action) handle?.play(action);
    else if (play.actionKind === "sound" && play.action.url && !muted) {
      // autoplay may be refused before the page was touched (OBS allows it): the picture still plays
      new Audio(play.action.url).play().catch(() => undefined);
    }
  }
}
