import type { Language } from "../../../shared/constants.ts";
import type { CodePurpose } from "./codes.ts";

const purposeText: Record<CodePurpose, Record<Language, string>> = {
  login: { EN: "log in", ZH_CN: "登录", ZH_TN: "登入" },
  register: { EN: "create your account", ZH_CN: "注册账号", ZH_TN: "註冊帳號" },
  reset: { EN: "reset your password", ZH_CN: "重置密码", ZH_TN: "重設密碼" },
  bind: { EN: "bind this address to your account", ZH_CN: "绑定账号", ZH_TN: "綁定帳號" },
  cancel: { EN: "cancel your account", ZH_CN: "注销账号", ZH_TN: "註銷帳號" },
};

/** The text of a code message, in the language of the request that asked for it. */
export function codeMessage(purpose: CodePurpose, language: Language, code: string): { subject: string; body: string } {
  const what = purposeText[purpose][language];
  switch (language) {
    case "ZH_CN":
      return {
        subject: `Avalive 验证码 ${code}`,
        body: `您正在${what}，验证码：${code}，10分钟内有效。如非本人操作，请忽略。`,
      };
    case "ZH_TN":
      return {
        subject: `Avalive 驗證碼 ${code}`,
        body: `您正在${what}，驗證碼：${code}，10分鐘內有效。如非本人操作，請忽略。`,
      };
    default:
      return {
        subject: `Your Avalive code: ${code}`,
        body: `Use the code ${code} to ${what}. It is valid for 10 minutes. If this was not you, ignore this message.`,
      };
  }
}

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"*".repeat(Math.max(1, local.length - 2))}@${domain}`;
}
