import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const USER_INFO = "/web-api/v1/base/account/getUserInfo";
const tokenInvalid = { code: 600, message: "Please log in again", data: null };

describe("v1 routes need a valid token", () => {
  it("answers 600 without a token", async () => {
    const res = await t.request.get(USER_INFO);
    expect(res.body).toEqual(tokenInvalid);
  });

  it("answers 600 for a malformed token", async () => {
    const res = await t.request.get(USER_INFO).set("authorization", "not-a-jwt");
    expect(res.body).toEqual(tokenInvalid);
  });

  it("answers 600 for a tampered token", async () => {
    const user = await t.user();
    const [head, , sig] = user.token.split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "someone-else", jti: "x", exp: 9999999999 })).toString(
      "base64url",
    );
    const res = await t.request.get(USER_INFO).set("authorization", `${head}.${forged}.${sig}`);
    expect(res.body).toEqual(tokenInvalid);
  });

  it("answers 600 for a token signed with another secret", async () => {
    const user = await t.user();
    const token = jwt.sign({ sub: user.id }, "another-secret-of-enough-length-0123456789", {
      jwtid: "x",
      expiresIn: 60,
    });
    expect((await t.request.get(USER_INFO).set("authorization", token)).body).toEqual(tokenInvalid);
  });

  it("answers 600 for an unsigned (alg none) token", async () => {
    const user = await t.user();
    const token = jwt.sign({ sub: user.id, jti: "x" }, "", { algorithm: "none" });
    expect((await t.request.get(USER_INFO).set("authorization", token)).body).toEqual(tokenInvalid);
  });

  it("answers 600 for an expired token", async () => {
    const user = await t.user();
    const session = await t.db.session.create({
      data: { id: "expired-session", userId: user.id, expiresAt: new Date(Date.now() + 60_000) },
    });
    const token = jwt.sign({ sub: user.id, exp: Math.floor(Date.now() / 1000) - 10 }, TEST_SECRET, {
      jwtid: session.id,
    });
    expect((await t.request.get(USER_INFO).set("authorization", token)).body).toEqual(tokenInvalid);
  });

  it("answers 600 for a revoked token, and logout revokes", async () => {
    const user = await t.user();
    expect((await t.request.get(USER_INFO).set("authorization", user.token)).body.code).toBe(200);
    const out = await t.request.post("/web-api/v1/base/account/logout").set("authorization", user.token);
    expect(out.body).toEqual({ code: 200, message: "Success", data: null });
    expect((await t.request.get(USER_INFO).set("authorization", user.token)).body).toEqual(tokenInvalid);
  });

  it("answers 600 once the user is gone", async () => {
    const user = await t.user();
    await t.db.user.delete({ where: { id: user.id } });
    expect((await t.request.get(USER_INFO).set("authorization", user.token)).body).toEqual(tokenInvalid);
  });

  it("accepts a bare token and a Bearer token", async () => {
    const user = await t.user({ phone: "13912345678", vipType: "gold" });
    for (const header of [user.token, `Bearer ${user.token}`]) {
      const res = await t.request.get(`${USER_INFO}?t=${Date.now()}`).set("authorization", header);
      expect(res.body).toEqual({
        code: 200,
        message: "Success",
        data: {
          userId: user.id,
          vipType: "gold",
          phone: "13912345678",
          email: user.email,
          boundChannels: [],
          hasPassword: false,
        },
      });
    }
  });

  it("localises 600", async () => {
    const res = await t.request.get(USER_INFO).set("language", "ZH_CN");
    expect(res.body.message).toBe("登录已失效，请重新登录");
  });
});

describe("p1 routes are public", () => {
  it("answers without a token", async () => {
    expect((await t.request.get("/web-api/p1/base/config")).body.code).toBe(200);
  });
});

describe("email login", () => {
  it("issues a token that opens v1 routes; vipType is absent for non-members", async () => {
    await t.user({ email: "ada@example.test", password: "correct-horse" });
    const res = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .send({ email: "Ada@Example.test", password: "correct-horse" });
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe("Login successful");
    const info = await t.request.get(USER_INFO).set("authorization", res.body.data.token);
    expect(info.body.data.vipType).toBeUndefined();
    expect(info.body.data.email).toBe("ada@example.test");
    expect(info.body.data.hasPassword).toBe(true);
    expect(JSON.stringify(info.body)).not.toMatch(/correct-horse|passwordHash|argon2/i);
  });

  it("refuses a wrong password with the same message as an unknown email", async () => {
    await t.user({ email: "bob@example.test", password: "right-password" });
    const wrong = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .send({ email: "bob@example.test", password: "wrong-password" });
    const unknown = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .send({ email: "eve@example.test", password: "wrong-password" });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe("Email or password is incorrect");
  });

  it("refuses a malformed email", async () => {
    const res = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .send({ email: "not-an-email", password: "whatever1" });
    expect(res.body).toEqual({ code: 1003, message: "Email error, please enter correct email", data: null });
  });

  it("treats an expired membership as none", async () => {
    const user = await t.user({ vipType: "silver", vipExpiresAt: new Date(Date.now() - 1000) });
    const info = await t.request.get(USER_INFO).set("authorization", user.token);
    expect(info.body.data.vipType).toBeUndefined();
  });
});
