import type { Language } from "../../../shared/constants.ts";
import { MESSAGES, type MessageKey } from "../../../shared/messages.ts";

/**
 * shared/messages.ts in one language, its {name} placeholders written the i18next way ({{name}}).
 * Called at build time only (the `messages-*.data.ts` files, scripts/vite-data-modules.ts): the
 * browser gets the one language's texts, not this.
 */
export function messagesIn(language: Language): Record<MessageKey, string> {
  return Object.fromEntries(
    Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language].replace(/\{(\w+)\}/g, "{{$1}}")]),
  ) as Record<MessageKey, string>;
}

/** Every message key (the account rules tell a message key from a catalogue key with it). */
export const messageKeys = (): MessageKey[] => Object.keys(MESSAGES) as MessageKey[];

/**
 * The messages the site's frame itself may show before any other page has loaded its texts: the
 * API client's 'network error' and the idle notice's title. In every language, with the shell
 * (`messages-shell.data.ts`); the rest of shared/messages.ts comes with the pages' texts.
 */
export const SHELL_MESSAGE_KEYS = ["networkError", "idle"] as const satisfies readonly MessageKey[];

export function shellMessages(): Record<Language, Partial<Record<MessageKey, string>>> {
  const pick = (language: Language) => {
    const all = messagesIn(language);
    return Object.fromEntries(SHELL_MESSAGE_KEYS.map((key) => [key, all[key]]));
  };
  return { EN: pick("EN"), ZH_CN: pick("ZH_CN"), ZH_TN: pick("ZH_TN") };
}
