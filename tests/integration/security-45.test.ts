/**
 * Issue 45's red-team findings, each attacked the way it was broken (docs/security.md): forwarded
 * addresses and the per-account lockout, codes per target, photo cloning with another user's
 * request id, a payment confirmed on a switched channel, personal files after deletion and
 * cancellation (on disk and on s3rver), uploads refused early on a kept-alive connection, EXIF in
 * the upload library, and thumbnails whose job never ran.
 */

import { randomUUID } from "node:crypto";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { lockMsFor } from "../../server/areas/account/login-guard.ts";
import * as card from "../../server/payments/card.ts";
import { loadPaymentKeys } from "../../server/payments/keys.ts";
import * as wechat from "../../server/payments/wechat.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { ORDER_STATUS } from "../../shared/orders.ts";
import { EMAIL, latestCode, P1, testClock, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { fixture } from "../helpers/images.ts";
import { type LocalS3, startS3 } from "../helpers/s3.ts";

const LOGIN = `${EMAIL}/emailLogin`;
const CR = `${V1}/douyin/customRole`;
const report = (figure: string) => console.log(`  [security] ${figure}`);

describe("forwarded addresses and login limits (defect 1)", () => {
  it("by default believes no X-Forwarded-For: 6 failures from 6 claimed addresses count against one", async () => {
    const t = await makeTestApp({ NODE_ENV: "production", LOGIN_FAILURES_PER_IP_DAY: "4" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.request
          .post(LOGIN)
          .set("x-forwarded-for", `203.0.113.${i + 1}`)
          .send({ email: `nobody${i}@example.test`, password: "wrong-password" });
        codes.push(res.body.code);
      }
      report(`6 wrong logins, 6 forwarded addresses, no TRUST_PROXY: ${codes.join(",")}`);
      expect(codes).toEqual([1001, 1001, 1001, 1001, 1014, 1014]);
    } finally {
      await t.close();
    }
  });

  it("30 logins against one account from 30 forwarded addresses are refused after 5, with the minutes", async () => {
    const clock = testClock();
    const t = await makeTestApp({ TRUST_PROXY: "127.0.0.1,::1,::ffff:127.0.0.1" }, { clock });
    try {
      await t.user({ email: "target@example.test", password: "right-password-1" });
      const answers: { code: number; message: string }[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await t.request
          .post(LOGIN)
          .set("x-forwarded-for", `198.51.100.${i + 1}`)
          .set("language", "EN")
          .send({ email: "target@example.test", password: `guess-${i}-password` });
        answers.push(res.body);
      }
      const refused = answers.filter((a) => a.code === 1013).length;
      report(`30 guesses from 30 addresses: ${30 - refused} checked, ${refused} refused by the account lock`);
      expect(answers.slice(0, 5).map((a) => a.code)).toEqual(Array(5).fill(1001));
      expect(refused).toBe(25);
      expect(answers[5]?.message).toBe(MESSAGES.loginLocked.EN.replace("{minutes}", "1"));
      // the forwarded addresses were believed: each address has its own count
      expect(await t.db.loginGuard.count({ where: { key: { startsWith: "ip:198.51.100." } } })).toBe(5);
      // locked, the right password is refused too
      const right = { email: "target@example.test", password: "right-password-1" };
      expect((await t.request.post(LOGIN).send(right)).body.code).toBe(1013);
      // the lock lapses after its minute; a wrong password then locks for 2 minutes (doubling)
      clock.advance(61_000);
      expect((await t.request.post(LOGIN).send({ ...right, password: "wrong-again-1" })).body.code).toBe(1001);
      const zh = await t.request.post(LOGIN).set("language", "ZH_CN").send(right);
      expect(zh.body).toMatchObject({ code: 1013, message: MESSAGES.loginLocked.ZH_CN.replace("{minutes}", "2") });
      clock.advance(121_000);
      // a success clears the count: five more failures are needed to lock again
      expect((await t.request.post(LOGIN).send(right)).body.code).toBe(200);
      expect(await t.db.loginGuard.count({ where: { key: "account:target@example.test" } })).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("a password reset clears the lock, so the owner is never shut out", async () => {
    const t = await makeTestApp({ CODE_COOLDOWN_SECONDS: "0" });
    try {
      await t.user({ email: "owner@example.test", password: "right-password-1" });
      for (let i = 0; i < 6; i++)
        await t.request.post(LOGIN).send({ email: "owner@example.test", password: `attacker-${i}-guess` });
      const locked = await t.request.post(LOGIN).send({ email: "owner@example.test", password: "right-password-1" });
      expect(locked.body.code).toBe(1013);
      await t.request.get(`${EMAIL}/sendEmailCode`).query({ email: "owner@example.test", type: "reset" });
      const code = await latestCode(t, "owner@example.test");
      const reset = await t.request
        .post(`${EMAIL}/resetPassword`)
        .send({ email: "owner@example.test", code, password: "new-password-22" });
      expect(reset.body.code).toBe(200);
      const after = await t.request.post(LOGIN).send({ email: "owner@example.test", password: "new-password-22" });
      expect(after.body.code).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("codes to one phone stay limited per target from 15 forwarded addresses", async () => {
    const t = await makeTestApp({
      TRUST_PROXY: "127.0.0.1,::1,::ffff:127.0.0.1",
      CODE_COOLDOWN_SECONDS: "0",
      CODES_PER_TARGET_HOUR: "10",
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await t.request
          .get(`${P1}/base/sms/sendSms`)
          .set("x-forwarded-for", `192.0.2.${i + 1}`)
          .query({ phone: "13900000045" });
        codes.push(res.body.code);
      }
      report(`15 sends to one phone from 15 addresses: ${codes.filter((c) => c === 200).length} sent`);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(codes.slice(10)).toEqual(Array(5).fill(1010));
    } finally {
      await t.close();
    }
  });

  it("locks for a minute, doubling to an hour at most", () => {
    expect([4, 5, 6, 7, 10, 11, 30].map(lockMsFor)).toEqual([
      0, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe("photo cloning with another user's request id (defects 2 and 10)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const clone = (token: string, bytes: Buffer, requestId: string) =>
    t.request
      .post(`${CR}/createPhoto/2`)
      .set("authorization", token)
      .field("requestId", requestId)
      .attach("file", bytes, "photo.png");

  it("two users racing one request id get their own roles, files and progress", async () => {
    const [victim, attacker] = await Promise.all([t.user({ vipType: "gold" }), t.user({ vipType: "gold" })]);
    const requestId = randomUUID();
    const [mine, theirs] = await Promise.all([
      clone(victim.token, fixture("astronaut.png"), requestId),
      clone(attacker.token, fixture("astronaut.png"), requestId),
    ]);
    expect(mine.body.code).toBe(200);
    expect(theirs.body.code).toBe(200);
    const [victimRole, attackerRole] = [mine.body.data as string, theirs.body.data as string];
    report(`one request id, two users: roles ${victimRole} and ${attackerRole}`);
    expect(victimRole).not.toBe(attackerRole);
    expect(victimRole).not.toContain(requestId);
    expect(await t.db.customRole.findUnique({ where: { id: victimRole } })).toMatchObject({ userId: victim.id });
    expect(await t.db.customRole.findUnique({ where: { id: attackerRole } })).toMatchObject({ userId: attacker.id });
    // each one's face photo is their own file
    expect((await t.request.get(`/media/${victimRole}.jpg`)).status).toBe(200);
    expect((await t.request.get(`/media/${attackerRole}.jpg`)).status).toBe(200);
    // each polls their own progress; a third user with the same id finds nothing
    const poll = (token: string) =>
      t.request
        .get(`${CR}/photoProgress/${requestId}`)
        .set("authorization", token)
        .then((r) => r.body);
    expect(await poll(victim.token)).toMatchObject({ code: 200, data: { percent: 100 } });
    expect(await poll(attacker.token)).toMatchObject({ code: 200, data: { percent: 100 } });
    const third = await t.user({ vipType: "gold" });
    expect((await poll(third.token)).code).toBe(1212);
    // the attacker sending the victim's id again reaches only the attacker's own role
    const again = await clone(attacker.token, fixture("astronaut.png"), requestId);
    expect(again.body.data).toBe(attackerRole);
    expect(await t.db.customRole.count({ where: { userId: victim.id } })).toBe(1);
  }, 120_000);
});

describe("a payment confirmed on a switched channel (defect 3)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ SITE: "cn" });
  });
  afterAll(() => t.close());

  it("honours the first channel's signed confirmation once after 'Proceed Pay' switched to another", async () => {
    const user = await t.user();
    const made = await t.request
      .put(`${V1}/order/create`)
      .set("authorization", user.token)
      .send({ skuId: "vip.gold.month", channel: "wechat" });
    expect(made.body.code).toBe(200);
    const o = made.body.data as { orderId: string; orderNo: string; amount: number; currency: string };
    const switched = await t.request
      .post(`${V1}/order/pay/${o.orderId}`)
      .set("authorization", user.token)
      .send({ channel: "alipay" });
    expect(switched.body.code, JSON.stringify(switched.body)).toBe(200);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: o.orderId } })).channel).toBe("alipay");

    // the buyer had already paid the first (WeChat) QR code
    const keys = loadPaymentKeys(t.env).wechat;
    const paid = wechat.sandboxNotification(o, "paid", keys, new Date());
    const first = await t.request.post(`${P1}/pay/notify/wechat`).set(paid.headers).send(paid.body);
    expect(first.status).toBe(204);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: o.orderId } });
    expect(order.status).toBe(ORDER_STATUS.paid);
    expect(await t.db.membership.count({ where: { userId: user.id } })).toBe(1);
    // the provider retries: nothing more
    const retry = wechat.resign(paid, keys, new Date());
    expect((await t.request.post(`${P1}/pay/notify/wechat`).set(retry.headers).send(retry.body)).status).toBe(204);
    expect(await t.db.membership.count({ where: { userId: user.id } })).toBe(1);
    // the amount is still checked on the old channel
    const cheap = wechat.sandboxNotification({ ...o, amount: o.amount - 1 }, "paid", keys, new Date());
    expect((await t.request.post(`${P1}/pay/notify/wechat`).set(cheap.headers).send(cheap.body)).status).not.toBe(204);
    // a channel the order never had is still refused
    const cardKeys = loadPaymentKeys(t.env).card;
    const stranger = card.sandboxEvent(o, "paid", cardKeys.webhookSecret, new Date());
    const refused = await t.request.post(`${P1}/pay/notify/card`).set(stranger.headers).send(stranger.body);
    expect(refused.status).not.toBe(200);
    const events = await t.db.paymentEvent.findMany({ where: { orderNo: o.orderNo } });
    expect(events.map((e) => e.result)).toEqual(["applied"]);
  });

  it("records the second paid attempt as a duplicate to refund, never a second grant", async () => {
    const user = await t.user();
    const made = await t.request
      .put(`${V1}/order/create`)
      .set("authorization", user.token)
      .send({ skuId: "vip.gold.month", channel: "wechat" });
    const o = made.body.data as { orderId: string; orderNo: string; amount: number; currency: string };
    await t.request.post(`${V1}/order/pay/${o.orderId}`).set("authorization", user.token).send({ channel: "alipay" });
    const keys = loadPaymentKeys(t.env);
    const viaWechat = wechat.sandboxNotification(o, "paid", keys.wechat, new Date());
    expect((await t.request.post(`${P1}/pay/notify/wechat`).set(viaWechat.headers).send(viaWechat.body)).status).toBe(
      204,
    );
    const alipay = await import("../../server/payments/alipay.ts");
    const params = alipay.sandboxNotification(o, "paid", keys.alipay, new Date());
    const res = await t.request
      .post(`${P1}/pay/notify/alipay`)
      .type("form")
      .send(new URLSearchParams(params).toString());
    expect(res.text).toBe("success");
    expect(await t.db.membership.count({ where: { userId: user.id } })).toBe(1);
    const events = await t.db.paymentEvent.findMany({ where: { orderNo: o.orderNo }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.result).sort()).toEqual(["applied", "duplicate-order"]);
  });
});

/** Storage backends the deletion tests run on: the disk, and s3rver. */
const backends: [string, () => Promise<{ env: Record<string, string>; close: () => Promise<void> }>][] = [
  ["disk", async () => ({ env: {}, close: async () => {} })],
  [
    "s3rver",
    async () => {
      const s3: LocalS3 = await startS3();
      return { env: s3.env("avalive-security", "sec/"), close: () => s3.close() };
    },
  ],
];

describe.each(backends)("personal files after deletion and cancellation, on %s (defect 5)", (_name, backend) => {
  let t: TestApp;
  let closeBackend: () => Promise<void>;
  beforeAll(async () => {
    const b = await backend();
    closeBackend = b.close;
    t = await makeTestApp(b.env);
  });
  afterAll(async () => {
    await t.close();
    await closeBackend();
  });

  const cloneOne = async (token: string) => {
    const res = await t.request
      .post(`${CR}/createPhoto/2`)
      .set("authorization", token)
      .attach("file", fixture("astronaut.png"), "me.png");
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const roleId = res.body.data as string;
    return { roleId, faceUrl: `/media/${roleId}.jpg`, cropUrl: `/media/${roleId}.thumb256.webp` };
  };
  const status = async (url: string) => (await t.request.get(url)).status;

  it("deleting an avatar deletes its face photo and crop: their URLs answer 404", async () => {
    const user = await t.user({ vipType: "gold" });
    const { roleId, faceUrl, cropUrl } = await cloneOne(user.token);
    expect([await status(faceUrl), await status(cropUrl)]).toEqual([200, 200]);
    const del = await t.request.delete(`${CR}/${roleId}`).set("authorization", user.token);
    expect(del.body.code, JSON.stringify(del.body)).toBe(200);
    expect([await status(faceUrl), await status(cropUrl)]).toEqual([404, 404]);
  }, 120_000);

  it("cancelling the account deletes face photos, uploads, thumbnails and tailored-model photos: their URLs answer 404", async () => {
    const user = await t.user({ vipType: "diamond", phone: `139${String(Date.now()).slice(-8)}` });
    const tailored = await t.request
      .post(`${V1}/customMade/create`)
      .set("authorization", user.token)
      .field("sex", "2")
      .field("style", "realistic")
      .field("description", "An avatar that looks like me.")
      .field("budget", "120000")
      .field("deadline", new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10))
      .attach("photos", fixture("astronaut.png"), "me.png");
    expect(tailored.body.code, JSON.stringify(tailored.body)).toBe(200);
    const tailoredKeys = (
      await t.db.customRequestPhoto.findMany({ where: { request: { userId: user.id } }, select: { key: true } })
    ).map((row) => row.key);
    expect(tailoredKeys).toHaveLength(1);
    expect(await t.app.deps.storage.exists(tailoredKeys[0] as string)).toBe(true);
    const { faceUrl, cropUrl } = await cloneOne(user.token);
    const upload = await t.request
      .post(`${V1}/base/file/upload`)
      .set("authorization", user.token)
      .attach("file", fixture("astronaut.png"), "a.png");
    expect(upload.body.code).toBe(200);
    const file = upload.body.data as { url: string; thumbnailUrl: string };
    const urls = [faceUrl, cropUrl, file.url, file.thumbnailUrl];
    expect(await Promise.all(urls.map(status))).toEqual([200, 200, 200, 200]);

    await t.request.get(`${V1}/base/sms/sendSmsCode`).set("authorization", user.token);
    const code = await latestCode(t, user.phone as string);
    const cancel = await t.request.post(`${V1}/base/cancel/cancelUser`).set("authorization", user.token).send({ code });
    expect(cancel.body.code).toBe(200);
    expect(await Promise.all(urls.map(status))).toEqual([404, 404, 404, 404]);
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.app.deps.storage.exists(tailoredKeys[0] as string)).toBe(false);
    expect(await t.db.customRequestPhoto.count({ where: { request: { userId: user.id } } })).toBe(0);
  }, 120_000);
});

