import { type Ref, useEffect, useId, useImperativeHandle, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../modal/Modal.tsx";

export interface IframeDialogHandle {
  /** Sends a message to the embedded page, addressed to its origin only. */
  post(message: unknown): void;
}

interface Props {
  open: boolean;
  url: string;
  title?: string;
  onClose(): void;
  /** Messages from the embedded page (only from its own window and origin). */
  onMessage?(data: unknown, event: MessageEvent): void;
  ref?: Ref<IframeDialogHandle>;
}

/**
 * A 1000px modal that embeds a page (the third-party avatar creator, later). It closes through its
 * close button or Escape, never on a backdrop click: a stray click must not throw away an avatar
 * someone spent minutes on.
 */
export function IframeDialog({ open, url, title, onClose, onMessage, ref }: Props) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const titleId = useId();
  const origin = safeOrigin(url);

  useImperativeHandle(ref, () => ({
    post(message: unknown) {
      frameRef.current?.contentWindow?.postMessage(message, origin);
    },
  }));

  useEffect(() => {
    if (!open) return;
    const onWindowMessage = (event: MessageEvent) => {
      // Anything else on the page could post messages: listen to our frame only.
      if (event.source !== frameRef.current?.contentWindow || event.origin !== origin) return;
      onMessage?.(event.data, event);
    };
    window.addEventListener("message", onWindowMessage);
    return () => window.removeEventListener("message", onWindowMessage);
  }, [open, origin, onMessage]);

  if (!open) return null;
  return (
    <Modal className="dialog dialog--frame" aria-labelledby={titleId} data-testid="iframe-dialog" onClose={onClose}>
      <div className="dialog__head">
        <h2 id={titleId}>{title ?? t("iframe.title")}</h2>
        <button type="button" className="dialog__close" aria-label={t("common.close")} onClick={onClose}>
          ×
        </button>
      </div>
      <iframe
        ref={frameRef}
        className="dialog__frame"
        src={url}
        title={title ?? t("iframe.title")}
        allow="camera; clipboard-write"
      />
    </Modal>
  );
}

function safeOrigin(url: string): string {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return window.location.origin;
  }
}
