import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../../../shared/constants.ts";
import { useLanguage, useSession } from "../../lib/session.ts";

/** Picks the interface language; the pick is persisted and wins over the site's default. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const setLanguage = useSession((s) => s.setLanguage);
  return (
    <div className="lang">
      <label htmlFor={id} className="visually-hidden">
        {t("nav.language")}
      </label>
      <svg className="lang__icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <select
        id={id}
        className="lang__select"
        data-testid="language-switcher"
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
