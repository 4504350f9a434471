import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestCode, P1, testClock, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { solidPng } from "../helpers/images.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await makeTestApp({}, { clock });
});
afterAll(() => t.close());

const sendSms = (phone: string, type = "login", language = "EN") =>
  t.request.get(`${P1}/base/sms/sendSms`).query({ phone, type }).set("language", language);
const phoneLogin = (source: string, phone: string, code: string) =>
  t.request.post(`${P1}/sources/${source}/account/login`).send({ phone, code });

describe("phone-code login", () => {
  it("registers on first login (web source 1) and logs in again later", async () => {
    expect((await sendSms("13900000001")).body).toEqual({ code: 200, message: "Verification code sent", data: null });
    const first = await phoneLogin("1", "13900000001", await latestCode(t, "13900000001"));
    expect(first.body.message).toBe("Login successful");
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", first.body.data.token);
    expect(info.body.data).toMatchObject({ phone: "13900000001", hasPassword: false });
    expect(info.body.data.sourcesNo).toBeUndefined();

    clock.advance(61_000);
    await sendSms("13900000001");
    const again = await phoneLogin("1", "13900000001", await latestCode(t, "13900000001"));
    const info2 = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", again.body.data.token);
    expect(info2.body.data.userId).toBe(info.body.data.userId);
  });

  it("marks short-video accounts (source 5) with sourcesNo '5'", async () => {
    await sendSms("13900000005");
    const res = await phoneLogin("5", "13900000005", await latestCode(t, "13900000005"));
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", res.body.data.token);
    expect(info.body.data.sourcesNo).toBe("5");
  });

  it("refuses other sources", async () => {
    const res = await phoneLogin("7", "13900000001", "123456");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid field: params.source");
  });

  it.each([
    ["EN", "Please enter a valid mobile phone number"],
    ["ZH_CN", "请输入有效的手机号码"],
  ])("refuses an invalid phone (%s)", async (language, message) => {
    for (const phone of ["12900000001", "1390000000", "139000000011", "abc"]) {
      expect((await sendSms(phone, "login", language)).body).toEqual({ code: 1005, message, data: null });
    }
  });

  it("refuses a wrong code (EN, ZH_CN)", async () => {
    await sendSms("13900000009");
    const en = await phoneLogin("1", "13900000009", "999999x");
    expect(en.body).toEqual({ code: 1002, message: "Verification code error", data: null });
    const zh = await t.request
      .post(`${P1}/sources/1/account/login`)
      .set("language", "ZH_CN")
      .send({ phone: "13900000009", code: "000000" });
    expect(zh.body.message).toBe("验证码错误");
  });
});

describe("binding and unbinding from the account panel", () => {
  it("binds a phone with a code, and refuses a phone that belongs to someone else", async () => {
    const user = await t.user({ email: "panel@example.test", password: "password-123" });
    await t.user({ phone: "13911111111" });
    const taken = await t.request
      .get(`${V1}/base/sms/sendSmsCode`)
      .query({ phone: "13911111111", type: "bind" })
      .set("authorization", user.token);
    expect(taken.body).toEqual({ code: 1006, message: "Phone number error, please check and retry", data: null });
    const zh = await t.request
      .get(`${V1}/base/sms/sendSmsCode`)
      .query({ phone: "13911111111" })
      .set("authorization", user.token)
      .set("language", "ZH_CN");
    expect(zh.body.message).toBe("手机号错误，请检查后重试");

    const sent = await t.request
      .get(`${V1}/base/sms/sendSmsCode`)
      .query({ phone: "13922222222", type: "bind" })
      .set("authorization", user.token);
    expect(sent.body.data).toEqual({ channel: "sms", target: "139****2222" });
    const code = await latestCode(t, "13922222222");
    const bound = await t.request
      .post(`${V1}/base/sms/checkSmsCode`)
      .set("authorization", user.token)
      .send({ phone: "13922222222", code });
    expect(bound.body).toEqual({ code: 200, message: "Binding successful", data: null });
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", user.token);
    expect(info.body.data.phone).toBe("13922222222");
  });

  it("binds an email for a logged-in user through thirdPart/email/send and bind", async () => {
    const user = await t.user({ email: null, phone: "13933333333" });
    const sent = await t.request
      .post(`${P1}/thirdPart/email/send`)
      .set("authorization", user.token)
      .send({ email: "later@example.test" });
    expect(sent.body.code).toBe(200);
    const code = await latestCode(t, "later@example.test");
    const bound = await t.request
      .post(`${P1}/thirdPart/email/bind`)
      .set("authorization", user.token)
      .send({ email: "later@example.test", code });
    expect(bound.body).toEqual({ code: 200, message: "Binding successful", data: {} });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("later@example.test");
  });

  it("unbinds the email or phone, but never the last way in", async () => {
    const user = await t.user({ email: "both@example.test", phone: "13944444444" });
    const unbind = (kind: string) =>
      t.request.post(`${V1}/base/account/unbind/${kind}`).set("authorization", user.token);
    expect((await unbind("phone")).body).toEqual({ code: 200, message: "Unbinding successful", data: null });
    const last = await unbind("email");
    expect(last.body.code).toBe(1011);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe("both@example.test");
  });
});

