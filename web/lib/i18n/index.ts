/**
 * i18next set up with the three catalogues, keyed by the product's own language codes
 * (ZH_CN, ZH_TN, EN) so the header, the store and i18next all speak the same names.
 * The language follows the session (the user's pick, else the site's default): a change
 * re-renders every string and updates <html lang>.
 *
 * The texts the server also answers with (shared/messages.ts, spec section 8) are the "messages"
 * namespace, built from the same catalogue: read them with `messageText(key)` (or
 * `t("messages:key")`), never by translating them a second time.
 */

import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../../shared/constants.ts";
import { MESSAGES, type MessageKey } from "../../../shared/messages.ts";
import { effectiveLanguage, onLanguageChange, useSession } from "../session.ts";
import { en } from "./en.ts";
import { zhCN } from "./zh_cn.ts";
import { zhTN } from "./zh_tn.ts";

/** shared/messages.ts in one language, its {name} placeholders written the i18next way ({{name}}). */
function messagesIn(language: Language): Record<MessageKey, string> {
  return Object.fromEntries(
    Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language].replace(/\{(\w+)\}/g, "{{$1}}")]),
  ) as Record<MessageKey, string>;
}

export const resources = {
  EN: { translation: en, messages: messagesIn("EN") },
  ZH_CN: { translation: zhCN, messages: messagesIn("ZH_CN") },
  ZH_TN: { translation: zhTN, messages: messagesIn("ZH_TN") },
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

/** A message of shared/messages.ts, in the current language or the one given, with its placeholders filled in. */
export function messageText(key: MessageKey, params?: Record<string, string | number>, language?: Language): string {
  return i18n.t(key, { ns: "messages", ...params, ...(language ? { lng: language } : {}) });
}

function apply(language: Language) {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[language];
}

apply(effectiveLanguage(useSession.getState()));
onLanguageChange(apply);
