/**
 * A client written from the spec alone (section 7, "Auth and account") sends only the fields the
 * spec names. Every account flow must complete with those payloads (issue 10 §2).
 */

import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODES } from "../../shared/codes.ts";
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
  });

  it("binds a phone to a first third-party login with the spec's body alone: the login's cookie carries the ticket", async () => {
    // the browser: the sandbox provider's consent, then thirdPart/login, keeping cookies (credentials)
    const browser = supertest.agent(t.app.server);
    const consent = await browser
      .post("/oauth-sandbox/consent")
      .type("form")
      .send({ provider: "wechat", redirect_uri: "/wxCheck", state: "s-1", subject: "wx-spec", decision: "allow" });
    const grant = new URL(consent.headers.location as string, "http://app").searchParams.get("code");
    const login = await browser
      .post(`${P1}/thirdPart/login`)
      .send({ provider: "wechat", code: grant, state: "s-1", loginChannel: 1001 });
    expect(login.body.data.token).toBeUndefined();
    expect(login.headers["set-cookie"]?.[0]).toMatch(
      /^tpTicket=[\w-]+; Max-Age=900; Path=\/web-api\/p1\/thirdPart; HttpOnly; SameSite=Lax$/,
    );
    const phone = "13912345678";
    expect((await browser.get(`${P1}/base/sms/sendSms`).query({ phone })).body.code).toBe(200);
    const bound = await browser.post(`${P1}/thirdPart/phone/bind`).send({ phone, code: await latestCode(t, phone) });
    expect(bound.body).toMatchObject({ code: 200, message: MESSAGES.bindSuccess.EN });
    const user = await t.db.user.findFirstOrThrow({ where: { phone }, include: { identities: true } });
    expect(user.identities.map((i) => i.subject)).toEqual(["wx-spec"]);
    expect((await spec.getUserInfo(bound.body.data.token)).body.data.phone).toBe(phone);
    // the ticket is spent, and its cookie cleared
    expect(bound.headers["set-cookie"]?.[0]).toMatch(/^tpTicket=;/);
    const again = await browser.post(`${P1}/thirdPart/phone/bind`).send({ phone, code: "123456" });
    expect(again.body.code).toBe(CODES.TICKET_EXPIRED.code);
  });

  it("cancels the account with sendSmsCode and cancelUser as the spec sends them", async () => {
    const phone = "13600002222";
    const user = await t.user({ email: "leaving@example.test", phone });
    const auth = { authorization: user.token };
    // no type: the account's own phone is the cancellation's
    const sent = await t.request.get(`${V1}/base/sms/sendSmsCode`).query({ phone }).set(auth);
    expect(sent.body).toMatchObject({ code: 200, data: { channel: "sms", target: "136****2222" } });
    const cancelled = await t.request
      .post(`${V1}/base/cancel/cancelUser`)
      .send({ code: await latestCode(t, phone) })
      .set(auth);
    expect(cancelled.body).toMatchObject({ code: 200, message: MESSAGES.cancelled.EN });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).cancelledAt).not.toBeNull();
    expect((await spec.getUserInfo(user.token)).body.code).toBe(600);

    // and with no phone at all, to the account's email
    const other = await t.user({ email: "also.leaving@example.test" });
    const byEmail = await t.request.get(`${V1}/base/sms/sendSmsCode`).set("authorization", other.token);
    expect(byEmail.body.data).toEqual({ channel: "email", target: expect.stringContaining("@example.test") });
    const done = await t.request
      .post(`${V1}/base/cancel/cancelUser`)
      .send({ code: await latestCode(t, "also.leaving@example.test") })
      .set("authorization", other.token);
    expect(done.body.code).toBe(200);
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
