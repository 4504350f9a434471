/**
 * A client written from the spec alone (section 7, "Auth and account") sends only the fields the
 * spec names. Every account flow must complete with those payloads (issue 10 §2).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/messages.ts";
import { EMAIL, latestCode, P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** The spec's calls, with exactly the fields it names. */
const spec = {
  sendEmailCode: (email: string) => t.request.get(`${EMAIL}/sendEmailCode`).query({ email }),
  registerLogin: (email: string, code: string, password: string) =>
    t.request.post(`${EMAIL}/registerLogin`).send({ email, code, password }),
  emailLogin: (email: string, password: string) => t.request.post(`${EMAIL}/emailLogin`).send({ email, password }),
  resetPassword: (email: string, code: string, password: string) =>
    t.request.post(`${EMAIL}/resetPassword`).send({ email, code, password }),
  getUserInfo: (token: string) =>
    t.request.get(`${V1}/base/account/getUserInfo`).query({ t: Date.now() }).set("authorization", token),
  sendSms: (phone: string) => t.request.get(`${P1}/base/sms/sendSms`).query({ phone }),
  phoneLogin: (phone: string, code: string) =>
    t.request.post(`${P1}/sources/5/account/login`).send({ phone, code, loginChannel: 1001 }),
  phoneBind: (body: Record<string, string>) => t.request.post(`${P1}/thirdPart/phone/bind`).send(body),
};

describe("a spec-only client", () => {
  it("registers, logs in, forgets the password, resets it and logs in with the new one", async () => {
    const email = "spec.only@example.test";
    expect((await spec.sendEmailCode(email)).body.code).toBe(200);
    const registered = await spec.registerLogin(email, await latestCode(t, email), "first-password");
    expect(registered.body).toMatchObject({ code: 200, message: MESSAGES.registerSuccess.EN });
    const oldToken = registered.body.data.token as string;

    const login = await spec.emailLogin(email, "first-password");
    expect(login.body.code).toBe(200);
    const loginToken = login.body.data.token as string;
    expect((await spec.getUserInfo(loginToken)).body.code).toBe(200);

    // forgotten password: the same call, with just the email, now sends a reset code
    expect((await spec.sendEmailCode(email)).body.code).toBe(200);
    const resetCode = await latestCode(t, email);
    const reset = await spec.resetPassword(email, resetCode, "second-password");
    expect(reset.body).toMatchObject({ code: 200, message: MESSAGES.resetSuccess.EN });

    // single use
    expect((await spec.resetPassword(email, resetCode, "third-password")).body.message).toBe(
      MESSAGES.verificationCodeError.EN,
    );
    // the old tokens are over; the old password too; the new one works
    expect((await spec.getUserInfo(oldToken)).body.code).toBe(600);
    expect((await spec.getUserInfo(loginToken)).body.code).toBe(600);
    expect((await spec.emailLogin(email, "first-password")).body.message).toBe(MESSAGES.emailOrPasswordIncorrect.EN);
    const fresh = await spec.emailLogin(email, "second-password");
    expect(fresh.body.code).toBe(200);
    expect((await spec.getUserInfo(fresh.body.data.token)).body.code).toBe(200);
  });

  it("binds each code to its email", async () => {
    await spec.sendEmailCode("first.owner@example.test");
    const code = await latestCode(t, "first.owner@example.test");
    const other = await spec.registerLogin("someone.else@example.test", code, "a-password-1");
    expect(other.body.message).toBe(MESSAGES.verificationCodeError.EN);
    expect((await spec.registerLogin("first.owner@example.test", code, "a-password-1")).body.code).toBe(200);
  });

  it("a registration code cannot reset, and a reset code cannot register", async () => {
    const email = "purposes@example.test";
    await spec.sendEmailCode(email);
    const registerCode = await latestCode(t, email);
    expect((await spec.resetPassword(email, registerCode, "new-password-1")).body.message).toBe(
      MESSAGES.verificationCodeError.EN,
    );
  });

  it("logs in by phone with sendSms's code, and binds a phone to a third-party login with one", async () => {
    const phone = "13812345678";
    expect((await spec.sendSms(phone)).body.code).toBe(200);
    const login = await spec.phoneLogin(phone, await latestCode(t, phone));
    expect(login.body.code).toBe(200);
    expect((await spec.getUserInfo(login.body.data.token)).body.data.phone).toBe(phone);

    // the third-party bind needs the ticket its login answered: the error names it
    const missing = await spec.phoneBind({ phone: "13912345678", code: "123456" });
    expect(missing.body.code).not.toBe(200);
    expect(missing.body.message).toContain("ticket");
  });

  it("sends a code to bind a phone to a logged-in account with sendSmsCode, and checks it", async () => {
    const user = await t.user({ email: "binder@example.test" });
    const phone = "13700001111";
    const sent = await t.request.get(`${V1}/base/sms/sendSmsCode`).query({ phone }).set("authorization", user.token);
    expect(sent.body.code).toBe(200);
    const check = await t.request
      .post(`${V1}/base/sms/checkSmsCode`)
      .send({ phone, code: await latestCode(t, phone) })
      .set("authorization", user.token);
    expect(check.body.code).toBe(200);
  });
});
