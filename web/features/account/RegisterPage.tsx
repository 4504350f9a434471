import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSiteEnv } from "../../lib/session.ts";
import { registerLogin, sendEmailCode } from "./authApi.ts";
import { AuthShell } from "./components/AuthShell.tsx";
import { FormError, FormNote } from "./components/FormError.tsx";
import { Tabs } from "./components/Tabs.tsx";
import { TermsCheckbox } from "./components/TermsCheckbox.tsx";
import { messageOf } from "./errors.ts";
import { PhoneLoginForm } from "./login/PhoneLoginForm.tsx";
import { rules } from "./rules.ts";
import { useCompleteLogin } from "./useCompleteLogin.ts";
import "./login.css";
import { CodeField, ContactField, NewPasswordFields } from "./components/fields.tsx";

interface RegisterValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
  agreed: boolean;
}

type Tab = "phone" | "email";

/**
 * /register. The domestic site (cn) signs up by phone first (an SMS code, as the phone login;
 * docs/decisions/056), with email as the second tab; the international site by email only.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const site = useSiteEnv()?.site ?? null;
  const [picked, setPicked] = useState<Tab | null>(null);
  const tabs: Tab[] = site === "cn" ? ["phone", "email"] : ["email"];
  const tab = picked && tabs.includes(picked) ? picked : (tabs[0] ?? "email");
  return (
    <AuthShell
      title={t("account.register.title")}
      subtitle={tab === "phone" ? t("account.register.phoneSubtitle") : t("account.register.subtitle")}
      testId="register"
    >
      {tabs.length > 1 && (
        <Tabs
          label={t("account.registerMethods")}
          value={tab}
          onChange={(value) => setPicked(value as Tab)}
          items={tabs.map((key) => ({ value: key, label: t(`account.bind.tabs.${key}`) }))}
        />
      )}
      {tab === "phone" ? <PhoneLoginForm source="1" mode="register" /> : <EmailRegisterForm />}
      <div className="login__links">
        <span>
          {t("account.haveAccount")} <Link to="/login">{t("login.submit")}</Link>
        </span>
      </div>
    </AuthShell>
  );
}

/** Email, emailed code, password twice, terms; a new account is logged in at once. */
function EmailRegisterForm() {
  const { t } = useTranslation();
  const complete = useCompleteLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    defaultValues: { email: "", code: "", password: "", confirm: "", agreed: false },
  });
  const { register, handleSubmit, trigger, getValues, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSend = async () => {
    setServerError(null);
    setNote(null);
    if (!(await trigger("email"))) return false;
    const email = getValues("email").trim();
    try {
      await sendEmailCode({ email, type: "register" });
      setNote(t("account.codeSentTo", { target: email }));
      return true;
    } catch (error) {
      setServerError(messageOf(error));
      return false;
    }
  };

  const onSubmit = handleSubmit(async ({ email, code, password }) => {
    setServerError(null);
    try {
      const { data, message } = await registerLogin({ email: email.trim(), code: code.trim(), password });
      await complete(data.token, message);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <>
      <form className="login__form form" noValidate onSubmit={onSubmit} data-testid="register-form">
        <ContactField kind="email" registration={register("email", { validate: rules.email })} error={errors.email} />
        <CodeField registration={register("code", { validate: rules.code })} error={errors.code} onSend={onSend} />
        <FormNote message={note} />
        <NewPasswordFields form={form} label={t("login.password")} />
        <TermsCheckbox registration={register("agreed", { validate: rules.terms })} error={errors.agreed} />
        <FormError message={serverError} />
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
          {isSubmitting ? t("account.register.submitting") : t("account.register.submit")}
        </button>
      </form>
    </>
  );
}
