import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { maskPhone } from "../../../../shared/constants.ts";
import { bindEmail, bindPhoneWithTicket, sendBindEmailCode, sendSms } from "../authApi.ts";
import { FormError, FormNote } from "../components/FormError.tsx";
import { CodeField, ContactField } from "../components/fields.tsx";
import { TermsCheckbox } from "../components/TermsCheckbox.tsx";
import { hasCode, messageOf } from "../errors.ts";
import { rules } from "../rules.ts";

const TICKET_EXPIRED = 1012;

interface BindValues {
  target: string;
  code: string;
  agreed: boolean;
}

interface TicketBindFormProps {
  mode: "email" | "phone";
  ticket: string;
  onToken(token: string, message: string): Promise<void>;
  onExpired(message: string): void;
}

/**
 * The bind step of a first third-party login: prove an email (or, on the domestic site, a
 * phone) with a code; the identity joins that account, or a new one.
 */
export function TicketBindForm({ mode, ticket, onToken, onExpired }: TicketBindFormProps) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { register, handleSubmit, trigger, getValues, formState } = useForm<BindValues>({
    defaultValues: { target: "", code: "", agreed: false },
  });
  const { errors, isSubmitting } = formState;
  const email = mode === "email";

  const fail = (error: unknown) => {
    if (hasCode(error, TICKET_EXPIRED)) onExpired(messageOf(error));
    else setServerError(messageOf(error));
  };

  const onSend = async () => {
    setServerError(null);
    setNote(null);
    if (!(await trigger("target"))) return false;
    const target = getValues("target").trim();
    try {
      if (email) await sendBindEmailCode({ email: target, ticket });
      else await sendSms({ phone: target, type: "bind" });
      setNote(t("account.codeSentTo", { target: email ? target : maskPhone(target) }));
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  const onSubmit = handleSubmit(async ({ target, code }) => {
    setServerError(null);
    try {
      const answer = email
        ? await bindEmail({ email: target.trim(), code: code.trim(), ticket })
        : await bindPhoneWithTicket({ phone: target.trim(), code: code.trim(), ticket });
      if (answer.data.token) await onToken(answer.data.token, answer.message);
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="login__form form" noValidate onSubmit={onSubmit} data-testid={`bind-${mode}-form`}>
      <ContactField
        kind={email ? "email" : "phone"}
        label={email ? t("login.email") : t("account.phone")}
        registration={register("target", { validate: email ? rules.email : rules.phone })}
        error={errors.target}
      />
      <CodeField registration={register("code", { validate: rules.code })} error={errors.code} onSend={onSend} />
      <FormNote message={note} />
      <TermsCheckbox registration={register("agreed", { validate: rules.terms })} error={errors.agreed} />
      <FormError message={serverError} />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
        {isSubmitting ? t("account.bind.submitting") : t("account.bind.submit")}
      </button>
    </form>
  );
}
