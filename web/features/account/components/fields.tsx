import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
