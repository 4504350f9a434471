import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../shared/messages.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { claimedPng, fixture, gif, solidJpeg, solidPng, svg } from "../helpers/images.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const upload = (token: string, bytes: Buffer, filename = "photo.png") =>
  t.request.post("/web-api/v1/base/file/upload").set("authorization", token).attach("file", bytes, filename);

describe("uploading an image", () => {
  it("stores it, makes its thumbnail through the job, and serves both", async () => {
    const user = await t.user();
    const res = await upload(user.token, fixture("astronaut.png"), "astronaut.png");
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe("Saved");
    const file = res.body.data;
    expect(file).toMatchObject({ name: "astronaut.png", mime: "image/png", width: 512, height: 512 });
    expect(file.thumbnailUrl).toMatch(/^\/media\/.+\.thumb256\.webp$/);

    const thumb = await t.request.get(file.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    const original = await t.request.get(file.url);
    expect(original.status).toBe(200);

    const row = await t.db.storedFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.userId).toBe(user.id);
    expect(await t.app.deps.storage.exists(row.thumbKey as string)).toBe(true);
  });

  it("lists only the owner's files, newest first", async () => {
    const alice = await t.user();
    const bob = await t.user();
    await upload(alice.token, await solidJpeg(64, 64), "one.jpg");
    await upload(alice.token, await solidPng(64, 64), "two.png");
    await upload(bob.token, await solidPng(32, 32), "bobs.png");
    const res = await t.request.get("/web-api/v1/base/file/pageList?page=1&limit=10").set("authorization", alice.token);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.records.map((r: { name: string }) => r.name)).toEqual(["two.png", "one.jpg"]);
  });

  it("keeps each user's files their own: another user's id is not found", async () => {
    const owner = await t.user();
    const other = await t.user();
    const { body } = await upload(owner.token, await solidPng(40, 40));
    const id = body.data.id;
    const get = await t.request.get(`/web-api/v1/base/file/${id}`).set("authorization", other.token);
    expect(get.body).toEqual({ code: 1212, message: "Not found", data: null });
    const del = await t.request.delete(`/web-api/v1/base/file/${id}`).set("authorization", other.token);
    expect(del.body.code).toBe(1212);
    expect(await t.db.storedFile.count({ where: { id } })).toBe(1);
    const mine = await t.request.get(`/web-api/v1/base/file/${id}`).set("authorization", owner.token);
    expect(mine.body.data.id).toBe(id);
  });

  it("deletes the row and the files", async () => {
    const user = await t.user();
    const { body } = await upload(user.token, await solidPng(40, 40));
    const row = await t.db.storedFile.findUniqueOrThrow({ where: { id: body.data.id } });
    const res = await t.request.delete(`/web-api/v1/base/file/${row.id}`).set("authorization", user.token);
    expect(res.body.code).toBe(200);
    expect(await t.db.storedFile.count({ where: { id: row.id } })).toBe(0);
    expect(await t.app.deps.storage.exists(row.key)).toBe(false);
  });
});

describe("refusing bad images, judged by their bytes", () => {
  it.each([
    ["a GIF named .png", gif, 1103, MESSAGES.photoError3.EN],
    ["an SVG named .png", async () => svg(), 1103, MESSAGES.photoError3.EN],
    ["a truncated JPEG", async () => fixture("truncated.jpg"), 1104, MESSAGES.photoError4.EN],
    [
      "3 MB + 1 byte",
      async () => Buffer.concat([await solidPng(10, 10), Buffer.alloc(3_145_729)]),
      1101,
      MESSAGES.photoError1.EN,
    ],
    ["a 14000x14000 PNG of a few hundred bytes", async () => claimedPng(14000, 14000), 1101, MESSAGES.photoError1.EN],
  ])("refuses %s", async (_name, make, code, message) => {
    const user = await t.user();
    const before = await t.db.storedFile.count();
    const res = await upload(user.token, await make());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code, message, data: null });
    expect(await t.db.storedFile.count()).toBe(before);
  });

  it("refuses a request without the file field", async () => {
    const user = await t.user();
    const res = await t.request
      .post("/web-api/v1/base/file/upload")
      .set("authorization", user.token)
      .field("other", "x");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Missing field: body.file");
  });

  it("refuses a non-multipart upload with 415", async () => {
    const user = await t.user();
    const res = await t.request
      .post("/web-api/v1/base/file/upload")
      .set("authorization", user.token)
      .send({ file: "x" });
    expect(res.status).toBe(415);
  });
});

describe("nothing half-written", () => {
  it("undoes the upload when its thumbnail job fails", async () => {
    const user = await t.user();
    const run = vi
      .spyOn(t.app.deps.jobs, "run")
      .mockRejectedValueOnce(new (await import("../../server/jobs/runner.ts")).JobFailedError("boom"));
    const filesBefore = fs.readdirSync(t.env.mediaDir).length;
    const res = await upload(user.token, await solidPng(50, 50));
    run.mockRestore();
    expect(res.status).toBe(503);
    expect(res.body.code).toBe(503);
    expect(await t.db.storedFile.count({ where: { userId: user.id } })).toBe(0);
    expect(fs.readdirSync(t.env.mediaDir).length).toBe(filesBefore);
  });
});
