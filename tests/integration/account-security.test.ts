/**
 * Security properties of the account system. Each test reports its figure on the console,
 * so a run shows the numbers, not only a tick.
 */

import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL, latestCode, P1, V1 } from "../helpers/account.ts";
import { makeTestApp, TEST_SECRET, type TestApp } from "../helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const report = (figure: string) => console.log(`  [security] ${figure}`);
const userInfo = (token: string) => t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", token);

describe("codes", () => {
  it("20 concurrent uses of one code give exactly 1 success", async () => {
    await t.request.get(`${P1}/base/sms/sendSms`).query({ phone: "13977777777" });
    const code = await latestCode(t, "13977777777");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request.post(`${P1}/sources/1/account/login`).send({ phone: "13977777777", code }),
      ),
    );
    const successes = results.filter((r) => r.body.code === 200).length;
    report(`20 concurrent uses of one code: ${successes} success, ${20 - successes} refused`);
    expect(successes).toBe(1);
    expect(results.filter((r) => r.body.code === 1002)).toHaveLength(19);
  });

  it("guessing a code stops after 5 tries, even when the 6th guess is right", async () => {
    await t.request.get(`${EMAIL}/sendEmailCode`).query({ email: "guess@example.test" });
    const code = await latestCode(t, "guess@example.test");
    const wrong = code === "111111" ? "222222" : "111111";
    let refused = 0;
    for (let i = 0; i < 5; i++) {
      const res = await t.request
        .post(`${EMAIL}/registerLogin`)
        .send({ email: "guess@example.test", code: wrong, password: "password-123" });
      if (res.body.code === 1002) refused++;
    }
    const right = await t.request
      .post(`${EMAIL}/registerLogin`)
      .send({ email: "guess@example.test", code, password: "password-123" });
    report(`after ${refused} wrong guesses the right code answers ${right.body.code}`);
    expect(refused).toBe(5);
    expect(right.body.code).toBe(1002);
  });
});

describe("tokens", () => {
  it("alg none, a wrong key, an expired exp, and a reset-revoked token each give 600", async () => {
    const user = await t.user({ email: "tok@example.test", password: "password-123" });
    const valid = jwt.decode(user.token) as { sub: string; jti: string };
    const none = jwt.sign({ sub: valid.sub, jti: valid.jti }, "", { algorithm: "none" });
    const wrongKey = jwt.sign({ sub: valid.sub }, "a-different-key-that-is-also-long-enough-000", {
      jwtid: valid.jti,
      expiresIn: 600,
    });
    const expired = jwt.sign({ sub: valid.sub, exp: Math.floor(Date.now() / 1000) - 1 }, TEST_SECRET, {
      jwtid: valid.jti,
    });

    await t.request.get(`${EMAIL}/sendEmailCode`).query({ email: "tok@example.test", type: "reset" });
    const code = await latestCode(t, "tok@example.test");
    expect((await userInfo(user.token)).body.code).toBe(200);
    await t.request.post(`${EMAIL}/resetPassword`).send({ email: "tok@example.test", code, password: "password-456" });

    const codes = {
      none: (await userInfo(none)).body.code,
      wrongKey: (await userInfo(wrongKey)).body.code,
      expired: (await userInfo(expired)).body.code,
      revokedByReset: (await userInfo(user.token)).body.code,
    };
    report(`codes: ${JSON.stringify(codes)}`);
    expect(codes).toEqual({ none: 600, wrongKey: 600, expired: 600, revokedByReset: 600 });
  });
});

describe("third-party identities", () => {
  async function sandboxLogin(provider: "wechat" | "qq", subject: string) {
    const res = await t.request
      .post("/oauth-sandbox/consent")
      .type("form")
      .send({ provider, redirect_uri: "/wxCheck", state: "s", subject, decision: "allow" });
    const code = new URL(res.headers.location as string, "http://app").searchParams.get("code");
    return (await t.request.post(`${P1}/thirdPart/login`).send({ provider, code, state: "s" })).body.data;
  }

  it("the same email arriving from two providers does not merge accounts", async () => {
    const first = await sandboxLogin("wechat", "same-person-wx");
    await t.request.post(`${P1}/thirdPart/email/send`).send({ email: "same@example.test", ticket: first.ticket });
    const bound = await t.request
      .post(`${P1}/thirdPart/email/bind`)
      .send({ email: "same@example.test", code: await latestCode(t, "same@example.test"), ticket: first.ticket });
    const owner = (await userInfo(bound.body.data.token)).body.data.userId as string;

    const second = await sandboxLogin("qq", "same-person-qq");
    const identities = await t.db.thirdPartyIdentity.findMany({ where: { userId: owner } });
    report(
      `second provider got ${second.token ? "a token" : "a ticket only"}; identities on the first account: ${identities.length}`,
    );
    expect(second.token).toBeUndefined();
    expect(second.ticket).toBeTruthy();
    expect(identities.map((i) => i.provider)).toEqual(["wechat"]);
  });
});

describe("at rest", () => {
  it("the database holds no plain code or password", async () => {
    const password = "Plain-Password-42";
    await t.request.get(`${EMAIL}/sendEmailCode`).query({ email: "rest@example.test" });
    const code = await latestCode(t, "rest@example.test");
    await t.request.post(`${EMAIL}/registerLogin`).send({ email: "rest@example.test", code, password });
    const tables = ["User", "VerificationCode", "OutboxMessage", "Session"];
    let rows = 0;
    for (const table of tables) {
      const all = await t.db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}"`);
      rows += all.length;
      const text = JSON.stringify(all);
      expect(text, table).not.toContain(password);
      expect(text, table).not.toContain(code);
    }
    const outbox = await t.db.outboxMessage.findFirstOrThrow({ where: { to: "rest@example.test" } });
    report(
      `${rows} rows in ${tables.length} tables hold neither; the stored message reads "${outbox.body.slice(0, 24)}..."`,
    );
    expect(outbox.body).toContain("******");
  });
});
