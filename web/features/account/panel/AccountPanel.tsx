import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CHANNEL, maskPhone } from "../../../../shared/constants.ts";
import { confirm } from "../../../components/confirm/confirmStore.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { unbindChannel, unbindContact } from "../accountApi.ts";
import { refreshUserInfo, useLogout, useUserInfoQuery } from "../api.ts";
import { PanelBindForm } from "./PanelBindForm.tsx";
import "../login.css";
import "./panel.css";

type Open = "email" | "phone" | null;

/**
 * /workbench/account (a workbench child the spec does not list: the accounts issue asks for a
 * workbench account panel): the account's email, masked phone and third-party channels, with
 * bind and unbind, the way to cancellation, and log out.
 */
export function AccountPanel() {
  const { t } = useTranslation();
  const { data: info, isPending, isError, refetch } = useUserInfoQuery();
  const logout = useLogout();
  const [open, setOpen] = useState<Open>(null);

  if (isPending) return <p className="panel__loading">{t("common.loading")}</p>;
  if (isError || !info) {
    return (
      <div className="panel">
        <h1 className="page__title">{t("titles.account")}</h1>
        <button type="button" className="btn btn--primary" onClick={() => void refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  }

  const unbind = async (kind: "email" | "phone") => {
    const ok = await confirm({
      title: t(`account.panel.unbind.${kind}Title`),
      message: t(`account.panel.unbind.${kind}Message`),
      confirmText: t("account.panel.unbindAction"),
      danger: true,
    });
    if (!ok) return;
    try {
      const { message } = await unbindContact(kind);
      toast.success(message);
      await refreshUserInfo();
    } catch {
      // The API client showed the reason (1011: the last way in) as a toast.
    }
  };

  const unbindThirdParty = async (channel: number) => {
    const ok = await confirm({
      title: t("account.panel.unbind.channelTitle"),
      message: t("account.panel.unbind.channelMessage", { name: t(`account.panel.channels.${channel}`) }),
      confirmText: t("account.panel.unbindAction"),
      danger: true,
    });
    if (!ok) return;
    try {
      const { message } = await unbindChannel(channel);
      toast.success(message);
      await refreshUserInfo();
    } catch {
      // Told by the API client.
    }
  };

  const contact = (kind: "email" | "phone", value: string | undefined) => (
    <li className="panel__row" data-testid={`panel-${kind}`}>
      <div className="panel__row-main">
        <span className="panel__label">{t(`account.panel.${kind}`)}</span>
        <span className={value ? "panel__value" : "panel__value panel__value--empty"}>
          {value ? (kind === "phone" ? maskPhone(value) : value) : t("account.panel.notBound")}
        </span>
      </div>
      {value ? (
        <button type="button" className="btn btn--ghost panel__btn" onClick={() => void unbind(kind)}>
          {t("account.panel.unbindAction")}
        </button>
      ) : (
        open !== kind && (
          <button type="button" className="btn btn--ghost panel__btn" onClick={() => setOpen(kind)}>
            {t("account.panel.bindAction")}
          </button>
        )
      )}
      {open === kind && !value && <PanelBindForm mode={kind} onDone={() => setOpen(null)} />}
    </li>
  );

  return (
    <div className="panel" data-testid="account-panel">
      <h1 className="page__title">{t("titles.account")}</h1>
      <p className="page__subtitle">{t("account.panel.subtitle")}</p>

      <section className="panel__card card" aria-labelledby="panel-methods">
        <h2 id="panel-methods">{t("account.panel.methods")}</h2>
        <ul className="panel__rows">
          {contact("email", info.email)}
          {contact("phone", info.phone)}
          {[CHANNEL.web, CHANNEL.controller].map((channel) => {
            const bound = info.boundChannels.includes(channel);
            return (
              <li key={channel} className="panel__row" data-testid={`panel-channel-${channel}`}>
                <div className="panel__row-main">
                  <span className="panel__label">{t(`account.panel.channels.${channel}`)}</span>
                  <span className={bound ? "panel__value" : "panel__value panel__value--empty"}>
                    {bound ? t("account.panel.bound") : t("account.panel.notBound")}
                  </span>
                </div>
                {bound && (
                  <button
                    type="button"
                    className="btn btn--ghost panel__btn"
                    onClick={() => void unbindThirdParty(channel)}
                  >
                    {t("account.panel.unbindAction")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="panel__card card" aria-labelledby="panel-session">
        <h2 id="panel-session">{t("account.panel.session")}</h2>
        <div className="panel__session">
          <p>{t("account.panel.logoutBody")}</p>
          <button type="button" className="btn btn--primary" data-testid="panel-logout" onClick={() => logout.mutate()}>
            {t("nav.logout")}
          </button>
        </div>
        <div className="panel__session panel__session--danger">
          <p>{t("account.panel.cancelBody")}</p>
          <Link className="btn btn--ghost panel__danger-link" to="/cancelIntroduce">
            {t("account.panel.cancelLink")}
          </Link>
        </div>
      </section>
    </div>
  );
}
