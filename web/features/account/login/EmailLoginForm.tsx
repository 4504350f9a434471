import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLogin } from "../api.ts";
import { FormError } from "../components/FormError.tsx";
import { ContactField } from "../components/fields.tsx";
import { TermsCheckbox } from "../components/TermsCheckbox.tsx";
import { TextField } from "../components/TextField.tsx";
import { messageOf } from "../errors.ts";
import { rules } from "../rules.ts";
import { useCompleteLogin } from "../useCompleteLogin.ts";

interface EmailLoginValues {
  email: string;
  password: string;
  agreed: boolean;
}

/** Email + password. Silent call: a wrong password shows inline, never as a toast (section 8). */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const complete = useCompleteLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailLoginValues>({
    defaultValues: { email: "", password: "", agreed: false },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError(null);
    try {
      const { token } = await login.mutateAsync({ email: email.trim(), password });
      await complete(token);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <form className="login__form form" noValidate onSubmit={onSubmit} data-testid="login-form">
      <ContactField kind="email" registration={register("email", { validate: rules.email })} error={errors.email} />
      <TextField
        label={t("login.password")}
        secret
        autoComplete="current-password"
        placeholder={t("login.passwordPlaceholder")}
        registration={register("password", { validate: rules.password })}
        error={errors.password}
      />
      <TermsCheckbox registration={register("agreed", { validate: rules.terms })} error={errors.agreed} />
      <FormError message={serverError} testId="login-error" />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
        {isSubmitting ? t("login.submitting") : t("login.submit")}
      </button>
    </form>
  );
}
