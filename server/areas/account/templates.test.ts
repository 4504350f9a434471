import { describe, expect, it } from "vitest";
import { codeMessage } from "./templates.ts";

describe("code messages", () => {
  it("read the same in the three languages", () => {
    expect(codeMessage("reset", "EN", "123456")).toEqual({
      subject: "Your Avalive code: 123456",
      body: "Use the code 123456 to reset your password. It is valid for 10 minutes. If this was not you, ignore this message.",
    });
    expect(codeMessage("login", "ZH_CN", "654321")).toEqual({
      subject: "Avalive 验证码 654321",
      body: "您正在登录，验证码：654321，10分钟内有效。如非本人操作，请忽略。",
    });
    expect(codeMessage("cancel", "ZH_TN", "111222")).toEqual({
      subject: "Avalive 驗證碼 111222",
      body: "您正在註銷帳號，驗證碼：111222，10分鐘內有效。如非本人操作，請忽略。",
    });
  });
});