describe("account cancellation", () => {
  it("needs the code, wipes the data, revokes tokens, and the account cannot log in", async () => {
    const user = await t.user({
      email: "leaving@example.test",
      phone: "13955555555",
      password: "password-123",
      vipType: "gold",
    });
    const upload = await t.request
      .post(`${V1}/base/file/upload`)
      .set("authorization", user.token)
      .attach("file", await solidPng(32, 32), "x.png");
    const fileKey = (await t.db.storedFile.findUniqueOrThrow({ where: { id: upload.body.data.id } })).key;

    const sent = await t.request
      .get(`${V1}/base/sms/sendSmsCode`)
      .query({ type: "cancel" })
      .set("authorization", user.token);
    expect(sent.body.data).toEqual({ channel: "sms", target: "139****5555" });
    const wrong = await t.request
      .post(`${V1}/base/cancel/cancelUser`)
      .set("authorization", user.token)
      .send({ code: "000000" });
    expect(wrong.body.code).toBe(1002);

    const code = await latestCode(t, "13955555555");
    const res = await t.request
      .post(`${V1}/base/cancel/cancelUser`)
      .set("authorization", user.token)
      .set("language", "ZH_CN")
      .send({ code });
    expect(res.body).toEqual({ code: 200, message: "账号已注销", data: null });

    expect((await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", user.token)).body.code).toBe(
      600,
    );
    const login = await t.request
      .post(`${P1}/uc/account/email/emailLogin`)
      .send({ email: "leaving@example.test", password: "password-123" });
    expect(login.body.code).toBe(1001);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ email: null, phone: null, passwordHash: null, vipType: null });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await t.db.storedFile.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.app.deps.storage.exists(fileKey)).toBe(false);
  });

  it("sends the cancellation code by email when the account has no phone", async () => {
    const user = await t.user({ email: "mailonly@example.test", password: "password-123" });
    const sent = await t.request
      .get(`${V1}/base/sms/sendSmsCode`)
      .query({ type: "cancel" })
      .set("authorization", user.token);
    expect(sent.body.data).toEqual({ channel: "email", target: "ma******@example.test" });
    const code = await latestCode(t, "mailonly@example.test");
    expect(
      (await t.request.post(`${V1}/base/cancel/cancelUser`).set("authorization", user.token).send({ code })).body.code,
    ).toBe(200);
  });
});

describe("analytics", () => {
  it("records the user id the client reports", async () => {
    const res = await t.request
      .post(`${P1}/analytics/event`)
      .set("web_id", "w-1")
      .send({ event: "userInfo", userId: "u-1", path: "/" });
    expect(res.body.code).toBe(200);
    expect(await t.db.analyticsEvent.findFirst({ where: { userId: "u-1" } })).toMatchObject({
      event: "userInfo",
      webId: "w-1",
      path: "/",
    });
  });
});
