import type { Language } from "../../../shared/constants.ts";
import { translate } from "../../../shared/messages.ts";
import type { CodePurpose } from "./codes.ts";

/** The text of a code message, in the language of the request that asked for it. */
export function codeMessage(purpose: CodePurpose, language: Language, code: string): { subject: string; body: string } {
  return {
    subject: translate("codeSubject", language, { code }),
    body: translate("codeBody", language, { code, purpose: translate(`codePurpose_${purpose}`, language) }),
  };
}

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"*".repeat(Math.max(1, local.length - 2))}@${domain}`;
}
