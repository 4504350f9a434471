import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestCode, P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** Go through the sandbox provider as a browser would: the consent page, then the form post. */
async function consent(provider: "wechat" | "qq", subject: string, redirect = "/wxCheck", state = "state-1") {
  const page = await t.request
    .get("/oauth-sandbox/authorize")
    .query({ provider, redirect_uri: redirect, state, subject });
  expect(page.status).toBe(200);
  expect(page.text).toContain('action="/oauth-sandbox/consent"');
  const res = await t.request
    .post("/oauth-sandbox/consent")
    .type("form")
    .send({ provider, redirect_uri: redirect, state, subject, nickname: `${provider} ${subject}`, decision: "allow" });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.location as string, "http://app");
  expect(location.pathname).toBe(redirect);
  expect(location.searchParams.get("state")).toBe(state);
  return location.searchParams.get("code") as string;
}

const login = (provider: string, code: string, state = "state-1", loginChannel = 1001) =>
  t.request.post(`${P1}/thirdPart/login`).send({ provider, code, state, loginChannel });

describe("third-party login through the sandbox", () => {
  it("a first login binds an email by code, then logs straight in", async () => {
    const code = await consent("wechat", "wx-alice");
    const first = await login("wechat", code);
    expect(first.body.code).toBe(200);
    expect(first.body.data.token).toBeUndefined();
    const ticket = first.body.data.ticket as string;
    expect(first.body.data.nickname).toBe("wechat wx-alice");

    expect(
      (await t.request.post(`${P1}/thirdPart/email/send`).send({ email: "alice@example.test", ticket })).body.code,
    ).toBe(200);
    const emailCode = await latestCode(t, "alice@example.test");
    const bound = await t.request
      .post(`${P1}/thirdPart/email/bind`)
      .send({ email: "alice@example.test", code: emailCode, ticket });
    expect(bound.body.message).toBe("Binding successful");
    const token = bound.body.data.token as string;
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", token);
    expect(info.body.data).toMatchObject({ email: "alice@example.test", boundChannels: [1001] });

    const again = await login("wechat", await consent("wechat", "wx-alice"));
    expect(again.body.message).toBe("Login successful");
    const info2 = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", again.body.data.token);
    expect(info2.body.data.userId).toBe(info.body.data.userId);

    // the ticket was spent
    const reuse = await t.request
      .post(`${P1}/thirdPart/email/bind`)
      .send({ email: "alice@example.test", code: emailCode, ticket });
    expect(reuse.body.code).toBe(1012);
  });

  it("refuses a code used twice, a wrong state, and a redirect outside the app", async () => {
    const code = await consent("qq", "qq-bob");
    expect((await login("qq", code, "other-state")).body.code).toBe(1012);
    expect((await login("qq", code)).body.code).toBe(200);
    expect((await login("qq", code)).body.code).toBe(1012);
    const evil = await t.request
      .get("/oauth-sandbox/authorize")
      .query({ provider: "qq", redirect_uri: "https://evil.example/steal", state: "s" });
    expect(evil.body.code).toBe(400);
  });

  it("binds a phone to a first login on the domestic flow", async () => {
    const { ticket } = (await login("wechat", await consent("wechat", "wx-phone"))).body.data;
    await t.request.get(`${P1}/base/sms/sendSms`).query({ phone: "13966666666", type: "bind" });
    const code = await latestCode(t, "13966666666");
    const res = await t.request.post(`${P1}/thirdPart/phone/bind`).send({ phone: "13966666666", code, ticket });
    expect(res.body.message).toBe("Binding successful");
    const info = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", res.body.data.token);
    expect(info.body.data.phone).toBe("13966666666");
  });

  it("the controller channel (1004) keeps its own binding, and unbinds by channel", async () => {
    const { ticket } = (await login("wechat", await consent("wechat", "wx-ctrl", "/controllerCheck"), "state-1", 1004))
      .body.data;
    await t.request.post(`${P1}/thirdPart/email/send`).send({ email: "ctrl@example.test", ticket });
    const bound = await t.request
      .post(`${P1}/thirdPart/email/bind`)
      .send({ email: "ctrl@example.test", code: await latestCode(t, "ctrl@example.test"), ticket });
    const token = bound.body.data.token as string;
    expect(
      (await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", token)).body.data.boundChannels,
    ).toEqual([1004]);

    const byWwid = await t.request
      .get(`${V1}/uc/account/getByWWid`)
      .query({ wwid: "wx-ctrl" })
      .set("authorization", token);
    expect(byWwid.body.data).toMatchObject({ provider: "wechat", loginChannel: 1004 });

    expect((await t.request.post(`${V1}/thirdPart/unbind/1001`).set("authorization", token)).body.code).toBe(1212);
    const unbound = await t.request.post(`${V1}/thirdPart/unbind/1004`).set("authorization", token);
    expect(unbound.body).toEqual({ code: 200, message: "Unbinding successful", data: null });
    expect(
      (await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", token)).body.data.boundChannels,
    ).toEqual([]);
  });

  it("getByWWid does not reveal another user's identity", async () => {
    const stranger = await t.user();
    const res = await t.request
      .get(`${V1}/uc/account/getByWWid`)
      .query({ wwid: "wx-alice" })
      .set("authorization", stranger.token);
    expect(res.body).toEqual({ code: 1212, message: "Not found", data: null });
  });

  it("the sandbox is absent in production", async () => {
    const prod = await makeTestApp({ NODE_ENV: "production" });
    try {
      expect(
        (
          await prod.request
            .get("/oauth-sandbox/authorize")
            .query({ provider: "qq", redirect_uri: "/wxCheck", state: "s" })
        ).status,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