describe("uploads (defects 7, 8 and 9)", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => t.close());

  /** Two requests on one kept-alive connection; the answers' status lines, as they arrive. */
  function twoOnOneConnection(first: Buffer): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let text = "";
      socket.on("error", reject);
      socket.on("data", (chunk) => {
        text += chunk;
        const statuses = text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
        if (statuses.length >= 2) {
          socket.destroy();
          resolve(statuses);
        }
      });
      socket.on("close", () => resolve(text.match(/HTTP\/1\.1 \d{3}/g) ?? []));
      socket.on("connect", () => {
        socket.write(first);
        socket.write("GET /web-api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      });
    });
  }

  it("a part not named file is refused and the kept-alive connection answers its next request", async () => {
    const user = await t.user();
    const boundary = "----avalive-drain";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(200_000, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = Buffer.from(
      `POST ${V1}/base/file/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${user.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const statuses = await twoOnOneConnection(Buffer.concat([head, body]));
    expect(statuses).toEqual(["HTTP/1.1 400", "HTTP/1.1 200"]);
  });

  it("stores and serves uploads upright without EXIF, GPS or XMP", async () => {
    const user = await t.user();
    const withGps = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#8a6" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "SpyCam" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif).toBeDefined();
    expect([before.orientation, before.xmp === undefined]).toEqual([6, false]);
    const res = await t.request
      .post(`${V1}/base/file/upload`)
      .set("authorization", user.token)
      .attach("file", withGps, "gps.jpg");
    expect(res.body.code).toBe(200);
    const served = await t.request
      .get(res.body.data.url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => done(null, Buffer.concat(chunks)));
      });
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect((served.body as Buffer).includes(Buffer.from("SpyCam"))).toBe(false);
    // orientation 6 applied: the 640×480 photo stands 480×640
    expect([meta.width, meta.height]).toEqual([480, 640]);
    expect(res.body.data).toMatchObject({ width: 480, height: 640 });
  });

  it("at boot, makes the thumbnail of an upload whose job never ran", async () => {
    const user = await t.user();
    const res = await t.request
      .post(`${V1}/base/file/upload`)
      .set("authorization", user.token)
      .attach("file", fixture("astronaut.png"), "a.png");
    const id = res.body.data.id as string;
    // as a crash between the row and its in-process job leaves it
    await t.db.storedFile.update({ where: { id }, data: { thumbKey: null } });
    // a server booting on the same database and files repairs it
    const restarted = await buildApp({ env: t.env, webDist: null });
    try {
      await restarted.ready();
      let row = await t.db.storedFile.findUniqueOrThrow({ where: { id } });
      for (let i = 0; i < 600 && !row.thumbKey; i++) {
        await new Promise((r) => setTimeout(r, 50));
        row = await t.db.storedFile.findUniqueOrThrow({ where: { id } });
      }
      expect(row.thumbKey).toMatch(/\.thumb256\.webp$/);
      expect((await t.request.get(`/media/${row.thumbKey}`)).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
