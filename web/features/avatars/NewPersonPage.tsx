import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserInfo } from "../../lib/session.ts";
import { gateTexts, unlockMembership } from "../../lib/startDesign.ts";
import { StartDesignTabs } from "./StartDesignTabs.tsx";
import "./avatars.css";

/**
 * /newPerson: starts a new avatar on a page of its own, the short-video variant's 'Start design'.
 * The same three tabs as the dialog behind the same membership gate (spec section 4): without a
 * membership the page says what the dialog's 'Prompts' says and offers 'Unlock'.
 */
export function NewPersonPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const [busy, setBusy] = useState(false);
  return (
    <div className="page container new-person" data-testid="new-person">
      <h1 className="page__title">{t("titles.newPerson")}</h1>
      <p className="page__subtitle">{t("shortVideo.newPerson.subtitle")}</p>
      {!info ? (
        <div
          className="list-state__skeleton"
          role="status"
          aria-busy="true"
          aria-label={t("shortVideo.newPerson.checking")}
        />
      ) : info.vipType ? (
        <div className="new-person__panel card">
          <StartDesignTabs busy={busy} onBusyChange={setBusy} />
        </div>
      ) : (
        <section className="new-person__gate card" aria-labelledby="new-person-gate" data-testid="new-person-gate">
          <h2 id="new-person-gate" className="new-person__gate-title">
            {t("avatars.gate.title")}
          </h2>
          <p>{t(gateTexts(info).message)}</p>
          <button type="button" className="btn btn--primary btn--lg" onClick={unlockMembership}>
            {t(gateTexts(info).confirm)}
          </button>
        </section>
      )}
    </div>
  );
}
