import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal/Modal.tsx";
import { useSession } from "../../lib/session.ts";
import { StartDesignTabs } from "./StartDesignTabs.tsx";
import "./avatars.css";

/**
 * The 'Start design' dialog of spec section 2: 1000 px, centred, closed by its close button or Escape,
 * never by a backdrop click. While a cloning request runs, the tabs and closing are locked.
 */
export function StartDesignDialog() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!busy) useSession.getState().setStartDesignOpen(false);
  };

  return (
    <Modal
      className="dialog start-design"
      aria-labelledby={titleId}
      data-testid="start-design-dialog"
      initialFocus={closeRef}
      onClose={close}
    >
      <div className="dialog__head">
        <h2 id={titleId}>{t("avatars.dialog.title")}</h2>
        <button
          ref={closeRef}
          type="button"
          className="dialog__close"
          aria-label={t("common.close")}
          data-testid="start-design-close"
          disabled={busy}
          onClick={close}
        >
          ×
        </button>
      </div>
      <StartDesignTabs busy={busy} onBusyChange={setBusy} />
    </Modal>
  );
}
