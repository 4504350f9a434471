import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { loginUrlFor } from "../../../lib/loginRedirect.ts";
import { useSession } from "../../../lib/session.ts";
import "./cancel.css";

const WIPED = ["contacts", "password", "membership", "files", "thirdParty", "login"] as const;

/** /cancelIntroduce: what cancelling an account does, before anything is done. */
export function CancelIntroducePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const [understood, setUnderstood] = useState(false);
  const [missing, setMissing] = useState(false);
  const checkId = useId();

  const onContinue = () => {
    if (!understood) {
      setMissing(true);
      return;
    }
    navigate(loggedIn ? "/verification" : loginUrlFor("/verification"));
  };

  return (
    <div className="cancel container" data-testid="cancel-introduce">
      <section className="cancel__card card">
        <h1>{t("account.cancel.title")}</h1>
        <p className="cancel__lead">{t("account.cancel.lead")}</p>
        <h2>{t("account.cancel.wipedTitle")}</h2>
        <ul className="cancel__list">
          {WIPED.map((key) => (
            <li key={key}>{t(`account.cancel.wiped.${key}`)}</li>
          ))}
        </ul>
        <div className="cancel__warning" role="note">
          <strong>{t("account.cancel.irreversibleTitle")}</strong>
          <p>{t("account.cancel.irreversibleBody")}</p>
        </div>
        <div className="cancel__confirm">
          <input
            id={checkId}
            type="checkbox"
            checked={understood}
            aria-invalid={missing && !understood ? true : undefined}
            aria-describedby={missing && !understood ? `${checkId}-error` : undefined}
            onChange={(e) => setUnderstood(e.target.checked)}
          />
          <label htmlFor={checkId}>{t("account.cancel.understand")}</label>
        </div>
        {missing && !understood && (
          <p id={`${checkId}-error`} className="field-error">
            {t("account.cancel.understandRequired")}
          </p>
        )}
        <button type="button" className="btn btn--danger btn--lg" data-testid="cancel-continue" onClick={onContinue}>
          {loggedIn ? t("account.cancel.continue") : t("account.cancel.loginToContinue")}
        </button>
      </section>
    </div>
  );
}
