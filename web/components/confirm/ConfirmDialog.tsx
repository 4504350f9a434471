import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { answerConfirm, confirmStore } from "./confirmStore.ts";
import "../dialog.css";

/** The shared confirm dialog: title, message, confirm and cancel. Mounted once by the app. */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const current = useStore(confirmStore, (s) => s.queue[0]);
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!current) return;
    const returnFocus = document.activeElement as HTMLElement | null;
    confirmRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") answerConfirm(false);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      returnFocus?.focus?.();
    };
  }, [current]);

  if (!current) return null;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog dialog--confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        data-testid="confirm-dialog"
      >
        <h2 id={titleId} className="dialog__title">
          {current.title}
        </h2>
        <p id={messageId} className="dialog__message">
          {current.message}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={() => answerConfirm(false)}>
            {current.cancelText ?? t("common.cancel")}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={current.danger ? "btn btn--danger" : "btn btn--primary"}
            onClick={() => answerConfirm(true)}
          >
            {current.confirmText ?? t("common.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}
