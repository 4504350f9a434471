import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useSiteEnv } from "../../lib/session.ts";
import { AuthShell } from "./components/AuthShell.tsx";
import { Tabs } from "./components/Tabs.tsx";
import { EmailLoginForm } from "./login/EmailLoginForm.tsx";
import { PhoneLoginForm } from "./login/PhoneLoginForm.tsx";
import { ThirdPartyButtons } from "./login/ThirdPartyButtons.tsx";
import "./login.css";

type Tab = "phone" | "email";

/**
 * /login. The domestic site (cn) opens on phone-code login, with email as the second tab and
 * WeChat below; the international site opens on email, keeps phone login as the second tab,
 * and offers WeChat and QQ.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const site = useSiteEnv()?.site ?? null;
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<Tab | null>(null);
  const domestic = site === "cn";
  const tabs: Tab[] = domestic ? ["phone", "email"] : ["email", "phone"];
  const tab = picked ?? tabs[0] ?? "email";
  const redirect = params.get("redirect");
  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";

  return (
    <AuthShell
      title={t("login.title")}
      subtitle={tab === "phone" ? t("account.phoneSubtitle") : t("login.subtitle")}
      testId={`login-${site ?? "loading"}`}
    >
      <Tabs
        label={t("account.loginMethods")}
        value={tab}
        onChange={(value) => setPicked(value as Tab)}
        items={tabs.map((key) => ({ value: key, label: t(`account.tabs.${key}`) }))}
      />
      {tab === "email" ? <EmailLoginForm /> : <PhoneLoginForm source="1" />}
      <ThirdPartyButtons providers={domestic ? ["wechat"] : ["wechat", "qq"]} />
      <div className="login__links">
        <span>
          {t("login.noAccount")} <Link to={`/register${keep}`}>{t("login.register")}</Link>
        </span>
        <Link to="/forget">{t("login.forgot")}</Link>
      </div>
    </AuthShell>
  );
}
