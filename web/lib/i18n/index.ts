/**
 * i18next set up with the three catalogues, keyed by the product's own language codes
 * (ZH_CN, ZH_TN, EN) so the header, the store and i18next all speak the same names.
 * The language follows the session (the user's pick, else the site's default): a change
 * re-renders every string and updates <html lang>.
 */

import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../../shared/constants.ts";
import { effectiveLanguage, onLanguageChange, useSession } from "../session.ts";
import { en } from "./en.ts";
import { zhCN } from "./zh_cn.ts";
import { zhTN } from "./zh_tn.ts";

export const resources = {
  EN: { translation: en },
  ZH_CN: { translation: zhCN },
  ZH_TN: { translation: zhTN },
} as const;

/** BCP 47 tags for <html lang>: they also pick the right CJK glyphs. */
export const HTML_LANG: Record<Language, string> = { EN: "en", ZH_CN: "zh-CN", ZH_TN: "zh-TW" };

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: effectiveLanguage(useSession.getState()),
  fallbackLng: "EN",
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

function apply(language: Language) {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[language];
}

apply(effectiveLanguage(useSession.getState()));
onLanguageChange(apply);
