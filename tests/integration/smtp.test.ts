import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

/** A real SMTP server inside the test: email leaves through nodemailer when SMTP_URL is set. */
let smtp: SMTPServer;
let port = 0;
const received: { to: string[]; raw: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as { port: number }).port;
  t = await makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Avalive <codes@avalive.test>" });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("email through SMTP", () => {
  it("delivers the code email to the SMTP server", async () => {
    const res = await t.request.get(`${EMAIL}/sendEmailCode`).query({ email: "smtp@example.test" });
    expect(res.body.code).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(["smtp@example.test"]);
    expect(received[0]?.raw).toMatch(/From: Avalive <codes@avalive\.test>/);
    expect(received[0]?.raw).toMatch(/Use the code \d{6} to create your account/);
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { to: "smtp@example.test" } });
    expect(row.status).toBe("sent");
  });
});
