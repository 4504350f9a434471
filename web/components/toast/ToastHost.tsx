import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { useTopModal } from "../modal/topModal.ts";
import { dismissToast, type ToastKind, toastStore } from "./toastStore.ts";
import "./toast.css";

const ICON: Record<ToastKind, string> = { info: "i", success: "✓", error: "!", network: "!" };

/**
 * Renders the toast queue; errors are announced assertively, the rest politely. While a modal is
 * open the page behind it is inert, so the toasts render inside the topmost modal.
 */
export function ToastHost() {
  const { t: translate } = useTranslation();
  const toasts = useStore(toastStore, (s) => s.toasts);
  const modal = useTopModal();
  const stack = (
    <div className="toast-stack">
      {toasts.map((t) => {
        const urgent = t.kind === "error" || t.kind === "network";
        return (
          <div
            key={t.id}
            className={`toast toast--${t.kind}`}
            role={urgent ? "alert" : "status"}
            data-testid="toast"
            data-kind={t.kind}
            data-duration={t.durationMs}
          >
            <span className="toast__icon" aria-hidden="true">
              {ICON[t.kind]}
            </span>
            <span className="toast__text">{t.message}</span>
            <button
              type="button"
              className="toast__close"
              aria-label={translate("common.close")}
              onClick={() => dismissToast(t.id)}
            >
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
  return modal ? createPortal(stack, modal) : stack;
}
