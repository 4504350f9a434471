import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "../../components/toast/toastStore.ts";
import { resetPassword, sendEmailCode } from "./authApi.ts";
import { AuthShell } from "./components/AuthShell.tsx";
import { FormError, FormNote } from "./components/FormError.tsx";
import { messageOf } from "./errors.ts";
import { rules } from "./rules.ts";
import "./login.css";
import { CodeField, ContactField, NewPasswordFields } from "./components/fields.tsx";

interface ForgetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * /forget: a code to the email, then a new password. The reset logs out every device (the
 * server revokes all tokens), so the user logs in again with the new password.
 */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const form = useForm<ForgetValues>({
    defaultValues: { email: "", code: "", password: "", confirm: "" },
  });
  const { register, handleSubmit, trigger, getValues, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSend = async () => {
    setServerError(null);
    setNote(null);
    if (!(await trigger("email"))) return false;
    const email = getValues("email").trim();
    try {
      await sendEmailCode({ email, type: "reset" });
      // The server answers the same for an unknown email: the page must not reveal which exist.
      setNote(t("account.forget.codeSent", { target: email }));
      return true;
    } catch (error) {
      setServerError(messageOf(error));
      return false;
    }
  };

  const onSubmit = handleSubmit(async ({ email, code, password }) => {
    setServerError(null);
    try {
      const { message } = await resetPassword({ email: email.trim(), code: code.trim(), password });
      toast.success(message);
      navigate("/login", { replace: true });
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <AuthShell title={t("account.forget.title")} subtitle={t("account.forget.subtitle")} testId="forget">
      <form className="login__form form" noValidate onSubmit={onSubmit} data-testid="forget-form">
        <ContactField kind="email" registration={register("email", { validate: rules.email })} error={errors.email} />
        <CodeField registration={register("code", { validate: rules.code })} error={errors.code} onSend={onSend} />
        <FormNote message={note} />
        <NewPasswordFields form={form} label={t("account.newPassword")} />
        <FormError message={serverError} />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
          {isSubmitting ? t("account.forget.submitting") : t("account.forget.submit")}
        </button>
      </form>
      <div className="login__links">
        <Link to="/login">{t("account.backToLogin")}</Link>
      </div>
    </AuthShell>
  );
}
