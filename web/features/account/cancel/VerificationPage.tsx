import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { confirm } from "../../../components/confirm/confirmStore.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { loginUrlFor } from "../../../lib/loginRedirect.ts";
import { useSession } from "../../../lib/session.ts";
import { cancelUser, sendSmsCode } from "../accountApi.ts";
import { FormError, FormNote } from "../components/FormError.tsx";
import { messageOf } from "../errors.ts";
import { rules } from "../rules.ts";
import "../login.css";
import "./cancel.css";
import { CodeField } from "../components/fields.tsx";

/**
 * /verification: a code to the account's own phone (else its email), a last confirmation, then
 * cancelUser. The server wipes the account and revokes every token; here the session ends.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const { errors, isSubmitting } = formState;

  if (!loggedIn) {
    return (
      <div className="cancel container" data-testid="verification">
        <section className="cancel__card card">
          <h1>{t("account.verification.title")}</h1>
          <p className="cancel__lead">{t("account.verification.loginFirst")}</p>
          <Link className="btn btn--primary" to={loginUrlFor("/verification")}>
            {t("login.submit")}
          </Link>
        </section>
      </div>
    );
  }

  const onSend = async () => {
    setServerError(null);
    try {
      const sent = await sendSmsCode({ type: "cancel" });
      setNote(t(`account.verification.sent.${sent.channel}`, { target: sent.target }));
      return true;
    } catch {
      return false;
    }
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null);
    const ok = await confirm({
      title: t("account.verification.confirmTitle"),
      message: t("account.verification.confirmMessage"),
      confirmText: t("account.verification.confirmButton"),
      danger: true,
    });
    if (!ok) return;
    try {
      const { message } = await cancelUser(code.trim());
      toast.success(message);
      // The server revoked every token already: end the session here without another call
      // (the cached user data goes with the token, see logout in lib/session.ts).
      useSession.getState().logout();
      navigate("/", { replace: true });
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <div className="cancel container" data-testid="verification">
      <section className="cancel__card card cancel__card--narrow">
        <h1>{t("account.verification.title")}</h1>
        <p className="cancel__lead">{t("account.verification.lead")}</p>
        <form className="login__form form" noValidate onSubmit={onSubmit} data-testid="verification-form">
          <CodeField registration={register("code", { validate: rules.code })} error={errors.code} onSend={onSend} />
          <FormNote message={note} />
          <FormError message={serverError} />
          <button type="submit" className="btn btn--danger btn--lg btn--block" disabled={isSubmitting}>
            {t("account.verification.submit")}
          </button>
        </form>
        <div className="login__links">
          <Link to="/workbench/account">{t("account.verification.keep")}</Link>
        </div>
      </section>
    </div>
  );
}
