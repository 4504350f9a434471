import { type ComponentPropsWithoutRef, type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import { closedModal, openedModal } from "./topModal.ts";
import "../dialog.css";
import "./modal.css";

/** `className`, `data-*` and the rest go to the dialog's box; the aria-* naming props to the <dialog>. */
export type ModalProps = Omit<ComponentPropsWithoutRef<"div">, "role"> & {
  /** Asked to close: by Escape (unless `closeOnEscape` is false) or a backdrop click (with `closeOnBackdrop`). */
  onClose?(): void;
  /** Default true. Escape never closes a dialog whose `onClose` is missing. */
  closeOnEscape?: boolean;
  /** Default false: a stray click outside must not throw work away. */
  closeOnBackdrop?: boolean;
  role?: "dialog" | "alertdialog";
  /** Focused on open; else the browser focuses the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
};

/**
 * The one modal: a native `<dialog>` opened with showModal(), so the browser traps focus, makes
 * the page behind inert and puts the dialog in the top layer. It is open while mounted (render it
 * conditionally), and gives focus back to whatever had it before, on close.
 * The <dialog> itself is a transparent full-screen layer around the visible box: a click on it
 * is a backdrop click, and the page-wide layers (toasts, loading) render in it beside the box.
 */
export function Modal({
  onClose,
  closeOnEscape = true,
  closeOnBackdrop = false,
  role = "dialog",
  initialFocus,
  className,
  children,
  "aria-labelledby": labelledBy,
  "aria-describedby": describedBy,
  "aria-label": label,
  ...box
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef({ onClose, closeOnEscape, closeOnBackdrop });
  latest.current = { onClose, closeOnEscape, closeOnBackdrop };

  // Layout effect: open before the first paint, so a closed <dialog> is never shown in the flow.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: the attribute keeps the markup right there
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    initialFocus?.current?.focus();
    openedModal(dialog);
    return () => {
      closedModal(dialog);
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape: the browser would close the dialog itself; the owner decides instead.
    const onCancel = (event: Event) => {
      event.preventDefault();
      const { onClose: close, closeOnEscape: allowed } = latest.current;
      if (allowed) close?.();
    };
    // Browsers may close a dialog despite preventDefault (a second Escape without user activation):
    // reopen it if it is still meant to be open.
    const onNativeClose = () => {
      if (!dialog.isConnected || typeof dialog.showModal !== "function") return;
      dialog.showModal();
      if (latest.current.closeOnEscape) latest.current.onClose?.();
    };
    // The <dialog> is the layer around the box: a click whose target is the <dialog> itself missed the box.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog && latest.current.closeOnBackdrop) latest.current.onClose?.();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? role : undefined}
      className="modal"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-label={label}
    >
      <div className={className} {...box}>
        {children}
      </div>
    </dialog>
  );
}
