/**
 * The download centre against the real app (issue 13): the list answers every client in the
 * asked language, and each PC client's link answers the real package whose SHA-256 is the one
 * listed. An unknown file is a 404 in the envelope; a package missing or altered on disk is never
 * offered (503), whatever its manifest says. docs/decisions/024.
 */

import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClientsIfStale } from "../../scripts/build-clients.ts";
import { CLIENTS_DIST, loadReleases, readManifest } from "../../server/areas/downloads/releases.ts";
import type { DownloadEntry } from "../../shared/schemas/downloads.ts";
import { asBytes, makeTestApp, type TestApp } from "../helpers/app.ts";

const LIST = "/web-api/p1/download/list";
let t: TestApp;

beforeAll(async () => {
  buildClientsIfStale();
  t = await makeTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const list = async (app: TestApp, language?: string): Promise<DownloadEntry[]> => {
  const req = app.request.get(LIST);
  const res = await (language ? req.set("language", language) : req);
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(200);
  return res.body.data;
};

/** The raw bytes of an answer, whatever its type. */
const download = (app: TestApp, url: string, language = "EN") =>
  app.request.get(url).set("language", language).buffer(true).parse(asBytes);

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const json = (res: Response) => JSON.parse((res.body as Buffer).toString("utf8"));

describe("GET /web-api/p1/download/list", () => {
  it("lists the PC clients with their package, and the iOS app with its store page", async () => {
    const entries = await list(t, "EN");
    expect(entries.map((e) => e.id)).toEqual(["pc-local", "pc-cloud", "ios"]);
    const manifest = readManifest(CLIENTS_DIST);
    for (const entry of entries.filter((e) => e.platform === "pc")) {
      const built = manifest?.packages.find((p) => p.id === entry.id);
      expect(entry.file).toEqual({
        name: built?.file,
        size: built?.size,
        sha256: built?.sha256,
        url: `/web-api/p1/download/file/${built?.file}`,
      });
      expect(entry.unavailable).toBeNull();
      expect(entry.storeUrl).toBeNull();
      expect(entry.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(entry.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.requirements.join(" ")).toContain("Node.js 20");
      expect(entry.notes.length).toBeGreaterThan(2);
    }
    const [local, cloud, ios] = entries as [DownloadEntry, DownloadEntry, DownloadEntry];
    expect(local.rendering).toBe("local");
    expect(cloud.rendering).toBe("cloud");
    // the thin client says what it does not do
    expect(cloud.notes.join(" ")).toContain("no cloud hours are deducted");
    expect(ios).toMatchObject({ platform: "ios", rendering: null, file: null, unavailable: null });
    expect(ios.storeUrl).toBe(t.env.IOS_APP_STORE_URL);
  });

  it("answers in the asked language, and in the site's without one", async () => {
    const [zhCn] = await list(t, "ZH_CN");
    const [zhTn] = await list(t, "ZH_TN");
    const [none] = await list(t);
    expect(zhCn?.name).toBe("PC 直播客户端 · 本地渲染版");
    expect(zhCn?.requirements[1]).toContain("Node.js 20 及以上");
    expect(zhTn?.name).toBe("PC 直播客戶端 · 本機渲染版");
    expect(zhTn?.notes[0]).toContain("本機渲染版客戶端");
    expect(none?.name).toBe("Live-stream client for PC · local rendering");
    // the same package in every language
    expect(zhCn?.file).toEqual(none?.file);
    expect(zhTn?.file).toEqual(none?.file);
  });

  it("takes the iOS store page from IOS_APP_STORE_URL", async () => {
    const other = await makeTestApp({ IOS_APP_STORE_URL: "https://apps.apple.com/app/id1234567890" });
    try {
      expect((await list(other)).find((e) => e.id === "ios")?.storeUrl).toBe("https://apps.apple.com/app/id1234567890");
    } finally {
      await other.close();
    }
  });
});

describe("GET /web-api/p1/download/file/{name}", () => {
  it("answers each package as an attachment whose bytes have the listed SHA-256", async () => {
    for (const entry of (await list(t)).filter((e) => e.file)) {
      const file = entry.file as NonNullable<DownloadEntry["file"]>;
      const res = await download(t, file.url);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("application/zip");
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="${file.name}"`);
      expect(Number(res.headers["content-length"])).toBe(file.size);
      const bytes = res.body as Buffer;
      expect(bytes.length).toBe(file.size);
      expect(sha256(bytes)).toBe(file.sha256);
      expect(res.headers["repr-digest"]).toBe(`sha-256=:${Buffer.from(file.sha256, "hex").toString("base64")}:`);
      // a zip whose entries sit in a folder named like the file
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
      expect(bytes.includes(Buffer.from(`${file.name.replace(/\.zip$/, "")}/server.mjs`))).toBe(true);
    }
  });

  it("answers HEAD with the headers and 304 to a matching If-None-Match", async () => {
    const file = (await list(t))[0]?.file as NonNullable<DownloadEntry["file"]>;
    const head = await t.request.head(file.url);
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(file.size);
    const again = await t.request.get(file.url).set("if-none-match", `"${file.sha256}"`);
    expect(again.status).toBe(304);
  });

  it("answers an unknown file with 404 and code 1601 in the envelope, localised", async () => {
    for (const name of [
      "avalive-live-local-0.0.1.zip",
      "manifest.json",
      "..%2Fmanifest.json",
      "..%2F..%2Fpackage.json",
    ]) {
      const res = await download(t, `/web-api/p1/download/file/${name}`, "ZH_CN");
      expect(res.status, name).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect(json(res)).toEqual({ code: 1601, message: "没有这个下载文件", data: null });
    }
  });
});

describe("a package missing or altered on disk", () => {
  let dir: string;
  let altered: TestApp;
  let local: string;
  let cloud: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-clients-"));
    fs.cpSync(CLIENTS_DIST, dir, { recursive: true });
    const manifest = readManifest(dir);
    local = manifest?.packages.find((p) => p.id === "pc-local")?.file as string;
    cloud = manifest?.packages.find((p) => p.id === "pc-cloud")?.file as string;
    // one byte changed, size kept: only the checksum can tell
    const file = path.join(dir, "packages", local);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 30] = (bytes[bytes.length - 30] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);
    fs.rmSync(path.join(dir, "packages", cloud));
    altered = await makeTestApp({ CLIENTS_DIR: dir });
  });
  afterAll(async () => {
    await altered?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is listed without a file, saying why, and its link answers 503 with code 1602", async () => {
    const entries = await list(altered, "EN");
    for (const id of ["pc-local", "pc-cloud"]) {
      expect(entries.find((e) => e.id === id)).toMatchObject({
        file: null,
        unavailable: "This client is not available on this server right now; please try again later",
      });
    }
    expect(entries.find((e) => e.id === "ios")?.storeUrl).toBeTruthy();
    for (const name of [local, cloud]) {
      const res = await download(altered, `/web-api/p1/download/file/${name}`);
      expect(res.status).toBe(503);
      expect(json(res)).toMatchObject({ code: 1602, data: null });
    }
  });

  it("is offered again once the right bytes are back", async () => {
    fs.copyFileSync(path.join(CLIENTS_DIST, "packages", local), path.join(dir, "packages", local));
    const entry = (await list(altered)).find((e) => e.id === "pc-local");
    expect(entry?.file?.sha256).toBe(readManifest(CLIENTS_DIST)?.packages.find((p) => p.id === "pc-local")?.sha256);
    const res = await download(altered, entry?.file?.url as string);
    expect(sha256(res.body as Buffer)).toBe(entry?.file?.sha256);
  });

  it("with no build at all, still lists every client", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "avalive-clients-none-"));
    const none = await makeTestApp({ CLIENTS_DIR: empty });
    try {
      const entries = await list(none, "ZH_TN");
      expect(entries.map((e) => e.id)).toEqual(loadReleases().map((r) => r.id));
      expect(entries.filter((e) => e.file)).toEqual([]);
      expect(entries[0]?.unavailable).toBe("此伺服器暫時無法提供該客戶端，請稍後再試");
      expect((await none.request.get("/clients/scene/")).status).toBe(404);
    } finally {
      await none.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("/clients/scene/", () => {
  it("hosts the scene page the thin client loads, and 404s what is not there", async () => {
    const page = await t.request.get("/clients/scene/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const script = page.text.match(/src="\.\/(assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const js = await t.request.get(`/clients/scene/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers["cache-control"]).toContain("immutable");
    expect((await t.request.get("/clients/scene/assets/nothing.js")).status).toBe(404);
  });
});
