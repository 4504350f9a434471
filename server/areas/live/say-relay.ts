/**
 * The studio's lines on air (docs/decisions/040, "On air"): a line the studio says (its Say box, a
 * comment read aloud) goes from its socket to the same user's sources, on every instance, which
 * fetch it in the used plan's voice (`liveObsSpeak`) and say it where the stream hears it. Only the
 * text travels, checked as the speak call checks it; the channel is the sender's own user id.
 *
 * - A studio relays at most SAY_MAX_LINES lines in any SAY_WINDOW_MS: a busy chat read aloud is
 *   already cut to 3 waiting lines by the studio; this bounds a hostile sender.
 * - A line refused is answered on the socket with its code (1908 empty, 1909 too long, 429 too
 *   many), and nothing is relayed.
 */
import { randomUUID } from "node:crypto";
import type { CodeName } from "../../../shared/codes.ts";
import { SAY_MAX_LINES, SAY_WINDOW_MS } from "../../../shared/live.ts";
import { SPEECH_MAX_CHARS, speechLength } from "../../../shared/speech.ts";
import type { Deps } from "../../types.ts";

export interface SayRelay {
  /** A `say` message from the studio socket, as parsed. */
  receive(message: { text?: unknown }): void;
}

export function createSayRelay(
  deps: Pick<Deps, "live" | "clock">,
  userId: string,
  refuse: (code: CodeName, params?: Record<string, string | number>) => void,
): SayRelay {
  const sent: number[] = [];
  return {
    receive(message) {
      const text = typeof message.text === "string" ? message.text.trim() : "";
      if (!text) return refuse("SPEECH_TEXT_EMPTY");
      if (speechLength(text) > SPEECH_MAX_CHARS) return refuse("SPEECH_TEXT_TOO_LONG", { max: SPEECH_MAX_CHARS });
      const now = deps.clock.now().getTime();
      while (sent.length && now - (sent[0] as number) >= SAY_WINDOW_MS) sent.shift();
      if (sent.length >= SAY_MAX_LINES) {
        const seconds = Math.max(1, Math.ceil((SAY_WINDOW_MS - (now - (sent[0] as number))) / 1000));
        return refuse("TOO_MANY_REQUESTS", { seconds });
      }
      sent.push(now);
      deps.live.cast(userId, { type: "say", id: randomUUID(), text, at: new Date(now).toISOString() });
    },
  };
}
