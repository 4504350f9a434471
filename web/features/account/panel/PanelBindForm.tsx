import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { maskPhone } from "../../../../shared/constants.ts";
import { toast } from "../../../components/toast/toastStore.ts";
import { checkSmsCode, sendSmsCode } from "../accountApi.ts";
import { refreshUserInfo } from "../api.ts";
import { bindEmail, sendBindEmailCode } from "../authApi.ts";
import { FormError, FormNote } from "../components/FormError.tsx";
import { CodeField, ContactField } from "../components/fields.tsx";
import { messageOf } from "../errors.ts";
import { rules } from "../rules.ts";

interface Values {
  target: string;
  code: string;
}

/**
 * Binds a phone (sendSmsCode type=bind, then checkSmsCode) or an email (thirdPart/email/send and
 * bind, with the token instead of a ticket) to the logged-in account.
 */
export function PanelBindForm({ mode, onDone }: { mode: "email" | "phone"; onDone(): void }) {
  const { t } = useTranslation();
  const email = mode === "email";
  const [serverError, setServerError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { register, handleSubmit, trigger, getValues, formState } = useForm<Values>({
    defaultValues: { target: "", code: "" },
  });
  const { errors, isSubmitting } = formState;

  const onSend = async () => {
    setServerError(null);
    setNote(null);
    if (!(await trigger("target"))) return false;
    const target = getValues("target").trim();
    try {
      if (email) await sendBindEmailCode({ email: target });
      // A phone of another account (1006) is a toast like every other refusal.
      else await sendSmsCode({ type: "bind", phone: target });
      setNote(t("account.codeSentTo", { target: email ? target : maskPhone(target) }));
      return true;
    } catch (error) {
      if (email) setServerError(messageOf(error));
      return false;
    }
  };

  const onSubmit = handleSubmit(async ({ target, code }) => {
    setServerError(null);
    try {
      const { message } = email
        ? await bindEmail({ email: target.trim(), code: code.trim() })
        : await checkSmsCode({ phone: target.trim(), code: code.trim() });
      toast.success(message);
      await refreshUserInfo();
      onDone();
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <form className="panel-bind login__form form" noValidate onSubmit={onSubmit} data-testid={`panel-bind-${mode}`}>
      <ContactField
        kind={email ? "email" : "phone"}
        label={email ? t("account.panel.newEmail") : t("account.panel.newPhone")}
        registration={register("target", { validate: email ? rules.email : rules.phone })}
        error={errors.target}
      />
      <CodeField registration={register("code", { validate: rules.code })} error={errors.code} onSend={onSend} />
      <FormNote message={note} />
      <FormError message={serverError} />
      <div className="panel-bind__actions">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t("account.bind.submitting") : t("account.panel.bindAction")}
        </button>
      </div>
    </form>
  );
}
