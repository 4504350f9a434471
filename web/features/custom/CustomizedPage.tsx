import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CUSTOM_LIMITS, CUSTOM_STATUSES } from "../../../shared/custom.ts";
import "../../components/list-state/list-state.css";
import { messageText } from "../../lib/i18n/index.ts";
import { loginUrlFor } from "../../lib/loginRedirect.ts";
import { useSession, useUserInfo } from "../../lib/session.ts";
import { useSelectInit } from "./api.ts";
import { RequestForm } from "./RequestForm.tsx";
import "./custom.css";

const GETS = ["model", "face", "ready", "yours"] as const;
const STEPS = ["send", "quote", "produce", "deliver"] as const;
/** Where /member opens for an upgrade: the diamond tier highlighted. */
const UPGRADE = "/member?tier=diamond";

/** For everyone but diamond members: the benefit, and the way to it. */
function LockedPanel({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="customized__locked" data-testid="custom-locked">
      <h2 id="custom-panel-title">{t("custom.lockedTitle")}</h2>
      <p>{t("custom.lockedText")}</p>
      <ul className="customized__benefits">
        {messageText("benefits_diamond")
          .split("|")
          .map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
      </ul>
      <Link
        className="btn btn--primary btn--lg"
        to={loggedIn ? UPGRADE : loginUrlFor(UPGRADE)}
        data-testid="custom-upgrade"
      >
        {t("custom.upgrade")}
      </Link>
      {!loggedIn && (
        <p className="customized__login">
          {t("custom.loginLead")}{" "}
          <Link to={loginUrlFor("/customized")} data-testid="custom-login">
            {t("custom.login")}
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * /customized: what a tailored model is, how it is made, the states a request goes through and
 * how long it takes, for everyone; the request form for diamond members (docs/decisions/026).
 */
export function CustomizedPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const user = useUserInfo();
  const init = useSelectInit();
  const diamond = loggedIn && user?.vipType === "diamond";

  return (
    <div className="page container customized" data-testid="customized-page">
      <section className="customized__intro">
        <p className="customized__eyebrow">{t("custom.eyebrow")}</p>
        <h1 className="page__title">{t("titles.customized")}</h1>
        <p className="page__subtitle">{t("custom.subtitle")}</p>

        <h2>{t("custom.getTitle")}</h2>
        <ul className="customized__gets">
          {GETS.map((key) => (
            <li key={key}>{t(`custom.get.${key}`)}</li>
          ))}
        </ul>

        <h2>{t("custom.howTitle")}</h2>
        <ol className="customized__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(`custom.how.${key}`)}</li>
          ))}
        </ol>

        <h2>{t("custom.statesTitle")}</h2>
        <dl className="customized__states" data-testid="custom-states">
          {CUSTOM_STATUSES.map((status) => (
            <div key={status} className="customized__state">
              <dt>
                <span className={`custom-status custom-status--${status}`}>
                  {messageText(`customStatus_${status}`)}
                </span>
              </dt>
              <dd>{t(`custom.states.${status}`)}</dd>
            </div>
          ))}
        </dl>

        <h2>{t("custom.turnaroundTitle")}</h2>
        <p>{t("custom.turnaround", { days: CUSTOM_LIMITS.minLeadDays })}</p>

        {init.data && (
          <>
            <h2>{t("custom.stylesTitle")}</h2>
            <ul className="customized__style-list">
              {init.data.styles.map((s) => (
                <li key={s.value}>
                  <strong>{s.name}</strong> {s.description}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="customized__panel card" aria-labelledby="custom-panel-title">
        {loggedIn && user === null ? (
          <div className="list-state__skeleton" role="status" aria-busy="true" aria-label={t("common.loading")} />
        ) : diamond ? (
          <>
            <div className="customized__panel-head">
              <h2 id="custom-panel-title">{t("custom.formTitle")}</h2>
              <Link to="/myCustomized" data-testid="custom-my-requests">
                {t("custom.myRequests")}
              </Link>
            </div>
            {init.data ? (
              <RequestForm init={init.data} />
            ) : init.isError ? (
              <p role="alert">{t("custom.loadError")}</p>
            ) : (
              <div className="list-state__skeleton" role="status" aria-busy="true" aria-label={t("common.loading")} />
            )}
          </>
        ) : (
          <LockedPanel loggedIn={loggedIn} />
        )}
      </section>
    </div>
  );
}
