/**
 * i18next set up with the three catalogues, keyed by the product's own language codes
 * (ZH_CN, ZH_TN, EN) so the header, the store and i18next all speak the same names.
 * The language follows the session (the user's pick, else the site's default): a change
 * re-renders every string and updates <html lang>.
 *
 * Only the active language's texts are downloaded, in two chunks: the shell's (the site's frame,
 * the dialogs every page shares, the home page: `en.ts`) before the first render (web/main.tsx
 * awaits `catalogueReady`), and every other page's (`en-pages.ts`) with the first page that needs
 * them (`loadPageTexts`, which the router awaits beside the page's own code), so the landing page
 * never loads them. On a change of language both are loaded (the pages' only once asked for)
 * before i18next switches, so no screen ever shows a key. The catalogues hold the same keys
 * (catalogues.test.ts), so nothing needs a fallback language at run time.
 *
 * The texts the server also answers with (shared/messages.ts, spec section 8) are the "messages"
 * namespace, built from the same catalogue: read them with `messageText(key)` (or
 * `t("messages:key")`), never by translating them a second time. They too come one language at a
 * time, with the pages' texts: `messages-*.data.ts` are data modules (scripts/vite-data-modules.ts),
 * so the browser gets one language's column of shared/messages.ts. The few the site's frame shows
 * itself ('network error', the idle notice) are in the shell, in every language
 * (`messages-shell.data.ts`), so the landing page loads none of the others.
 */

import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../../../shared/constants.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import { effectiveLanguage, onLanguageChange, useSession } from "../session.ts";
import type { Messages } from "./en.ts";
import type { PageMessages } from "./en-pages.ts";
import { SHELL_MESSAGES } from "./messages-shell.data.ts";

/** Each catalogue is its own chunk: the shell's texts, and the other pages'. */
const CATALOGUES: Record<Language, () => Promise<Messages>> = {
  EN: () => import("./en.ts").then((m) => m.en),
  ZH_CN: () => import("./zh_cn.ts").then((m) => m.zhCN),
  ZH_TN: () => import("./zh_tn.ts").then((m) => m.zhTN),
};
const PAGE_CATALOGUES: Record<Language, () => Promise<PageMessages>> = {
  EN: () => import("./en-pages.ts").then((m) => m.enPages),
  ZH_CN: () => import("./zh_cn-pages.ts").then((m) => m.zhCNPages),
  ZH_TN: () => import("./zh_tn-pages.ts").then((m) => m.zhTNPages),
};

/** shared/messages.ts, one language each (data modules: the browser gets that language's texts only). */
const MESSAGE_CATALOGUES: Record<Language, () => Promise<Record<MessageKey, string>>> = {
  EN: () => import("./messages-en.data.ts").then((m) => m.messages),
  ZH_CN: () => import("./messages-zh_cn.data.ts").then((m) => m.messages),
  ZH_TN: () => import("./messages-zh_tn.data.ts").then((m) => m.messages),
};

/** BCP 47 tags for <html lang>: they also pick the right CJK glyphs. */
export const HTML_LANG: Record<Language, string> = { EN: "en", ZH_CN: "zh-CN", ZH_TN: "zh-TW" };

export const i18n = i18next.createInstance();

/** The latest language asked for; it wins even when an earlier catalogue arrives after it. */
let wanted: Language = effectiveLanguage(useSession.getState());

void i18n.use(initReactI18next).init({
  resources: {
    EN: { messages: SHELL_MESSAGES.EN },
    ZH_CN: { messages: SHELL_MESSAGES.ZH_CN },
    ZH_TN: { messages: SHELL_MESSAGES.ZH_TN },
  },
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
  // The frame's messages are in every language from the start; the others arrive with the pages'
  // texts, which a page that shows them has awaited (the router, loadPageTexts).
  // Just after a change of language that catalogue may still be on its way: until it is, the
  // message stays in the language the page shows (never the bare key).
  const asked = language ?? wanted;
  const lng = i18n.exists(key, { ns: "messages", lng: asked }) ? asked : i18n.language;
  return i18n.t(key, { ns: "messages", ...params, lng });
}

const loading = new Map<string, Promise<void>>();

/** Fetch one part of a language's texts once and hand it to i18next; resolves when they can be read. */
function loadPart(part: "shell" | "pages", language: Language): Promise<void> {
  const key = `${part}:${language}`;
  let pending = loading.get(key);
  if (!pending) {
    pending =
      part === "shell"
        ? CATALOGUES[language]().then((catalogue) => {
            i18n.addResourceBundle(language, "translation", catalogue, true, true);
          })
        : Promise.all([PAGE_CATALOGUES[language](), loadMessages(language)]).then(([catalogue]) => {
            i18n.addResourceBundle(language, "translation", catalogue, true, true);
          });
    // A failed download (offline, a new release replaced the chunk) may be retried by the next call.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

const loadingMessages = new Map<Language, Promise<void>>();

/** shared/messages.ts in one language (with the pages' texts; tests may ask for another language's). */
export function loadMessages(language: Language): Promise<void> {
  let pending = loadingMessages.get(language);
  if (!pending) {
    pending = MESSAGE_CATALOGUES[language]().then((messages) => {
      i18n.addResourceBundle(language, "messages", messages, true, true);
    });
    pending.catch(() => loadingMessages.delete(language));
    loadingMessages.set(language, pending);
  }
  return pending;
}

/** The shell's texts in a language: enough for the site's frame and the home page. */
function loadCatalogue(language: Language): Promise<void> {
  return loadPart("shell", language);
}

/** Whether a page beyond the landing page has asked for its texts (a language change then loads them too). */
let pagesWanted = false;

/**
 * Every other page's texts in the current language. The router awaits it beside a page's code, and
 * so does anything the shell opens that is not the shell's (the Start design dialog and its gate).
 */
export function loadPageTexts(): Promise<void> {
  pagesWanted = true;
  return loadPart("pages", wanted);
}

async function apply(language: Language) {
  wanted = language;
  await Promise.all([loadCatalogue(language), pagesWanted ? loadPart("pages", language) : undefined]);
  if (wanted !== language) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[language];
}

/** Resolves when the first language's catalogue is in: the app renders after it (web/main.tsx). */
export const catalogueReady: Promise<void> = apply(wanted);
onLanguageChange((language) => void apply(language).catch(() => undefined));
