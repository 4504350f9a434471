/**
 * The app on STORAGE=s3, against a real S3 API (s3rver on a free port): uploads, their thumbnails
 * made by the job, /media/ serving, deletes, a photo clone, and the same access rules as on disk.
 * Then MEDIA_URLS=signed: /media/{key} redirects to a signed URL the bucket serves.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { fixture, solidPng } from "../helpers/images.ts";
import { type LocalS3, startS3 } from "../helpers/s3.ts";

let s3: LocalS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await makeTestApp(s3.env("avalive-media", "site-a/"));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const upload = (token: string, bytes: Buffer, filename = "photo.png") =>
  t.request.post(`${V1}/base/file/upload`).set("authorization", token).attach("file", bytes, filename);

/** Nothing is written to DATA_DIR/media when the files are in the bucket. */
const onDisk = () => (fs.existsSync(t.env.mediaDir) ? fs.readdirSync(t.env.mediaDir) : []);

describe("media in an S3 bucket", () => {
  it("uses the bucket", () => {
    expect(t.app.deps.storage.kind).toBe("s3");
  });

  it("uploads, makes the thumbnail through the job, serves both through the server, and deletes them", async () => {
    const user = await t.user();
    const bytes = fixture("astronaut.png");
    const res = await upload(user.token, bytes, "astronaut.png");
    expect(res.body.code).toBe(200);
    const file = res.body.data;
    expect(file.url).toMatch(/^\/media\/[A-Za-z0-9_-]{24}\.png$/);
    expect(file.thumbnailUrl).toBe(file.url.replace(/\.png$/, ".thumb256.webp"));

    const original = await t.request.get(file.url).buffer(true);
    expect(original.status).toBe(200);
    expect(original.headers["content-type"]).toBe("image/png");
    expect(original.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // the library keeps the image re-written without metadata (decision 048): the stored file's bytes
    const stored = await t.app.deps.storage.read(file.url.replace("/media/", ""));
    expect(file.size).toBe(stored.length);
    expect(Number(original.headers["content-length"])).toBe(stored.length);
    expect(Buffer.compare(original.body as Buffer, stored)).toBe(0);
    const thumb = await t.request.get(file.thumbnailUrl).buffer(true);
    expect(thumb.status).toBe(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect((await sharp(thumb.body as Buffer).metadata()).width).toBe(256);

    const head = await t.request.head(file.url);
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(stored.length);
    // revalidation by the bucket's ETag
    const again = await t.request.get(file.url).set("if-none-match", original.headers.etag as string);
    expect(again.status).toBe(304);

    const row = await t.db.storedFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(await t.app.deps.storage.exists(row.thumbKey as string)).toBe(true);
    const del = await t.request.delete(`${V1}/base/file/${file.id}`).set("authorization", user.token);
    expect(del.body.code).toBe(200);
    expect(await t.app.deps.storage.exists(row.key)).toBe(false);
    expect(await t.app.deps.storage.exists(row.thumbKey as string)).toBe(false);
    expect((await t.request.get(file.url)).status).toBe(404);
    expect(onDisk()).toEqual([]);
  });

  it("keeps each user's files their own: another user's id is not found, and nothing is deleted", async () => {
    const owner = await t.user();
    const other = await t.user();
    const { body } = await upload(owner.token, await solidPng(40, 40));
    const id = body.data.id;
    expect((await t.request.get(`${V1}/base/file/${id}`).set("authorization", other.token)).body).toEqual({
      code: 1212,
      message: "Not found",
      data: null,
    });
    expect((await t.request.delete(`${V1}/base/file/${id}`).set("authorization", other.token)).body.code).toBe(1212);
    expect(
      (await t.request.get(`${V1}/base/file/pageList?page=1&limit=10`).set("authorization", other.token)).body.data
        .total,
    ).toBe(0);
    const row = await t.db.storedFile.findUniqueOrThrow({ where: { id } });
    expect(await t.app.deps.storage.exists(row.key)).toBe(true);
    // The media URL is the capability, as on disk: whoever has it may fetch the file.
    expect((await t.request.get(body.data.url)).status).toBe(200);
  });

  it("answers unknown and malformed media keys 404 with the envelope, as on disk", async () => {
    for (const url of ["/media/AAAAAAAAAAAAAAAAAAAAAAAA.png", "/media/..%2Fapp.db", "/media/a..b", "/media/x/y.png"]) {
      const res = await t.request.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.code, url).toBe(404);
    }
  });

  it("clones a photo through the bucket: the job reads the upload there, writes the photo, crop, texture and portrait there", async () => {
    const user = await t.user({ vipType: "gold" });
    const requestId = randomUUID();
    const res = await t.request
      .post(`${V1}/douyin/customRole/createPhoto/2`)
      .set("authorization", user.token)
      .field("requestId", requestId)
      .attach("file", fixture("astronaut.png"), "astronaut.png");
    expect(res.body.message).toBe("Cloning Successfully");
    const detail = await t.request
      .get(`${V1}/douyin/customRole/detail/${res.body.data}`)
      .set("authorization", user.token);
    // the card shows the clone's 3D portrait (decision 058), not a crop of the photo
    expect(detail.body.data.img).toMatch(/^\/media\/avatar-[0-9a-f]{24}\.webp$/);
    expect((await t.request.get(detail.body.data.img)).status).toBe(200);
    const storage = t.app.deps.storage;
    // the face crop and the face texture (decision 049) are in the bucket too
    for (const end of [".thumb256.webp", ".face.png"])
      expect((await storage.read(`${res.body.data}${end}`)).length).toBeGreaterThan(0);
    // the original upload is gone, the normalised photo (without its metadata) is in the bucket
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(1);
    // named by the role (the user and the request id, decision 048); the original went under a random key
    const photo = await storage.read(`${res.body.data}.jpg`);
    expect((await sharp(photo).metadata()).exif).toBeUndefined();
    expect(onDisk()).toEqual([]);
  }, 60_000);
});

describe("MEDIA_URLS=signed", () => {
  let signed: TestApp;
  beforeAll(async () => {
    signed = await makeTestApp({ ...s3.env("avalive-media", "site-a/"), MEDIA_URLS: "signed" });
  });
  afterAll(() => signed?.close());

  it("redirects /media/{key} to a signed URL of the bucket, which serves the file", async () => {
    const key = await signed.app.deps.storage.put(await solidPng(20, 20), "png");
    const res = await signed.request.get(`/media/${key}`);
    expect(res.status).toBe(302);
    expect(res.headers["cache-control"]).toBe("private, max-age=1800");
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^${s3.endpoint}/avalive-media/site-a/${key}\\?.*X-Amz-Signature=`));
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(20);
  });

  it("lets the page load media from the bucket (CSP), and still refuses malformed keys", async () => {
    const res = await signed.request.get("/workbench/myplan"); // a page's headers
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
    expect(csp).toContain(`connect-src 'self' ${s3.endpoint}`);
    expect((await signed.request.get("/media/a..b")).status).toBe(404);
  });
});
