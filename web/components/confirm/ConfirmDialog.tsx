import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { Modal } from "../modal/Modal.tsx";
import { answerConfirm, confirmStore } from "./confirmStore.ts";

/** The shared confirm dialog: title, message, confirm and cancel. Mounted once by the app. */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const current = useStore(confirmStore, (s) => s.queue[0]);
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);

  if (!current) return null;
  return (
    <Modal
      // one dialog per question: focus and the opener's focus are handled per question
      key={current.id}
      role="alertdialog"
      className="dialog dialog--confirm"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      data-testid="confirm-dialog"
      initialFocus={confirmRef}
      onClose={() => answerConfirm(false)}
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
    </Modal>
  );
}
