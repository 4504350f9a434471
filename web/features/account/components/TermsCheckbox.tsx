import { useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocumentHref } from "../../../lib/documents.ts";
import { useLanguage } from "../../../lib/session.ts";
import { errorText } from "../rules.ts";

/** 'I have read and agree to the Terms of Service and Privacy Policy', required on every login form. */
export function TermsCheckbox({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const terms = useDocumentHref("serverAgreement");
  const privacy = useDocumentHref("privacyAgreement");
  const message = error?.message ? errorText(error.message, language, t) : null;
  return (
    <>
      <div className="login__terms">
        <input
          {...registration}
          id={id}
          type="checkbox"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          {t("login.agreePrefix")} <Link to={terms}>{t("login.terms")}</Link> {t("login.and")}{" "}
          <Link to={privacy}>{t("login.privacy")}</Link>
        </label>
      </div>
      {message && (
        <p id={`${id}-error`} className="field-error" data-testid="terms-error">
          {message}
        </p>
      )}
    </>
  );
}
