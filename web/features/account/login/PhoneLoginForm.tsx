import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { maskPhone } from "../../../../shared/constants.ts";
import { SHORT_VIDEO_HOME } from "../../../lib/variant.ts";
import { phoneLogin, sendSms } from "../authApi.ts";
import { FormError, FormNote } from "../components/FormError.tsx";
import { CodeField, ContactField } from "../components/fields.tsx";
import { TermsCheckbox } from "../components/TermsCheckbox.tsx";
import { messageOf } from "../errors.ts";
import { rules } from "../rules.ts";
import { useCompleteLogin } from "../useCompleteLogin.ts";

interface PhoneLoginValues {
  phone: string;
  code: string;
  agreed: boolean;
}

/**
 * Phone + SMS code. Source "1" is the web's own phone login; "5" the short-video platform
 * (/douyinLogin), which lands on the variant's avatar list. A first login creates the account.
 */
export function PhoneLoginForm({
  source = "1",
  mode = "login",
}: {
  source?: "1" | "5";
  /** "register": /register's phone tab (docs/decisions/056): the same code, sign-up words. */
  mode?: "login" | "register";
}) {
  const { t } = useTranslation();
  const complete = useCompleteLogin(source === "5" ? SHORT_VIDEO_HOME : "/");
  const [serverError, setServerError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { register, handleSubmit, trigger, getValues, formState } = useForm<PhoneLoginValues>({
    defaultValues: { phone: "", code: "", agreed: false },
  });
  const { errors, isSubmitting } = formState;

  const onSend = async () => {
    setServerError(null);
    if (!(await trigger("phone"))) return false;
    const phone = getValues("phone").trim();
    try {
      // A refused send (cooldown, limit) is a toast, like every call outside section 8's list.
      await sendSms({ phone, type: "login" });
      setNote(t("account.codeSentTo", { target: maskPhone(phone) }));
      return true;
    } catch {
      return false;
    }
  };

  const onSubmit = handleSubmit(async ({ phone, code }) => {
    setServerError(null);
    try {
      const { data, message } = await phoneLogin(source, { phone: phone.trim(), code: code.trim() });
      await complete(data.token, message);
    } catch (error) {
      setServerError(messageOf(error));
    }
  });

  return (
    <form
      className="login__form form"
      noValidate
      onSubmit={onSubmit}
      data-testid={mode === "register" ? "phone-register-form" : "phone-login-form"}
    >
      <ContactField kind="phone" registration={register("phone", { validate: rules.phone })} error={errors.phone} />
      <CodeField registration={register("code", { validate: rules.code })} error={errors.code} onSend={onSend} />
      <FormNote message={note} />
      {mode === "register" && <p className="login__hint">{t("account.register.phoneHint")}</p>}
      <TermsCheckbox registration={register("agreed", { validate: rules.terms })} error={errors.agreed} />
      <FormError message={serverError} testId="login-error" />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
        {mode === "register"
          ? isSubmitting
            ? t("account.register.submitting")
            : t("account.register.submit")
          : isSubmitting
            ? t("login.submitting")
            : t("login.submit")}
      </button>
    </form>
  );
}
