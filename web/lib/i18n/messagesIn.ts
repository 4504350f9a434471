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
