import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL, latestCode, testClock, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await makeTestApp({}, { clock });
});
afterAll(() => t.close());

const sendCode = (email: string, type = "register", language = "EN") =>
  t.request.get(`${EMAIL}/sendEmailCode`).query({ email, type }).set("language", language);
const register = (email: string, code: string, password = "password-123", language = "EN") =>
  t.request.post(`${EMAIL}/registerLogin`).set("language", language).send({ email, code, password });

describe("registration by email code", () => {
  it("sends a code, registers, and logs in", async () => {
    const sent = await sendCode("new@example.test");
    expect(sent.body).toEqual({ code: 200, message: "Verification code sent", data: null });
    const code = await latestCode(t, "new@example.test");
    const res = await register("New@Example.test", code);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe("Registration successful");
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", res.body.data.token);
    expect(info.body.data).toMatchObject({ email: "new@example.test", hasPassword: true, boundChannels: [] });
  });

  it("says in ZH_CN too", async () => {
    const sent = await sendCode("zh@example.test", "register", "ZH_CN");
    expect(sent.body.message).toBe("验证码已发送");
    const outbox = await t.request.get("/dev/outbox?to=zh@example.test");
    expect(outbox.body.data[0].body).toMatch(/^您正在注册账号，验证码：\d{6}，10分钟内有效/);
    const res = await register("zh@example.test", await latestCode(t, "zh@example.test"), "password-123", "ZH_CN");
    expect(res.body.message).toBe("注册成功");
  });

  it("refuses an email already registered, when sending and when registering", async () => {
    await t.user({ email: "taken@example.test", password: "password-123" });
    for (const language of ["EN", "ZH_CN"] as const) {
      const res = await sendCode("taken@example.test", "register", language);
      expect(res.body.code).toBe(1004);
      expect(res.body.message).toBe(language === "EN" ? "This email has already been registered" : "该邮箱已被注册");
    }
    expect((await register("taken@example.test", "123456")).body.message).toBe(
      "This email has already been registered",
    );
  });

  it.each([
    ["EN", "Email error, please enter correct email"],
    ["ZH_CN", "邮箱错误，请输入正确的邮箱"],
  ])("refuses a malformed email (%s)", async (language, message) => {
    for (const email of ["no-at-sign", "a@b.c", "a@b.toolongsuffix", "@example.test"]) {
      const res = await sendCode(email, "register", language);
      expect(res.body).toEqual({ code: 1003, message, data: null });
    }
  });

  it.each([
    ["EN", "Password must be 8 to 20 characters"],
    ["ZH_CN", "密码长度为8到20位"],
  ])("refuses a password outside 8 to 20 characters (%s)", async (language, message) => {
    const email = `short-${language}@example.test`;
    await sendCode(email);
    const code = await latestCode(t, email);
    for (const password of ["1234567", "x".repeat(21)]) {
      const res = await register(email, code, password, language);
      expect(res.body).toEqual({ code: 1008, message, data: null });
    }
    // 8 characters is allowed, and the code was not spent by the refusals
    expect((await register(email, code, "12345678")).body.code).toBe(200);
  });

  it.each([
    ["EN", "Verification code error"],
    ["ZH_CN", "验证码错误"],
  ])("refuses a wrong code (%s)", async (language, message) => {
    const email = `wrong-${language}@example.test`;
    await sendCode(email);
    const code = await latestCode(t, email);
    const wrong = code === "000000" ? "000001" : "000000";
    const res = await register(email, wrong, "password-123", language);
    expect(res.body).toEqual({ code: 1002, message, data: null });
  });

  it("makes you wait 60 s before the next code", async () => {
    await sendCode("cool@example.test");
    const again = await sendCode("cool@example.test");
    expect(again.body.code).toBe(1009);
    expect(again.body.message).toMatch(/^Codes are sent at most once a minute, please retry in (59|60) seconds$/);
    clock.advance(60_000);
    expect((await sendCode("cool@example.test")).body.code).toBe(200);
  });

  it("accepts the emailed code until 10 minutes, not after", async () => {
    await sendCode("edge@example.test");
    const code = await latestCode(t, "edge@example.test");
    clock.advance(10 * 60_000 - 1000);
    expect((await register("edge@example.test", code)).body.code).toBe(200);

    await sendCode("late@example.test");
    const late = await latestCode(t, "late@example.test");
    clock.advance(10 * 60_000);
    expect((await register("late@example.test", late)).body).toMatchObject({
      code: 1002,
      message: "Verification code error",
    });
  });

  it("binds a code to its purpose: a register code cannot reset a password", async () => {
    await t.user({ email: "purpose@example.test", password: "password-123" });
    clock.advance(61_000);
    await sendCode("other-purpose@example.test");
    const code = await latestCode(t, "other-purpose@example.test");
    const res = await t.request
      .post(`${EMAIL}/resetPassword`)
      .send({ email: "other-purpose@example.test", code, password: "password-456" });
    expect(res.body.code).toBe(1002);
  });
});

describe("email login", () => {
  it("logs in, and answers a wrong password or unknown email alike (EN and ZH_CN)", async () => {
    await t.user({ email: "login@example.test", password: "password-123" });
    const ok = await t.request
      .post(`${EMAIL}/emailLogin`)
      .set("language", "ZH_CN")
      .send({ email: "login@example.test", password: "password-123" });
    expect(ok.body.message).toBe("登录成功");
    for (const language of ["EN", "ZH_CN"]) {
      const wrong = await t.request
        .post(`${EMAIL}/emailLogin`)
        .set("language", language)
        .send({ email: "login@example.test", password: "nope-nope" });
      const unknown = await t.request
        .post(`${EMAIL}/emailLogin`)
        .set("language", language)
        .send({ email: "ghost@example.test", password: "nope-nope" });
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe(language === "EN" ? "Email or password is incorrect" : "邮箱或密码错误");
    }
  });
});

describe("password reset", () => {
  it("resets by code, revokes every token, and the new password works", async () => {
    const user = await t.user({ email: "reset@example.test", password: "old-password" });
    clock.advance(61_000);
    const sent = await sendCode("reset@example.test", "reset");
    expect(sent.body.code).toBe(200);
    const code = await latestCode(t, "reset@example.test");
    const res = await t.request
      .post(`${EMAIL}/resetPassword`)
      .set("language", "ZH_CN")
      .send({ email: "reset@example.test", code, password: "new-password" });
    expect(res.body).toEqual({ code: 200, message: "重置成功", data: null });
    expect((await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", user.token)).body.code).toBe(
      600,
    );
    const old = await t.request
      .post(`${EMAIL}/emailLogin`)
      .send({ email: "reset@example.test", password: "old-password" });
    expect(old.body.code).toBe(1001);
    const fresh = await t.request
      .post(`${EMAIL}/emailLogin`)
      .send({ email: "reset@example.test", password: "new-password" });
    expect(fresh.body.code).toBe(200);
  });

  it("answers success for an unknown email but sends nothing", async () => {
    const res = await sendCode("nobody-here@example.test", "reset");
    expect(res.body.code).toBe(200);
    expect((await t.request.get("/dev/outbox?to=nobody-here@example.test")).body.data).toEqual([]);
  });
});
