import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SystemAvatarTab } from "./SystemAvatarTab.tsx";
import { CartoonTab } from "./start-design/CartoonTab.tsx";
import { PhotoCloneTab } from "./start-design/PhotoCloneTab.tsx";

const TABS = ["system", "photo", "cartoon"] as const;
type Tab = (typeof TABS)[number];

/**
 * The three ways to start an avatar (spec section 2, 'Start design'): system avatars, photo face
 * cloning, cartoon face. The dialog shows them, and so does /newPerson. While a cloning request
 * runs (`busy`, reported by the tab) the tabs are locked.
 */
export function StartDesignTabs({ busy, onBusyChange }: { busy: boolean; onBusyChange(busy: boolean): void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("system");
  return (
    <>
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
        {tab === "photo" && <PhotoCloneTab onBusyChange={onBusyChange} />}
        {tab === "cartoon" && <CartoonTab onBusyChange={onBusyChange} />}
      </div>
    </>
  );
}
