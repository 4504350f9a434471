import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.ts";
import { SystemAvatarTab } from "./SystemAvatarTab.tsx";
import { CartoonTab } from "./start-design/CartoonTab.tsx";
import { PhotoCloneTab } from "./start-design/PhotoCloneTab.tsx";
import "../../components/dialog.css";
import "./avatars.css";

const TABS = ["system", "photo", "cartoon"] as const;
type Tab = (typeof TABS)[number];

/**
 * The 'Start design' dialog of spec section 2: 1000 px, centred, closed by its close button only
 * (never by a backdrop click). While a cloning request runs, the tabs and the close button are locked.
 */
export function StartDesignDialog() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("system");
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!busy) useSession.getState().setStartDesignOpen(false);
  };

  useEffect(() => {
    const returnFocus = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => returnFocus?.focus?.();
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog start-design"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="start-design-dialog"
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
        <div className="start-design__tabs" role="tablist">
          {TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`start-design__tab${tab === key ? " start-design__tab--on" : ""}`}
              data-testid={`tab-${key}`}
              disabled={busy}
              onClick={() => !busy && setTab(key)}
            >
              {t(`avatars.dialog.tabs.${key}`)}
            </button>
          ))}
        </div>
        <div className="start-design__body" role="tabpanel">
          {tab === "system" && <SystemAvatarTab />}
          {tab === "photo" && <PhotoCloneTab onBusyChange={setBusy} />}
          {tab === "cartoon" && <CartoonTab onBusyChange={setBusy} />}
        </div>
      </div>
    </div>
  );
}
