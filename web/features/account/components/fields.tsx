import type { FieldError, FieldErrors, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { rules } from "../rules.ts";
import { SendCodeButton } from "./SendCodeButton.tsx";
import { TextField } from "./TextField.tsx";

interface FieldProps {
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** An email or mobile number input, with the keyboard, autofill and length each wants. */
export function ContactField({
  kind,
  label,
  registration,
  error,
}: FieldProps & { kind: "email" | "phone"; label?: string }) {
  const { t } = useTranslation();
  const email = kind === "email";
  return (
    <TextField
      label={label ?? (email ? t("login.email") : t("account.phone"))}
      type={email ? "email" : "tel"}
      inputMode={email ? "email" : "numeric"}
      autoComplete={email ? "email" : "tel-national"}
      maxLength={email ? 254 : 11}
      placeholder={email ? t("login.emailPlaceholder") : t("account.phonePlaceholder")}
      registration={registration}
      error={error}
    />
  );
}

/** The 6-digit code input with its send button (and the button's 60 s countdown). */
export function CodeField({ registration, error, onSend }: FieldProps & { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("account.code")}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t("account.codePlaceholder")}
      registration={registration}
      error={error}
      action={<SendCodeButton onSend={onSend} />}
    />
  );
}

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/**
 * A new password and its confirmation (register, reset): the spec's length rule on the first,
 * 'the passwords differ' on the second. Registers the form's `password` and `confirm` fields.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  label,
}: {
  form: Pick<UseFormReturn<T>, "register" | "getValues" | "formState">;
  label: string;
}) {
  const { t } = useTranslation();
  const { register, getValues, formState } = form;
  // T has these two string fields; react-hook-form's path types cannot see it through the generic
  const password = "password" as Path<T>;
  const confirm = "confirm" as Path<T>;
  const errors = formState.errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <TextField
        label={label}
        secret
        autoComplete="new-password"
        placeholder={t("login.passwordPlaceholder")}
        registration={register(password, { validate: (value) => rules.password(String(value)) })}
        error={errors.password}
      />
      <TextField
        label={t("account.confirmPassword")}
        secret
        autoComplete="new-password"
        placeholder={t("account.confirmPasswordPlaceholder")}
        registration={register(confirm, {
          validate: (value) => rules.sameAs(String(getValues(password)))(String(value)),
        })}
        error={errors.confirm}
      />
    </>
  );
}
