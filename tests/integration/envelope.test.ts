import * as Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODES } from "../../shared/codes.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp(
    { BODY_LIMIT_BYTES: "2048" },
    {
      beforeReady(app) {
        // A route that echoes its validated body, to see exactly what the schema let through.
        app.post(
          "/web-api/p1/test/echo",
          {
            schema: { body: Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Optional(Type.Integer()) }) },
          },
          async (request, reply) => reply.send({ code: 200, message: "ok", data: request.body }),
        );
        app.get("/web-api/p1/test/crash", async () => {
          throw new Error("secret internal detail at /work/main/server/thing.ts:42");
        });
      },
    },
  );
});
afterAll(() => t.close());

describe("the envelope", () => {
  it("wraps success as {code: 200, message, data}", async () => {
    const res = await t.request.get("/web-api/p1/base/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: "Success",
      data: {
        site: "intl",
        currency: "$",
        payMethods: ["card"],
        defaultLanguage: "EN",
        officialSite: null,
        hostOrigins: [],
      },
    });
  });

  it("answers a business error with HTTP 200 and its own code", async () => {
    const res = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .send({ email: "nobody@example.test", password: "whatever1" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: CODES.EMAIL_OR_PASSWORD_INCORRECT.code,
      message: "Email or password is incorrect",
      data: null,
    });
  });

  it("answers an unknown route with 404 in the envelope", async () => {
    const res = await t.request.get("/web-api/p1/nothing/here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: "No such API: GET /web-api/p1/nothing/here", data: null });
  });

  it("names the missing field of an invalid body, with 400", async () => {
    const res = await t.request.post("/web-api/p1/uc/account/email/emailLogin").send({ email: "a@b.cd" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: "Missing field: body.password", data: null });
  });

  it("names the field of the wrong type", async () => {
    const res = await t.request.post("/web-api/p1/test/echo").send({ name: "x", age: "old" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid field: body.age");
  });

  it("names the field in a query string", async () => {
    const user = await t.user();
    const res = await t.request.get("/web-api/v1/base/file/pageList?page=0").set("authorization", user.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid field: querystring.page");
  });

  it("drops unknown fields", async () => {
    const res = await t.request.post("/web-api/p1/test/echo").send({ name: "Ada", isAdmin: true, __proto__x: 1 });
    expect(res.body.data).toEqual({ name: "Ada" });
  });

  it("refuses a malformed JSON body with 400", async () => {
    const res = await t.request.post("/web-api/p1/test/echo").set("content-type", "application/json").send("{not json");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: "Invalid request", data: null });
  });

  it("refuses an oversize body with 413", async () => {
    const res = await t.request.post("/web-api/p1/test/echo").send({ name: "x".repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, message: "The request is too large", data: null });
  });

  it("refuses an unsupported content type with 415", async () => {
    const res = await t.request.post("/web-api/p1/test/echo").set("content-type", "application/xml").send("<a/>");
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(415);
  });

  it("answers a crash with 500 and no internals", async () => {
    const res = await t.request.get("/web-api/p1/test/crash").set("language", "ZH_CN");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, message: MESSAGES.internalError.ZH_CN, data: null });
    expect(res.text).not.toMatch(/secret|thing\.ts|at \//);
  });
});

describe("languages", () => {
  it.each([
    ["EN", "Email or password is incorrect"],
    ["ZH_CN", "邮箱或密码错误"],
    ["ZH_TN", "郵箱或密碼錯誤"],
  ])("answers in %s", async (language, message) => {
    const res = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .set("language", language)
      .send({ email: "nobody@example.test", password: "whatever1" });
    expect(res.body.message).toBe(message);
  });

  it("localises validation messages too", async () => {
    const res = await t.request
      .post("/web-api/p1/uc/account/email/emailLogin")
      .set("language", "ZH_TN")
      .send({ email: "a@b.cd" });
    expect(res.body.message).toBe("缺少欄位：body.password");
  });

  it("falls back to the site's language for an unknown header", async () => {
    const res = await t.request.get("/web-api/p1/base/config").set("language", "FR");
    expect(res.body.message).toBe("Success");
  });

  it("holds every message in all three languages", () => {
    for (const [key, texts] of Object.entries(MESSAGES)) {
      for (const language of ["EN", "ZH_CN", "ZH_TN"] as const)
        expect(texts[language], `${key} ${language}`).toBeTruthy();
    }
  });
});

describe("the cn site", () => {
  it("defaults to ZH_CN and ¥", async () => {
    const cn = await makeTestApp({ SITE: "cn" });
    try {
      const res = await cn.request.get("/web-api/p1/base/config");
      expect(res.body.message).toBe("成功");
      expect(res.body.data).toMatchObject({
        site: "cn",
        currency: "¥",
        payMethods: ["alipay", "wechat"],
        defaultLanguage: "ZH_CN",
      });
    } finally {
      await cn.close();
    }
  });
});
