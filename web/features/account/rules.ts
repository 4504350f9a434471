/**
 * The checks of spec section 5, made in the browser before any call. Each rule answers true or
 * the key of its message: a key of shared/messages.ts (the exact texts of section 8) or, for the
 * few checks the catalogue has no text for, a key of the web's i18n catalogue (account.*). Keys,
 * not texts, so an error already on screen follows a change of language.
 */

import type { Language } from "../../../shared/constants.ts";
import type { MessageKey } from "../../../shared/messages.ts";
import { isEmail, isPassword, isPhone } from "../../../shared/validation.ts";
import { messageText } from "../../lib/i18n/index.ts";
import { MESSAGE_KEYS } from "../../lib/i18n/message-keys.data.ts";

export type RuleResult = true | MessageKey | `account.${string}`;

const CODE_RE = /^\d{6}$/;

export const rules = {
  email: (value: string): RuleResult => isEmail(value.trim()) || "emailInvalid",
  phone: (value: string): RuleResult => isPhone(value.trim()) || "phoneInvalid",
  password: (value: string): RuleResult => isPassword(value) || "passwordLength",
  code: (value: string): RuleResult => {
    const code = value.trim();
    if (code === "") return "account.codeRequired";
    return CODE_RE.test(code) || "verificationCodeError";
  },
  terms: (value: boolean): RuleResult => value || "termsNotConfirmed",
  sameAs:
    (other: string) =>
    (value: string): RuleResult =>
      value === other || "account.passwordMismatch",
};

// A data module: the browser gets the keys, not every language's texts.
const MESSAGE_KEY_SET = new Set<string>(MESSAGE_KEYS);

export const isMessageKey = (key: string): key is MessageKey => MESSAGE_KEY_SET.has(key);

/** The text of a rule's key in the user's language. */
export function errorText(key: string, language: Language, t: (key: string) => string): string {
  return isMessageKey(key) ? messageText(key, undefined, language) : t(key);
}
