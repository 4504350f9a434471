import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../components/toast/toastStore.ts";
import { useSiteEnv } from "../../../lib/session.ts";
import { finishLogin } from "../api.ts";
import { AuthShell } from "../components/AuthShell.tsx";
import { StatusCard } from "../components/StatusCard.tsx";
import { Tabs } from "../components/Tabs.tsx";
import { clearTicket, readTicket } from "../oauth.ts";
import { TicketBindForm } from "./TicketBindForm.tsx";
import "../login.css";

/**
 * /bindEmail: the second step of a first third-party login. The ticket comes from the URL or,
 * after a reload or a lost query, from sessionStorage, where the callback page kept it.
 * The domestic site may bind a phone instead.
 */
export function BindEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const domestic = useSiteEnv()?.site === "cn";
  const [pending] = useState(readTicket);
  const ticket = params.get("ticket") ?? pending?.ticket ?? null;
  const [mode, setMode] = useState<"email" | "phone">("email");
  const [expired, setExpired] = useState<string | null>(ticket ? null : "");

  const onToken = async (token: string, message: string) => {
    clearTicket();
    await finishLogin(token);
    toast.success(message);
    if (pending?.callback === "/controllerCheck") navigate("/controllerCheck?connected=1", { replace: true });
    else navigate(pending?.redirect ?? "/", { replace: true });
  };

  const onExpired = (message: string) => {
    clearTicket();
    setExpired(message);
  };

  if (expired !== null) {
    return (
      <StatusCard
        kind="error"
        title={t("account.bind.expiredTitle")}
        body={expired || t("account.bind.expiredBody")}
        testId="bind-expired"
        action={
          <Link className="btn btn--primary" to="/login">
            {t("account.backToLogin")}
          </Link>
        }
      />
    );
  }

  const provider = pending?.provider ? t(`account.brands.${pending.provider}`) : t("account.brands.thirdParty");
  return (
    <AuthShell
      title={t("account.bind.title")}
      subtitle={
        pending?.nickname
          ? t(`account.bind.subtitleNamed.${mode}`, { nickname: pending.nickname, provider })
          : t(`account.bind.subtitle.${mode}`, { provider })
      }
      testId="bind-email"
    >
      {domestic && (
        <Tabs
          label={t("account.bind.methods")}
          value={mode}
          onChange={(value) => setMode(value as "email" | "phone")}
          items={[
            { value: "email", label: t("account.bind.tabs.email") },
            { value: "phone", label: t("account.bind.tabs.phone") },
          ]}
        />
      )}
      <TicketBindForm key={mode} mode={mode} ticket={ticket ?? ""} onToken={onToken} onExpired={onExpired} />
      <div className="login__links">
        <Link to="/login">{t("account.backToLogin")}</Link>
      </div>
    </AuthShell>
  );
}
