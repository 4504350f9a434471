/**
 * Help documents, the document-id map, announcements and the contact form against the real app
 * (issue 13), on content synced from a fixture folder, plus a check that the shipped content/ loads.
 */

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContent, syncContent } from "../../prisma/content.ts";
import { CONTACT_DESCRIPTION_MAX } from "../../shared/schemas/content.ts";
import { P1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/content");
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
  await syncContent(t.db, FIXTURE);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, language = "EN") => t.request.get(url).set("language", language);
const post = (url: string, body: object, language = "EN") => t.request.post(url).set("language", language).send(body);

describe("the document-id map", () => {
  it("answers the spec's JSON text for type docMap, key agreementDocMap", async () => {
    const res = await get(`${P1}/base/dict/findDict?type=docMap&key=agreementDocMap`);
    expect(res.body.code).toBe(200);
    expect(typeof res.body.data).toBe("string");
    const map = JSON.parse(res.body.data) as Record<string, string>;
    expect(Object.keys(map).sort()).toEqual(["privacyAgreement", "quickStart", "serverAgreement"]);
    expect(map.privacyAgreement).toMatch(/^\d+$/);
  });

  it("refuses another dictionary, and a missing key names the field", async () => {
    expect((await get(`${P1}/base/dict/findDict?type=docMap&key=other`)).body).toMatchObject({
      code: 1212,
      data: null,
    });
    const missing = await get(`${P1}/base/dict/findDict?type=docMap`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("key");
  });

  it("keeps the numbers when the content is synced again", async () => {
    const before = (await get(`${P1}/base/dict/findDict?type=docMap&key=agreementDocMap`)).body.data;
    await syncContent(t.db, FIXTURE);
    expect((await get(`${P1}/base/dict/findDict?type=docMap&key=agreementDocMap`)).body.data).toBe(before);
  });
});

describe("help documents", () => {
  it("lists sections in order with their documents, in the asked language", async () => {
    const res = await get(`${P1}/help/catalog`, "ZH_CN");
    // in order; a section without documents is not shown
    expect(res.body.data.map((s: { key: string }) => s.key)).toEqual(["getting-started", "agreements"]);
    expect(res.body.data[1]).toMatchObject({ name: "协议" });
    // the Chinese title where there is one, else the English
    expect(res.body.data[1].docs.map((d: { title: string }) => d.title)).toEqual(["隐私政策", "Terms of Service"]);
  });

  it("opens a document by number or by key, rendered without any HTML or script of its source", async () => {
    const map = JSON.parse((await get(`${P1}/base/dict/findDict?type=docMap&key=agreementDocMap`)).body.data);
    const byId = await get(`${P1}/help/doc/${map.privacyAgreement}`);
    const byKey = await get(`${P1}/help/doc/privacyAgreement`);
    expect(byId.body.data).toEqual(byKey.body.data);
    const { html, title, sectionName, revisedAt } = byKey.body.data;
    expect([title, sectionName, revisedAt]).toEqual(["Privacy Policy", "Agreements", "2026-11-01T00:00:00.000Z"]);
    expect(html).toContain("<h2>1. What we collect</h2>");
    expect(html).toContain("<strong>little</strong>");
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('<a href="/help?id=serverAgreement">help</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
  });

  it("answers 'Not found' for an unknown number or key, and 400 for a malformed one", async () => {
    expect((await get(`${P1}/help/doc/999999`)).body).toMatchObject({ code: 1212, data: null });
    expect((await get(`${P1}/help/doc/noSuchDoc`)).body.code).toBe(1212);
    expect((await get(`${P1}/help/doc/${"x".repeat(65)}`)).status).toBe(400);
  });
});

describe("announcements", () => {
  it("names the four types in three languages", async () => {
    expect((await get(`${P1}/announcement/typeInit`)).body.data).toEqual([
      { value: "release", name: "Releases" },
      { value: "maintenance", name: "Maintenance" },
      { value: "event", name: "Events" },
      { value: "notice", name: "Notices" },
    ]);
    expect((await get(`${P1}/announcement/typeInit`, "ZH_TN")).body.data[0].name).toBe("版本發佈");
  });

  it("pages the published ones newest first, by type; drafts and future ones stay hidden", async () => {
    const all = (await post(`${P1}/announcement/pageList`, { page: 1, limit: 2 })).body.data;
    expect(all.total).toBe(3);
    expect(all.records.map((r: { title: string }) => r.title)).toEqual(["Streamer contest", "Maintenance October"]);
    expect(all.records[0]).toMatchObject({ type: "event", typeName: "Events" });
    expect(all.records[0].summary).toBe("Streamer contest body paragraph with a link.");
    const second = (await post(`${P1}/announcement/pageList`, { page: 2, limit: 2 })).body.data;
    expect(second.records.map((r: { title: string }) => r.title)).toEqual(["Release 2.0"]);
    // past the end: an empty page, the total still right
    expect((await post(`${P1}/announcement/pageList`, { page: 9, limit: 2 })).body.data).toEqual({
      records: [],
      total: 3,
    });
    const releases = (await post(`${P1}/announcement/pageList`, { page: 1, limit: 10, type: "release" }, "ZH_CN")).body
      .data;
    expect(releases.records.map((r: { title: string }) => r.title)).toEqual(["2.0 版本发布"]);
  });

  it("refuses a bad page, limit or type with the field named", async () => {
    for (const body of [{ page: 0 }, { limit: 51 }, { type: "gossip" }]) {
      const res = await post(`${P1}/announcement/pageList`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data).toBeNull();
    }
  });

  it("opens one with its previous, next and the latest; a draft or unknown id is 'Not found'", async () => {
    const list = (await post(`${P1}/announcement/pageList`, { page: 1, limit: 10 })).body.data.records;
    const [newest, middle, oldest] = list as { id: number; title: string }[];
    const detail = (await get(`${P1}/announcement/${middle?.id}`)).body.data;
    expect(detail.title).toBe("Maintenance October");
    expect(detail.previous).toEqual({ id: newest?.id, title: newest?.title });
    expect(detail.next).toEqual({ id: oldest?.id, title: oldest?.title });
    expect(detail.latest.map((l: { id: number }) => l.id)).toEqual(list.map((l: { id: number }) => l.id));
    expect(detail.html).toContain("<p>Maintenance October body paragraph");
    const first = (await get(`${P1}/announcement/${newest?.id}`)).body.data;
    expect(first.previous).toBeNull();
    const draft = await t.db.announcement.findUniqueOrThrow({ where: { slug: "c-draft" } });
    const future = await t.db.announcement.findUniqueOrThrow({ where: { slug: "d-future" } });
    for (const id of [draft.id, future.id, 999999])
      expect((await get(`${P1}/announcement/${id}`)).body.code).toBe(1212);
    expect((await get(`${P1}/announcement/abc`)).status).toBe(400);
  });
});

describe("the contact form", () => {
  const valid = { name: "Li Lei", email: "li@example.com", description: "Can brands get an invoice?" };

  it("checks name, then a valid phone or email, then the description, with the spec's messages", async () => {
    const cases: [object, number, string][] = [
      [{ ...valid, name: "  " }, 1301, "Name is required"],
      [{ ...valid, name: undefined }, 1301, "Name is required"],
      [{ name: "Li", description: "x" }, 1302, "Please enter a valid phone number or email"],
      [{ ...valid, email: "not-an-email" }, 1302, "Please enter a valid phone number or email"],
      [{ ...valid, phone: "12345" }, 1302, "Please enter a valid phone number or email"],
      [{ ...valid, description: " " }, 1303, "Please describe your request"],
      [
        { ...valid, description: "字".repeat(CONTACT_DESCRIPTION_MAX + 1) },
        1304,
        `The description can be at most ${CONTACT_DESCRIPTION_MAX} characters`,
      ],
    ];
    for (const [body, code, message] of cases) {
      const res = await post(`${P1}/contact`, body);
      expect(res.body, JSON.stringify(body).slice(0, 80)).toEqual({ code, message, data: null });
    }
    expect((await post(`${P1}/contact`, { ...valid, name: "" }, "ZH_CN")).body.message).toBe("请输入姓名");
    expect(await t.db.contactMessage.count()).toBe(0);
  });

  it("stores an enquiry and delivers it to support through the outbox", async () => {
    const res = await post(`${P1}/contact`, { name: "Han Meimei", contact: "13912345678", description: "Hello" });
    expect(res.body).toMatchObject({ code: 200, data: null });
    expect(res.body.message).toContain("Thank you");
    const row = await t.db.contactMessage.findFirstOrThrow({ where: { name: "Han Meimei" } });
    expect(row).toMatchObject({ phone: "13912345678", email: null, description: "Hello", language: "EN" });
    const mail = t.app.deps.outbox.recent({ to: "support@avalive.dev" })[0];
    expect(mail?.subject).toBe("Contact form: Han Meimei");
    expect(mail?.body).toContain("Phone: 13912345678");
    expect(mail?.body).toContain(row.id);
  });
});

describe("the contact form's rate limit", () => {
  it("takes CONTACT_RATE_LIMIT enquiries an hour from one address, then answers 429 in the envelope", async () => {
    const limited = await makeTestApp({ CONTACT_RATE_LIMIT: "3" });
    try {
      const body = { name: "Spam", email: "spam@example.com", description: "again" };
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await limited.request.post(`${P1}/contact`).send(body)).status);
      expect(answers).toEqual([200, 200, 200, 429]);
      const refused = await limited.request.post(`${P1}/contact`).set("language", "ZH_CN").send(body);
      expect(refused.body.data).toBeNull();
      expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
      expect(await limited.db.contactMessage.count()).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe("the shipped content", () => {
  it("loads: every document in three languages, the agreements the map needs, types and dates valid", () => {
    const content = readContent();
    const keys = content.docs.map((d) => d.key);
    for (const key of ["privacyAgreement", "serverAgreement", "memberAgreement", "paymentAgreement", "companyProfile"])
      expect(keys).toContain(key);
    for (const doc of content.docs)
      expect(doc.texts.map((x) => x.language).sort(), doc.key).toEqual(["EN", "ZH_CN", "ZH_TN"]);
    for (const a of content.announcements) expect(a.texts.length, a.slug).toBe(3);
    expect(content.announcements.some((a) => !a.published)).toBe(true);
  });
});
