import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../lib/session.ts";
import { errorText } from "../rules.ts";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** A button beside the input (send code). */
  action?: ReactNode;
  /** A password input with a show/hide toggle. */
  secret?: boolean;
}

/** One labelled input with its inline error (aria-invalid, aria-describedby). */
export function TextField({ label, registration, error, action, secret, type = "text", ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const message = error?.message ? errorText(error.message, language, t) : null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={`field__row${secret ? " field__row--secret" : ""}`}>
        <input
          {...input}
          {...registration}
          id={id}
          type={secret ? (shown ? "text" : "password") : type}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        {secret && (
          <button type="button" className="field__reveal" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
            {shown ? t("login.hidePassword") : t("login.showPassword")}
          </button>
        )}
        {action}
      </div>
      {message && (
        <p id={errorId} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}
