import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthShell } from "./components/AuthShell.tsx";
import { PhoneLoginForm } from "./login/PhoneLoginForm.tsx";
import "./login.css";

/**
 * /douyinLogin: the short-video platform's login. Phone code only, with source 5, so a new
 * account carries sourcesNo '5' and a code 600 brings the user back here rather than to /login.
 * It lands on the page the guard came from, else the variant's avatar list (/douyin).
 */
export function DouyinLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const keep = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";
  return (
    <AuthShell
      title={t("account.douyin.title")}
      subtitle={t("account.douyin.subtitle")}
      testId="douyin-login"
      aside={{ title: t("shortVideo.login.asideTitle"), body: t("shortVideo.login.asideBody") }}
    >
      <PhoneLoginForm source="5" />
      <div className="login__links">
        <Link to="/douyinHelp">{t("shortVideo.login.help")}</Link>
        <Link to={`/login${keep}`}>{t("shortVideo.login.otherAccount")}</Link>
      </div>
    </AuthShell>
  );
}
