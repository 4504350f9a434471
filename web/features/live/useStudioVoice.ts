/**
 * The studio's voice (docs/decisions/040): lines said in the plan's voice, one after another, the
 * avatar's lips following (./lipsync.ts). The server speaks them (baseProductLabel/speak answers
 * the WAV); a refusal shows its message like any call.
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

export function useStudioVoice(planId: string, hasVoice: boolean, preview: RefObject<PreviewHandle | null>) {
  const { t } = useTranslation();
  const speaker = useMemo(() => createSpeaker(() => preview.current), [preview]);
  useEffect(() => () => speaker.close(), [speaker]);
  const [state, setState] = useState<VoiceState>("idle");
  const [readComments, setReadComments] = useState(false);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);
  const latest = useRef({ planId, hasVoice, readComments, t });
  latest.current = { planId, hasVoice, readComments, t };

  const say = useCallback(
    (text: string) => {
      const line = text.trim();
      if (!line || waiting.current >= MAX_WAITING) return;
      // usually inside the Say click: the audio may start now
      speaker.unlock();
      waiting.current++;
      chain.current = chain.current
        .then(async () => {
          setState("loading");
          const wav = await fetchSpeech(latest.current.planId, line);
          setState("speaking");
          await speaker.play(wav);
        })
        .catch(() => {
          // the API client has shown the refusal
        })
        .finally(() => {
          waiting.current--;
          if (waiting.current === 0) setState("idle");
        });
    },
    [speaker],
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
      if (push.reply) say(push.reply);
    },
    [say],
  );

  const stop = useCallback(() => speaker.stop(), [speaker]);
  const readAloud = useCallback(
    (on: boolean) => {
      // the click that turns it on lets the comments read later sound
      if (on) speaker.unlock();
      setReadComments(on);
    },
    [speaker],
  );
  return { state, say, stop, hear, readComments, setReadComments: readAloud };
}

export type StudioVoice = ReturnType<typeof useStudioVoice>;
