import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SPEECH_MAX_CHARS } from "../../../shared/speech.ts";
import type { StudioVoice } from "./useStudioVoice.ts";

/** The studio's "Say" box: a line for the avatar to say in the plan's voice (docs/decisions/040). */
export function SpeakBox({ voice, voiceName }: { voice: StudioVoice; voiceName: string | null }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  return (
    <section
      className="studio__section"
      aria-labelledby="studio-voice"
      data-testid="speak-box"
      data-state={voice.state}
    >
      <h2 id="studio-voice">{t("studioVoice.title")}</h2>
      {voiceName === null ? (
        <p className="studio__hint">{t("studioVoice.noVoice")}</p>
      ) : (
        <>
          <p className="studio__hint">{t("studioVoice.hint", { voice: voiceName })}</p>
          <form
            className="studio__comment"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              voice.say(text);
              setText("");
            }}
          >
            <input
              className="input"
              value={text}
              maxLength={SPEECH_MAX_CHARS}
              placeholder={t("studioVoice.placeholder")}
              aria-label={t("studioVoice.label")}
              onChange={(e) => setText(e.target.value)}
              data-testid="speak-text"
            />
            {voice.state === "speaking" ? (
              <button type="button" className="btn btn--ghost" onClick={voice.stop} data-testid="speak-stop">
                {t("studioVoice.stop")}
              </button>
            ) : (
              <button type="submit" className="btn btn--primary" disabled={!text.trim()} data-testid="speak-say">
                {t("studioVoice.say")}
              </button>
            )}
          </form>
          <p className="studio__hint" role="status">
            {voice.state === "idle" ? "" : t("studioVoice.speaking")}
          </p>
          <label className="studio__check">
            <input
              type="checkbox"
              checked={voice.readComments}
              onChange={(e) => voice.setReadComments(e.target.checked)}
              data-testid="speak-comments"
            />{" "}
            {t("studioVoice.readComments")}
          </label>
        </>
      )}
    </section>
  );
}
