import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CodeName } from "../../../shared/codes.ts";
import { CODES } from "../../../shared/codes.ts";
import { SEX } from "../../../shared/constants.ts";
import { checkCustomFields, checkPhotoCount, formatMoney } from "../../../shared/custom.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import type { CustomSelectInit } from "../../../shared/schemas/custom.ts";
import { toast } from "../../components/toast/toastStore.ts";
import { ApiError } from "../../lib/api.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { newId } from "../../lib/ids.ts";
import { checkPhoto } from "../avatars/index.ts";
import { useSubmitRequest } from "./api.ts";

type Field = "photos" | "description" | "style" | "budget" | "deadline";
type Errors = Partial<Record<Field | "form", string>>;

/** Which field a code of the catalogue is about, to show the server's answer where it belongs. */
const FIELD_OF: Partial<Record<CodeName, Field>> = {
  DESCRIPTION_REQUIRED: "description",
  DESCRIPTION_TOO_LONG: "description",
  CUSTOM_STYLE_REQUIRED: "style",
  CUSTOM_BUDGET_INVALID: "budget",
  CUSTOM_DEADLINE_INVALID: "deadline",
  CUSTOM_DEADLINE_PAST: "deadline",
  CUSTOM_DEADLINE_TOO_SOON: "deadline",
  CUSTOM_DEADLINE_TOO_FAR: "deadline",
  CUSTOM_PHOTOS_REQUIRED: "photos",
  CUSTOM_TOO_MANY_PHOTOS: "photos",
  PHOTO_TOO_LARGE: "photos",
  PHOTO_TOO_SMALL: "photos",
  PHOTO_BAD_FORMAT: "photos",
  PHOTO_BROKEN: "photos",
};
const fieldOfCode = (code: number): Field | "form" => {
  const name = (Object.keys(CODES) as CodeName[]).find((n) => CODES[n].code === code);
  return (name && FIELD_OF[name]) || "form";
};
const problemText = (code: CodeName, params?: Record<string, string | number>) =>
  messageText(CODES[code].message as MessageKey, params);

interface Photo {
  id: string;
  file: File;
  url: string;
}

/**
 * The request form of /customized, for diamond members: reference photos (checked by their bytes
 * like photo cloning's), gender, style, description, budget and deadline. Every rule is checked
 * here with the server's own function and messages, and again by the server.
 */
