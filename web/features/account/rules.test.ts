import { describe, expect, it } from "vitest";
import { loadMessages } from "../../lib/i18n/index.ts";
import { errorText, rules } from "./rules.ts";

const t = (key: string) => `t(${key})`;

describe("account form rules", () => {
  it("check the email, phone and password of spec section 5", () => {
    expect(rules.email(" a.b@example.com ")).toBe(true);
    expect(rules.email("a@example.c")).toBe("emailInvalid");
    expect(rules.email("a@example.abcdefghij")).toBe("emailInvalid");
    expect(rules.email("no-at.example.com")).toBe("emailInvalid");
    expect(rules.phone("13812345678")).toBe(true);
    expect(rules.phone("12812345678")).toBe("phoneInvalid");
    expect(rules.phone("1381234567")).toBe("phoneInvalid");
    expect(rules.password("1234567")).toBe("passwordLength");
    expect(rules.password("12345678")).toBe(true);
    expect(rules.password("x".repeat(20))).toBe(true);
    expect(rules.password("x".repeat(21))).toBe("passwordLength");
  });

  it("check codes, terms and the repeated password", () => {
    expect(rules.code("")).toBe("account.codeRequired");
    expect(rules.code("12345")).toBe("verificationCodeError");
    expect(rules.code(" 123456 ")).toBe(true);
    expect(rules.terms(false)).toBe("termsNotConfirmed");
    expect(rules.terms(true)).toBe(true);
    expect(rules.sameAs("Secret123")("Secret124")).toBe("account.passwordMismatch");
    expect(rules.sameAs("Secret123")("Secret123")).toBe(true);
  });

  it("turn keys into the exact texts of section 8, in each language", async () => {
    // the browser loads one language's messages at a time (web/lib/i18n); here all three
    await Promise.all((["EN", "ZH_CN", "ZH_TN"] as const).map(loadMessages));
    expect(errorText("termsNotConfirmed", "EN", t)).toBe("Please confirm the Terms of Service & Privacy Policy");
    expect(errorText("termsNotConfirmed", "ZH_CN", t)).toBe("请确认服务条款与隐私政策");
    expect(errorText("emailInvalid", "ZH_TN", t)).toBe("郵箱錯誤，請輸入正確的郵箱");
    expect(errorText("phoneInvalid", "EN", t)).toBe("Please enter a valid mobile phone number");
    expect(errorText("account.codeRequired", "EN", t)).toBe("t(account.codeRequired)");
  });
});
