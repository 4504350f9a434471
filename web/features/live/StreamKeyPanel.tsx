import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OBS_SIZES } from "../../../shared/live.ts";
import type { NewStreamKey, StreamKeyInfo } from "../../../shared/schemas/live.ts";
import { confirm } from "../../components/confirm/confirmStore.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { revokeKey, rotateKey } from "./api.ts";

/** What the OBS source draws (issue 47): the avatar alone on a transparent page, or with the plan's scene. */
export type ObsBackground = "transparent" | "scene";
export const OBS_BACKGROUNDS: readonly ObsBackground[] = ["transparent", "scene"];

export const obsUrl = (key: string, size: keyof typeof OBS_SIZES, background: ObsBackground = "transparent") =>
  `${window.location.origin}/live/obs?${new URLSearchParams({ key, size, ...(background === "scene" ? { scene: "1" } : {}) })}`;

/**
 * The stream key: made or rotated here and shown once (the server keeps only its hash), with the
 * OBS browser source's addresses and the webhook's; revoking stops every source and bot using it.
 */
export function StreamKeyPanel({ streamKey }: { streamKey: StreamKeyInfo | null }) {
  const { t } = useTranslation();
  const [fresh, setFresh] = useState<NewStreamKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [background, setBackground] = useState<ObsBackground>("transparent");

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const onRotate = () =>
    run(async () => {
      if (streamKey && !(await confirm({ title: t("studio.key.rotate"), message: t("studio.key.rotateConfirm") })))
        return;
      setFresh(await rotateKey());
    });
  const onRevoke = () =>
    run(async () => {
      if (!(await confirm({ title: t("studio.key.revoke"), message: t("studio.key.revokeConfirm") }))) return;
      await revokeKey();
      setFresh(null);
      toast.success(t("studio.key.revoked"));
    });
  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => toast.success(t("studio.key.copied")),
      () => undefined,
    );

  return (
    <section className="studio__section" aria-labelledby="studio-key" data-testid="stream-key-panel">
      <h2 id="studio-key">{t("studio.key.title")}</h2>
      <p className="studio__hint">{t("studio.key.hint")}</p>
      {fresh ? (
        <div className="studio__key" data-testid="stream-key-fresh">
          <p>{t("studio.key.once")}</p>
          <code data-testid="stream-key-value">{fresh.key}</code>
          <fieldset className="studio__obs-choice" data-testid="obs-background">
            <legend>{t("studio.key.background")}</legend>
            {OBS_BACKGROUNDS.map((b) => (
              <label key={b} className="studio__obs-option">
                <input
                  type="radio"
                  name="obs-background"
                  value={b}
                  checked={background === b}
                  onChange={() => setBackground(b)}
                  data-testid={`obs-background-${b}`}
                />
                <span>
                  <strong>{t(`studio.key.backgrounds.${b}`)}</strong>
                  <small>{t(`studio.key.backgroundHints.${b}`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          {(Object.keys(OBS_SIZES) as (keyof typeof OBS_SIZES)[]).map((size) => (
            <div key={size} className="studio__url">
              <span>{t("studio.key.obs", { width: OBS_SIZES[size].width, height: OBS_SIZES[size].height })}</span>
              <a
                href={obsUrl(fresh.key, size, background)}
                target="_blank"
                rel="noreferrer"
                data-testid={`obs-url-${size}`}
              >
                {obsUrl(fresh.key, size, background)}
              </a>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => copy(obsUrl(fresh.key, size, background))}
              >
                {t("studio.key.copy")}
              </button>
            </div>
          ))}
          <p className="studio__hint">
            {t("studio.key.webhook")} <code>POST {window.location.origin}/web-api/p1/live/webhook/trigger</code>
          </p>
        </div>
      ) : streamKey ? (
        <p data-testid="stream-key-prefix">{t("studio.key.current", { prefix: streamKey.prefix })}</p>
      ) : (
        <p data-testid="stream-key-none">{t("studio.key.none")}</p>
      )}
      <div className="studio__row">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void onRotate()}
          data-testid="stream-key-rotate"
        >
          {streamKey || fresh ? t("studio.key.rotate") : t("studio.key.create")}
        </button>
        {(streamKey || fresh) && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            onClick={() => void onRevoke()}
            data-testid="stream-key-revoke"
          >
            {t("studio.key.revoke")}
          </button>
        )}
      </div>
    </section>
  );
}
