import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../../../shared/messages.ts";
import { useLanguage } from "../../../lib/session.ts";
import { createIdleTimer, idleConfig } from "./idle.ts";

const OPERATIONS = ["pointerdown", "keydown", "wheel", "input"] as const;

/** Watches for operations; after a long time without one, counts down and calls `onExit`. */
export function IdleNotice({ onExit }: { onExit(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    const { idleMs, countdownMs } = idleConfig(window.location.search, window.localStorage);
    const timer = createIdleTimer({ idleMs, countdownMs, onCountdown: setLeft, onExit });
    const onOperation = () => timer.activity();
    for (const type of OPERATIONS) window.addEventListener(type, onOperation, { capture: true, passive: true });
    return () => {
      timer.stop();
      for (const type of OPERATIONS) window.removeEventListener(type, onOperation, { capture: true });
    };
  }, [onExit]);

  if (left === null) return null;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog dialog--confirm idle-notice"
        role="alertdialog"
        aria-modal="true"
        data-testid="idle-notice"
      >
        <h2 className="dialog__title">{translate("idle", language)}</h2>
        <p className="dialog__message">{t("faceEditor.idleCountdown", { count: left })}</p>
        <p className="idle-notice__seconds" aria-hidden="true">
          {left}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--primary">
            {t("faceEditor.idleStay")}
          </button>
        </div>
      </div>
    </div>
  );
}
