import { useTranslation } from "react-i18next";
import { AuthShell } from "./components/AuthShell.tsx";
import { PhoneLoginForm } from "./login/PhoneLoginForm.tsx";
import "./login.css";

/**
 * /douyinLogin: the short-video platform's login. Phone code only, with source 5, so the account
 * carries sourcesNo '5' and a code 600 brings the user back here rather than to /login.
 */
export function DouyinLoginPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t("account.douyin.title")} subtitle={t("account.douyin.subtitle")} testId="douyin-login">
      <PhoneLoginForm source="5" />
    </AuthShell>
  );
}
