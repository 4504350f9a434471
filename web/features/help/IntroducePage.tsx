import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CONTACT_DESCRIPTION_MAX } from "../../../shared/schemas/content.ts";
import { isBlankName, isEmail, isPhone } from "../../../shared/validation.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { useLanguage } from "../../lib/session.ts";
import { errorText, type RuleResult, TextField } from "../account/index.ts";
import { sendContact, useHelpDoc } from "./api.ts";
import { DocBody } from "./DocBody.tsx";
import "./help.css";

interface ContactDraft {
  name: string;
  contact: string;
  description: string;
}

const contactRules = {
  name: (v: string): RuleResult => !isBlankName(v) || "nameRequired",
  contact: (v: string): RuleResult => isPhone(v.trim()) || isEmail(v.trim()) || "contactRequired",
  description: (v: string): RuleResult => v.trim() !== "" || "descriptionRequired",
};

/** The contact form of spec sections 3 and 5: name, phone or email, description. */
export function ContactForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactDraft>({ defaultValues: { name: "", contact: "", description: "" } });
  const onSubmit = handleSubmit(async ({ name, contact, description }) => {
    const value = contact.trim();
    try {
      const { message } = await sendContact({
        name: name.trim(),
        ...(isPhone(value) ? { phone: value } : { email: value }),
        description: description.trim(),
      });
      toast.success(message);
      reset();
      setSent(true);
    } catch {
      // the API client showed the service's message
    }
  });
  const descriptionError = errors.description?.message;
  return (
    <form className="contact card form" onSubmit={onSubmit} noValidate data-testid="contact-form">
      <h2 id="contact-title">{t("contact.title")}</h2>
      <p className="page__subtitle">{t("contact.subtitle")}</p>
      <TextField
        label={t("contact.name")}
        registration={register("name", { validate: contactRules.name })}
        error={errors.name}
        autoComplete="name"
      />
      <TextField
        label={t("contact.contact")}
        registration={register("contact", { validate: contactRules.contact })}
        error={errors.contact}
        autoComplete="email"
        placeholder={t("contact.contactHint")}
      />
      <div className="field">
        <label htmlFor="contact-description">{t("contact.description")}</label>
        <textarea
          id="contact-description"
          rows={5}
          maxLength={CONTACT_DESCRIPTION_MAX}
          {...register("description", { validate: contactRules.description })}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? "contact-description-error" : undefined}
        />
        {descriptionError && (
          <p id="contact-description-error" className="field-error">
            {errorText(descriptionError, language, t)}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={isSubmitting} data-testid="contact-send">
        {t("contact.send")}
      </button>
      {sent && (
        <p className="form-note" role="status" data-testid="contact-sent">
          {t("contact.sent")}
        </p>
      )}
    </form>
  );
}

/** /introduce: the company profile (a help document) and the contact form. */
export function IntroducePage() {
  const { t } = useTranslation();
  const doc = useHelpDoc("companyProfile");
  return (
    <div className="page container introduce" data-testid="introduce-page">
      <article className="introduce__profile">
        <h1 className="page__title">{doc.data?.title ?? t("titles.introduce")}</h1>
        {doc.isPending && <p aria-busy="true">{t("help.loading")}</p>}
        {doc.isError && <p role="alert">{t("member.loadError")}</p>}
        {doc.data && <DocBody html={doc.data.html} />}
      </article>
      <ContactForm />
    </div>
  );
}
