import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "../../components/toast/toastStore.ts";
import { useStartTrial, useUserVip } from "./api.ts";
import "./member.css";

/** /workbench/svip: the membership now, its benefits, the cloud hours, renew or upgrade. */
export function SvipPage() {
  const { t } = useTranslation();
  const vip = useUserVip();
  const trial = useStartTrial();
  const data = vip.data;
  const hours = data ? Math.floor(data.cloudHours.balanceMinutes / 60) : 0;
  const minutes = data ? data.cloudHours.balanceMinutes % 60 : 0;

  return (
    <div className="svip" data-testid="svip">
      <h1 className="page__title">{t("titles.svip")}</h1>
      {vip.isPending && <p aria-busy="true">{t("member.loading")}</p>}
      {vip.isError && (
        <p role="alert">
          {t("member.loadError")}{" "}
          <button type="button" className="btn btn--ghost" onClick={() => vip.refetch()}>
            {t("member.retry")}
          </button>
        </p>
      )}
      {data && (
        <>
          <section className={`svip__card${data.current ? ` tier-card--${data.current.tier}` : ""}`}>
            {data.current ? (
              <>
                <p className="svip__tier" data-testid="svip-tier">
                  {data.current.tierName}
                </p>
                <p data-testid="svip-expiry">{t("member.expires", { date: data.current.expiresAt.slice(0, 10) })}</p>
                <ul className="tier-card__benefits">
                  {data.current.benefits.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
                <div className="svip__actions">
                  <Link className="btn btn--primary" to={`/member?tier=${data.current.tier}`}>
                    {t("member.renew")}
                  </Link>
                  <Link className="btn btn--ghost" to="/member">
                    {t("member.upgrade")}
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p className="svip__tier" data-testid="svip-tier">
                  {t("member.notMember")}
                </p>
                <p>{data.expired ? t("member.renewText") : t("member.trialText", { days: data.trial.days })}</p>
                <div className="svip__actions">
                  {data.trialAvailable && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={async () => {
                        try {
                          toast.success((await trial.mutateAsync()).message);
                        } catch {
                          // shown by the API client
                        }
                      }}
                    >
                      {t("member.trialButton")}
                    </button>
                  )}
                  <Link className="btn btn--primary" to="/member">
                    {data.expired ? t("member.renew") : t("member.unlock")}
                  </Link>
                </div>
              </>
            )}
          </section>
          <section className="svip__card">
            <h2>{t("member.hoursTitle")}</h2>
            <p className="svip__hours" data-testid="svip-hours">
              {t("member.hoursBalance", { hours, minutes })}
            </p>
            <Link className="btn btn--ghost" to="/member#hours-title">
              {t("member.buyHours")}
            </Link>
          </section>
        </>
      )}
    </div>
  );
}
