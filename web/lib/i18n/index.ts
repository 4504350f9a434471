/**
 * i18next set up with the three catalogues, keyed by the product's own language codes
 * (ZH_CN, ZH_TN, EN) so the header, the store and i18next all speak the same names.
 * The language follows the session (the user's pick, else the site's default): a change
 * re-renders every string and updates <html lang>.
 *
 * Only the active language's catalogue is downloaded: each is its own chunk, loaded before the
 * first render (web/main.tsx awaits `catalogueReady`) and on a change of language before i18next
 * switches, so no screen ever shows a key. The catalogues hold the same keys (catalogues.test.ts),
 * so nothing needs a fallback language at run time.
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
import type { Messages } from "./en.ts";

/** shared/messages.ts in one language, its {name} placeholders written the i18next way ({{name}}). */
function messagesIn(language: Language): Record<MessageKey, string> {
  return Object.fromEntries(
    Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language].replace(/\{(\w+)\}/g, "{{$1}}")]),
  ) as Record<MessageKey, string>;
}

/** Each catalogue is its own chunk. */
const CATALOGUES: Record<Language, () => Promise<Messages>> = {
  EN: () => import("./en.ts").then((m) => m.en),
  ZH_CN: () => import("./zh_cn.ts").then((m) => m.zhCN),
  ZH_TN: () => import("./zh_tn.ts").then((m) => m.zhTN),
};

/** The messages namespace is small and needed in any language (`messageText(key, params, language)`). */
const resources = {
  EN: { messages: messagesIn("EN") },
  ZH_CN: { messages: messagesIn("ZH_CN") },
  ZH_TN: { messages: messagesIn("ZH_TN") },
};

/** BCP 47 tags for <html lang>: they also pick the right CJK glyphs. */
export const HTML_LANG: Record<Language, string> = { EN: "en", ZH_CN: "zh-CN", ZH_TN: "zh-TW" };

export const i18n = i18next.createInstance();

/** The latest language asked for; it wins even when an earlier catalogue arrives after it. */
let wanted: Language = effectiveLanguage(useSession.getState());

void i18n.use(initReactI18next).init({
  resources,
  lng: wanted,
  fallbackLng: false,
  ns: ["translation", "messages"],
  defaultNS: "translation",
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

/** A message of shared/messages.ts, in the current language or the one given, with its placeholders filled in. */
export function messageText(key: MessageKey, params?: Record<string, string | number>, language?: Language): string {
  // Every language's messages are loaded, so a message follows the language picked at once, even
  // before that language's catalogue has arrived.
  return i18n.t(key, { ns: "messages", ...params, lng: language ?? wanted });
}

const loading = new Map<Language, Promise<void>>();

/** Fetch a language's catalogue once and hand it to i18next; resolves when its texts can be read. */
export function loadCatalogue(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = CATALOGUES[language]().then((catalogue) => {
      i18n.addResourceBundle(language, "translation", catalogue, true, true);
    });
    // A failed download (offline, a new release replaced the chunk) may be retried by the next change.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

async function apply(language: Language) {
  wanted = language;
  await loadCatalogue(language);
  if (wanted !== language) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[language];
}

/** Resolves when the first language's catalogue is in: the app renders after it (web/main.tsx). */
export const catalogueReady: Promise<void> = apply(wanted);
onLanguageChange((language) => void apply(language).catch(() => undefined));
