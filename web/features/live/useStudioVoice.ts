/**
 * The studio's voice (docs/decisions/040): lines said in the plan's voice, one after another, the
 * avatar's lips following (./lipsync.ts). The server speaks them (baseProductLabel/speak answers
 * the WAV); a refusal shows its message like any call. The OBS source says the same lines on air
 * with its stream key (`useLineVoice` with `obsSpeech`, "On air" in the decision).
 */
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpoints } from "../../../shared/endpoints.ts";
import type { LivePushInteraction } from "../../../shared/live.ts";
import { call, type FileAnswer } from "../../lib/api.ts";
import type { PreviewHandle } from "../../three/plan/types.ts";
import { createSpeaker } from "./lipsync.ts";

/** Lines waiting at most: a busy chat read aloud drops what it cannot keep up with. */
const MAX_WAITING = 3;

export type VoiceState = "idle" | "loading" | "speaking";

async function fetchSpeech(planId: string, text: string): Promise<ArrayBuffer> {
  const { data } = await call<FileAnswer>(endpoints.planSpeak.path, {
    method: "POST",
    body: { planId, text },
    binary: true,
  });
  return data.blob.arrayBuffer();
}

/**
 * A line in the key owner's used plan's voice, for the OBS source (no login there). A refusal is
 * never shown on the stream: the line is skipped.
 */
export async function obsSpeech(key: string, text: string): Promise<ArrayBuffer> {
  const res = await fetch(endpoints.liveObsSpeak.path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stream-key": key },
    body: JSON.stringify({ text }),
  });
  if (!res.ok || !(res.headers.get("content-type") ?? "").startsWith("audio/")) {
    throw new Error(`speech refused (${res.status})`);
  }
  return res.arrayBuffer();
}

/**
 * Lines said one after another through `fetchLine`, lips following on the preview. `say` answers
 * whether the line was taken (false: empty, or MAX_WAITING lines already wait).
 */
export function useLineVoice(
  fetchLine: (text: string) => Promise<ArrayBuffer>,
  preview: RefObject<PreviewHandle | null>,
) {
  const speaker = useMemo(() => createSpeaker(() => preview.current), [preview]);
  useEffect(() => () => speaker.close(), [speaker]);
  const [state, setState] = useState<VoiceState>("idle");
  const chain = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);
  /** Bumped by `stop`: lines queued before it are dropped, not said later. */
  const generation = useRef(0);
  const fetcher = useRef(fetchLine);
  fetcher.current = fetchLine;

  const say = useCallback(
    (text: string): boolean => {
      const line = text.trim();
      if (!line || waiting.current >= MAX_WAITING) return false;
      // usually inside the Say click: the audio may start now
      speaker.unlock();
      waiting.current++;
      const queuedIn = generation.current;
      chain.current = chain.current
        .then(async () => {
          if (queuedIn !== generation.current) return;
          setState("loading");
          const wav = await fetcher.current(line);
          if (queuedIn !== generation.current) return;
          // "speaking" once the sound has started (not when it cannot: the line is skipped)
          await speaker.play(wav, () => setState("speaking"));
        })
        .catch(() => {
          // the API client has shown the refusal (the studio); the OBS source skips the line
        })
        .finally(() => {
          waiting.current--;
          if (waiting.current === 0) setState("idle");
        });
      return true;
    },
    [speaker],
  );
  /** Stops the line being said and drops the ones waiting. */
  const stop = useCallback(() => {
    generation.current++;
    speaker.stop();
  }, [speaker]);
  return { state, say, stop, speaker };
}

/**
 * The studio's voice. `onAir` receives every line the studio itself says (the Say box, a comment
 * read aloud) for the socket to relay to the user's sources; interaction replies are not relayed:
 * the sources hear the interaction themselves.
 */
export function useStudioVoice(
  planId: string,
  hasVoice: boolean,
  preview: RefObject<PreviewHandle | null>,
  onAir?: (text: string) => void,
) {
  const { t } = useTranslation();
  const fetchLine = useCallback((text: string) => fetchSpeech(planId, text), [planId]);
  const voice = useLineVoice(fetchLine, preview);
  const { speaker, say: sayHere } = voice;
  const [readComments, setReadComments] = useState(false);
  const latest = useRef({ hasVoice, readComments, t, onAir });
  latest.current = { hasVoice, readComments, t, onAir };

  /** A line of the studio's own: said here, and on air when taken. */
  const say = useCallback(
    (text: string) => {
      if (sayHere(text)) latest.current.onAir?.(text.trim());
    },
    [sayHere],
  );

  /**
   * An interaction came through the socket: its reply (the plan's, `{viewer}` filled in by the
   * server), and a comment itself as "{viewer} says …" when reading comments aloud.
   */
  const hear = useCallback(
    (push: LivePushInteraction) => {
      const now = latest.current;
      if (!now.hasVoice) return;
      if (now.readComments && push.event === "comment" && push.text) {
        say(now.t("studioVoice.viewerSays", { viewer: push.viewer ?? now.t("studio.someone"), text: push.text }));
      }
      if (push.reply) sayHere(push.reply);
    },
    [say, sayHere],
  );

  const readAloud = useCallback(
    (on: boolean) => {
      // the click that turns it on lets the comments read later sound
      if (on) speaker.unlock();
      setReadComments(on);
    },
    [speaker],
  );
  return { state: voice.state, say, stop: voice.stop, hear, readComments, setReadComments: readAloud };
}

export type StudioVoice = ReturnType<typeof useStudioVoice>;