export function RequestForm({ init }: { init: CustomSelectInit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitRequest();
  const ids = {
    photos: useId(),
    description: useId(),
    budget: useId(),
    deadline: useId(),
  };
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [sex, setSex] = useState<1 | 2>(SEX.female);
  const [style, setStyle] = useState("");
  const [description, setDescription] = useState("");
  const [budget, setBudget] = useState("");
  const [deadline, setDeadline] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { budget: money, deadline: days, photos: rules } = init;

  // Object URLs of the previews are released when a photo goes, and when the form goes.
  const urls = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = ""; // the same file picked again must fire change again
    const tooMany = checkPhotoCount(photos.length + picked.length);
    if (tooMany?.code === "CUSTOM_TOO_MANY_PHOTOS") {
      setErrors((e) => ({ ...e, photos: problemText(tooMany.code, tooMany.params) }));
      return;
    }
    const added: Photo[] = [];
    let problem: string | undefined;
    for (const file of picked) {
      const check = await checkPhoto(file);
      if (!check.ok) {
        problem ??= messageText(check.error);
        continue;
      }
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      added.push({ id: newId(), file, url });
    }
    setPhotos((list) => [...list, ...added]);
    setErrors((e) => ({ ...e, photos: problem }));
  };

  const removePhoto = (photo: Photo) => {
    URL.revokeObjectURL(photo.url);
    urls.current.delete(photo.url);
    setPhotos((list) => list.filter((p) => p.id !== photo.id));
  };

  /** Whole units typed (5000) to the smallest unit sent (500000); anything else is sent as typed, and refused. */
  const budgetMinor = () => (/^\d{1,10}$/.test(budget.trim()) ? String(Number(budget.trim()) * 100) : budget);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const fields = checkCustomFields({ description, style, budget: budgetMinor(), deadline }, money, days);
    if (!fields.ok) next[fieldOfCode(CODES[fields.code].code)] = problemText(fields.code, fields.params);
    const count = checkPhotoCount(photos.length);
    if (count) next.photos = problemText(count.code, count.params);
    setErrors(next);
    if (!fields.ok || count) return;
    try {
      const { message } = await submit.mutateAsync({
        sex,
        ...fields.value,
        photos: photos.map((p) => p.file),
      });
      toast.success(message);
      navigate("/myCustomized");
    } catch (error) {
      // The API client has toasted it; show it by its field as well.
      if (error instanceof ApiError && error.kind === "business")
        setErrors({ [fieldOfCode(error.code)]: error.message });
    }
  };

  const errorOf = (field: keyof typeof ids) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="field-error" data-testid={`custom-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: keyof typeof ids, hint = true) =>
    [hint ? `${ids[field]}-hint` : "", errors[field] ? `${ids[field]}-error` : ""].filter(Boolean).join(" ") ||
    undefined;

  return (
    <form className="form custom-form" onSubmit={onSubmit} noValidate data-testid="custom-form">
      <fieldset className="custom-form__group">
        <legend>{t("custom.photos")}</legend>
        <p id={`${ids.photos}-hint`} className="custom-form__hint">
          {t("custom.photosHint", { min: rules.min, max: rules.max })}
        </p>
        <ul className="custom-photos" data-testid="custom-photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="custom-photo">
              <img src={photo.url} alt={t("custom.photoAlt", { n: index + 1 })} />
              <button
                type="button"
                className="custom-photo__remove"
                aria-label={t("custom.removePhoto", { n: index + 1 })}
                onClick={() => removePhoto(photo)}
              >
                ×
              </button>
            </li>
          ))}
          {photos.length < rules.max && (
            <li>
              <label htmlFor={ids.photos} className="custom-photo custom-photo--add">
                <span aria-hidden="true">+</span>
                {t("custom.addPhoto")}
              </label>
              <input
                id={ids.photos}
                className="visually-hidden"
                type="file"
                multiple
                accept={rules.mimeTypes.join(",")}
                aria-describedby={describedBy("photos")}
                data-testid="custom-photo-input"
                onChange={(e) => void addPhotos(e)}
              />
            </li>
          )}
        </ul>
        {errorOf("photos")}
      </fieldset>

      <fieldset className="custom-form__group">
        <legend>{t("avatars.dialog.gender")}</legend>
        <div className="custom-form__chips">
          {([SEX.female, SEX.male] as const).map((value) => (
            <label key={value} className={`custom-chip${sex === value ? " custom-chip--on" : ""}`}>
              <input
                type="radio"
                name="custom-sex"
                checked={sex === value}
                onChange={() => setSex(value)}
                data-testid={`custom-sex-${value}`}
              />
              {t(value === SEX.female ? "avatars.sex.female" : "avatars.sex.male")}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="custom-form__group" aria-describedby={errors.style ? "custom-style-error" : undefined}>
        <legend>{t("custom.style")}</legend>
        <div className="custom-styles">
          {init.styles.map((s) => (
            <label key={s.value} className={`custom-style${style === s.value ? " custom-style--on" : ""}`}>
              <input
                type="radio"
                name="custom-style"
                value={s.value}
                checked={style === s.value}
                onChange={() => setStyle(s.value)}
                data-testid={`custom-style-${s.value}`}
              />
              <strong>{s.name}</strong>
              <span>{s.description}</span>
            </label>
          ))}
        </div>
        {errors.style && (
          <p id="custom-style-error" className="field-error" data-testid="custom-error-style">
            {errors.style}
          </p>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor={ids.description}>{t("custom.description")}</label>
        <textarea
          id={ids.description}
          rows={5}
          value={description}
          maxLength={init.descriptionMax}
          placeholder={t("custom.descriptionHint")}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy("description")}
          data-testid="custom-description"
        />
        <p id={`${ids.description}-hint`} className="custom-form__hint custom-form__count">
          {t("custom.descriptionCount", { length: description.length, max: init.descriptionMax })}
        </p>
        {errorOf("description")}
      </div>

      <div className="custom-form__row">
        <div className="field">
          <label htmlFor={ids.budget}>{t("custom.budget", { currency: money.currency })}</label>
          <div className="field__row custom-form__money">
            <span aria-hidden="true">{money.symbol}</span>
            <input
              id={ids.budget}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={budget}
              onChange={(e) => setBudget(e.target.value)}
              aria-invalid={errors.budget ? true : undefined}
              aria-describedby={describedBy("budget")}
              data-testid="custom-budget"
            />
          </div>
          <p id={`${ids.budget}-hint`} className="custom-form__hint">
            {t("custom.budgetHint", {
              min: formatMoney(money.min, money.symbol),
              max: formatMoney(money.max, money.symbol),
            })}
          </p>
          {errorOf("budget")}
        </div>
        <div className="field">
          <label htmlFor={ids.deadline}>{t("custom.deadline")}</label>
          <input
            id={ids.deadline}
            type="date"
            className="custom-form__date"
            min={days.min}
            max={days.max}
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            aria-invalid={errors.deadline ? true : undefined}
            aria-describedby={describedBy("deadline")}
            data-testid="custom-deadline"
          />
          <p id={`${ids.deadline}-hint`} className="custom-form__hint">
            {t("custom.deadlineHint", { days: days.minDays })}
          </p>
          {errorOf("deadline")}
        </div>
      </div>
      <fieldset className="custom-form__ranges">
        <legend>{t("custom.budgetRanges")}</legend>
        <div className="custom-form__chips">
          {money.ranges.map((range) => (
            <button
              key={range.id}
              type="button"
              className="custom-chip"
              onClick={() => setBudget(String(range.min / 100))}
              data-testid={`custom-range-${range.id}`}
            >
              {range.max === null
                ? t("custom.rangeFrom", { min: formatMoney(range.min, money.symbol) })
                : `${formatMoney(range.min, money.symbol)} – ${formatMoney(range.max, money.symbol)}`}
              <small>{range.name}</small>
            </button>
          ))}
        </div>
      </fieldset>

      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary btn--lg"
        disabled={submit.isPending}
        data-testid="custom-submit"
      >
        {submit.isPending ? t("custom.sending") : t("custom.submit")}
      </button>
    </form>
  );
}
