/**
 * Issue 44's ten findings, one test each: every one of them failed against the code before the
 * fix (docs/decisions/047-openapi-contract.md). A few seconds in all.
 */

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: Json[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties: Json; required?: string[] } }> };
  responses: Record<string, unknown>;
};

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; servers?: Json[]; components: Json };
let gold: Awaited<ReturnType<TestApp["user"]>>;
let port: number;
const P1 = "/web-api/p1";
const V1 = "/web-api/v1";

beforeAll(async () => {
  t = await makeTestApp();
  await seedRoles(t.db);
  await seedCatalogue(t.db);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  doc = (await t.request.get("/web-api/docs/json")).body;
  gold = await t.user({ vipType: "gold" });
});
afterAll(() => t.close());

const op = (path: string, method: string) => doc.paths[path]?.[method] as Operation;
const invalid = (field: string) => MESSAGES.fieldInvalid.EN.replace("{field}", field);

/** A raw HTTP/1.1 request on a socket (supertest would refuse what this sends). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("issue 44's findings", () => {
  it("1: every token call declares the token, so a generated client sends it", () => {
    const info = op(`${V1}/base/account/getUserInfo`, "get");
    expect(info.security).toEqual([{ token: [] }]);
    expect((doc.components.securitySchemes as Json).token).toMatchObject({ type: "http", scheme: "bearer" });
    const v1 = Object.entries(doc.paths).filter(([p]) => p.startsWith(`${V1}/`));
    expect(v1.length).toBeGreaterThan(80);
    for (const [p, item] of v1) for (const o of Object.values(item)) expect(o.security, p).toEqual([{ token: [] }]);
  });

  it("2: the uploads have a multipart request body, and a request valid by it is not refused with 415", async () => {
    const upload = op(`${V1}/douyin/customRole/createPhoto/{sex}`, "post");
    const form = upload.requestBody?.content["multipart/form-data"]?.schema;
    expect(form?.required).toEqual(["file"]);
    expect(Object.keys(form?.properties ?? {})).toEqual(["file", "requestId"]);
    for (const p of [`${V1}/base/file/upload`, `${V1}/douyin/customRole/cartoonUpload`, `${V1}/customMade/create`])
      expect(Object.keys(op(p, "post").requestBody?.content ?? {}), p).toEqual(["multipart/form-data"]);
    const res = await t.request
      .post(`${V1}/douyin/customRole/createPhoto/2`)
      .set("authorization", gold.token)
      .attach("file", Buffer.from("not an image at all"), { filename: "me.png", contentType: "image/png" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 1103, message: MESSAGES.photoError3.EN, data: null });
  });

  it("3: the stream-key calls document the header, the ?key= parameter and their 401", async () => {
    const webhook = op(`${P1}/live/webhook/trigger`, "post");
    expect(webhook.security).toEqual([{ streamKey: [] }, { streamKeyQuery: [] }]);
    const schemes = doc.components.securitySchemes as Record<string, Json>;
    expect(schemes.streamKey).toEqual(expect.objectContaining({ type: "apiKey", in: "header", name: "x-stream-key" }));
    expect(schemes.streamKeyQuery).toEqual(expect.objectContaining({ type: "apiKey", in: "query", name: "key" }));
    expect(Object.keys(webhook.responses)).toContain("401");
    const res = await t.request.post(`${P1}/live/webhook/trigger?key=avk_wrong`).send({ event: "gift" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(1903);
  });

  it("4: every operation declares the statuses it answers besides 200", async () => {
    const only200 = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([, o]) => Object.keys(o.responses).every((s) => s === "200"))
        .map(([m]) => `${m} ${p}`),
    );
    expect(only200).toEqual([]);
    const res = await t.request.get(`${V1}/base/file/pageList?page=0`).set("authorization", gold.token);
    expect(res.status).toBe(400);
    expect(Object.keys(op(`${V1}/base/file/pageList`, "get").responses)).toContain("400");
  });

  it("5: a page the document allows never crashes a list; one beyond its bound is refused naming it", async () => {
    const huge = 1e308;
    const get = (p: string) => t.request.get(`${p}?page=${huge}`).set("authorization", gold.token);
    const post = (p: string, body: Json) => t.request.post(p).set("authorization", gold.token).send(body);
    const answers = await Promise.all([
      get(`${V1}/base/file/pageList`),
      get(`${V1}/base/role/getListPage`),
      get(`${V1}/base/digitalmanAttribute/getListPage`),
      get(`${V1}/base/planInfo/getListPage`),
      get(`${V1}/shop/myGoods/getListPage`),
      get(`${V1}/live/history/getListPage`),
      post(`${P1}/announcement/pageList`, { page: huge }),
      post(`${V1}/douyin/customRole/pageList`, { page: huge }),
      post(`${P1}/shop/sku/search`, { page: huge }),
      post(`${V1}/order/pageList`, { page: huge }),
      post(`${V1}/shop/order/pageList`, { page: huge }),
      post(`${V1}/customMade/myMade`, { page: huge }),
    ]);
    for (const [i, res] of answers.entries()) {
      expect(res.status, `list ${i}`).toBe(400);
      expect(res.body.message).toMatch(/^Invalid field: (querystring|body)\.page$/);
    }
    // the last page the document allows answers an empty page
    const last = await t.request.get(`${V1}/base/file/pageList?page=10000`).set("authorization", gold.token);
    expect(last.body).toMatchObject({ code: 200, data: { records: [] } });
  });

  it("6: a lone surrogate or a control character is refused naming the field; multipart without a boundary too", async () => {
    const search = await t.request.post(`${P1}/shop/sku/search`).send({ keyword: "ab\ud800" });
    expect(search.status).toBe(400);
    expect(search.body).toEqual({ code: 400, message: invalid("body.keyword"), data: null });
    const contact = await t.request
      .post(`${P1}/contact`)
      .send({ name: "Ana", email: "ana@example.test", description: "hello\u0000" });
    expect(contact.body.message).toBe(invalid("body.description"));
    const analytics = await t.request.post(`${P1}/analytics/event`).send({ event: "\udfff" });
    expect(analytics.body.message).toBe(invalid("body.event"));
    // a URL carries UTF-8, where a lone surrogate cannot be written: a control character can
    const query = await t.request.get(`${P1}/uc/account/email/sendEmailCode?email=a%07b%40c.de`);
    expect(query.body.message).toBe(invalid("querystring.email"));
    const noBoundary = await t.request
      .post(`${V1}/base/file/upload`)
      .set("authorization", gold.token)
      .set("content-type", "multipart/form-data")
      .send("--x\r\n\r\n");
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toEqual({ code: 400, message: invalid("headers.content-type"), data: null });
  });

  it("7: a malformed percent-escape and an oversize header answer the envelope", async () => {
    const badUrl = await raw(`${P1}/help/doc/%E0%A4%A`);
    expect(badUrl.status).toBe(400);
    expect(JSON.parse(badUrl.body)).toEqual({ code: 400, message: invalid("url"), data: null });
    const big = await raw(`${P1}/base/config`, { "x-filler": "a".repeat(20_000) });
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ code: 431, message: MESSAGES.headersTooLarge.EN, data: null });
  });

  it("8: '' and null are not coerced where the schema does not allow them", async () => {
    const add = await t.request
      .post(`${V1}/base/planInfo/addPlanInfo`)
      .set("authorization", gold.token)
      .send({ roleId: "sys-f-01", roleType: "1" });
    const planId = add.body.data as string;
    const voices = await t.request.get(`${V1}/base/baseProductLabel/getVoiceList`).set("authorization", gold.token);
    const voiceId = (voices.body.data as { id: string; equityStatus: number }[]).find((v) => v.equityStatus === 1)?.id;
    const save = (body: Json) =>
      t.request.post(`${V1}/base/planInfo/updatePlanInfo`).set("authorization", gold.token).send(body);
    expect((await save({ planId, voiceId })).body.code).toBe(200);
    const empty = await save({ planId, voiceId: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(invalid("body.voiceId"));
    expect((await t.db.plan.findUniqueOrThrow({ where: { id: planId } })).voiceId).toBe(voiceId);
    const nullName = await save({ planId, name: null });
    expect(nullName.body.message).toBe(invalid("body.name"));
    const nullId = await t.request
      .post(`${V1}/douyin/customRole/copy`)
      .set("authorization", gold.token)
      .send({ id: null });
    expect(nullId.body.message).toBe(invalid("body.id"));
    // null clears the voice, as the schema says
    expect((await save({ planId, voiceId: null })).body.code).toBe(200);
    expect((await t.db.plan.findUniqueOrThrow({ where: { id: planId } })).voiceId).toBeNull();
  });

  it("9: operationIds, servers, and defaults instead of required", () => {
    expect(doc.servers?.length).toBe(1);
    const list = op(`${V1}/base/role/getListPage`, "get");
    expect(list.operationId).toBe("roleList");
    const required = (list.parameters ?? []).filter((p) => p.in === "query" && p.required).map((p) => p.name);
    expect(required).toEqual([]);
    const missing = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.values(item)
        .filter((o) => !o.operationId)
        .map(() => p),
    );
    expect(missing).toEqual([]);
  });

  it("10: 405 with Allow, long path parameters reach their call, one decision on content types", async () => {
    const wrongMethod = await t.request.delete(`${V1}/base/account/getUserInfo`).set("authorization", gold.token);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe("GET, HEAD");
    expect(wrongMethod.body).toEqual({ code: 405, message: MESSAGES.methodNotAllowed.EN, data: null });

    const name = `${"a".repeat(116)}.zip`;
    const download = await t.request.get(`${P1}/download/file/${name}`);
    expect(download.status).toBe(404);
    expect(download.body.code).toBe(1601);
    const longId = await t.request
      .get(`${V1}/douyin/customRole/detail/${"x".repeat(300)}`)
      .set("authorization", gold.token);
    expect(longId.status).toBe(400);
    expect(longId.body.message).toBe(invalid("params.id"));

    const form = await t.request
      .post(`${P1}/uc/account/email/emailLogin`)
      .type("form")
      .send({ email: "a@b.cd", password: "whatever1" });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe(415);
    const text = await t.request
      .post(`${P1}/uc/account/email/emailLogin`)
      .set("content-type", "text/plain")
      .send('{"email":"a@b.cd","password":"whatever1"}');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ code: 415, message: MESSAGES.unsupportedMediaType.EN, data: null });
  });
});
