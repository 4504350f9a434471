/**
 * The PC client packages run (issue 13): each is unzipped and its launcher started with Node
 * against the real app, as a streamer would. It serves its page and (local rendering) the scene
 * from the package, or (cloud rendering) the scene the server hosts; it logs in with email and
 * password and answers the plan in use and the cloud hours; it refuses other web pages.
 */

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { buildClientsIfStale } from "../../scripts/build-clients.ts";
import { CLIENTS_DIST, readManifest } from "../../server/areas/downloads/releases.ts";
import { V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { type RunningClient, startClient, unzipPackage } from "../helpers/client.ts";

const PASSWORD = "Client-pass-123";
let t: TestApp;
let server: string;
let email: string;
let planId: string;

beforeAll(async () => {
  buildClientsIfStale();
  t = await makeTestApp();
  await seedRoles(t.db);
  await seedCatalogue(t.db);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  server = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const user = await t.user({ password: PASSWORD, vipType: "gold" });
  email = user.email as string;
  const added = await t.request
    .post(`${V1}/base/planInfo/addPlanInfo`)
    .set("authorization", user.token)
    .send({ roleId: "sys-f-01", roleType: "1", name: "Night stream" });
  expect(added.body.code, added.body.message).toBe(200);
  planId = added.body.data;
  await t.request.post(`${V1}/base/planInfo/usePlan`).set("authorization", user.token).send({ planId });
  await t.db.cloudHourEntry.create({ data: { userId: user.id, minutes: 150, reason: "adjustment" } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function packageBytes(id: string): Uint8Array {
  const file = readManifest(CLIENTS_DIST)?.packages.find((p) => p.id === id)?.file;
  if (!file) throw new Error(`no package ${id}`);
  return fs.readFileSync(path.join(CLIENTS_DIST, "packages", file));
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

const call = async <T>(client: RunningClient, name: string, body?: unknown, language = "EN") => {
  const res = await fetch(`${client.url}/launcher/${name}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? { language } : { language, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope<T>;
};

describe.each([
  ["pc-local", "local"],
  ["pc-cloud", "cloud"],
] as const)("the %s package", (id, variant) => {
  let client: RunningClient;
  let folder: string;

  beforeAll(async () => {
    folder = unzipPackage(packageBytes(id));
    client = await startClient(folder, server);
  });
  afterAll(async () => {
    await client?.stop();
  });

  it("holds the launcher, its start scripts, a README and the client page", () => {
    for (const file of ["server.mjs", "start.cmd", "start.sh", "start.command", "README.txt", "config.json"]) {
      expect(fs.existsSync(path.join(folder, file)), file).toBe(true);
    }
    for (const file of ["start.sh", "start.command", "server.mjs"]) {
      expect(fs.statSync(path.join(folder, file)).mode & 0o777, file).toBe(0o755);
    }
    expect(fs.statSync(path.join(folder, "README.txt")).mode & 0o777).toBe(0o644);
    expect(fs.readFileSync(path.join(folder, "start.cmd"), "utf8")).toContain("node server.mjs --open %*\r\n");
    expect(JSON.parse(fs.readFileSync(path.join(folder, "config.json"), "utf8"))).toMatchObject({ variant });
    // only the local-rendering client carries the 3D engine
    expect(fs.existsSync(path.join(folder, "scene", "index.html"))).toBe(variant === "local");
    const readme = fs.readFileSync(path.join(folder, "README.txt"), "utf8");
    expect(readme).toContain("Go live with OBS Studio");
    expect(readme).toContain("用 OBS Studio 开播");
    expect(readme).toContain("用 OBS Studio 開播");
    expect(fs.readFileSync(path.join(folder, "THIRD-PARTY-NOTICES.txt"), "utf8")).toContain("react-dom");
  });

  it("serves its page and the scene, with their scripts", async () => {
    expect(client.output()).toContain(`(${variant} rendering)`);
    for (const page of ["/", "/scene/"]) {
      const res = await fetch(`${client.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      const html = await res.text();
      const script = html.match(/src="\.\/(assets\/[^"]+\.js)"/)?.[1];
      const js = await fetch(`${client.url}${page}${script}`);
      expect(js.status, `${page}${script}`).toBe(200);
      expect(js.headers.get("content-type")).toContain("javascript");
    }
    // the thin client's scene is the server's
    if (variant === "cloud") {
      const hosted = fs.readFileSync(path.join(CLIENTS_DIST, "scene", "index.html"), "utf8");
      expect(await (await fetch(`${client.url}/scene/`)).text()).toBe(hosted);
    }
    expect((await fetch(`${client.url}/scene`, { redirect: "manual" })).headers.get("location")).toBe("/scene/");
    expect((await fetch(`${client.url}/../package.json`)).status).toBe(404);
  });

  it("logs in with email and password, then answers the plan in use and the cloud hours", async () => {
    expect((await call(client, "plan")).code).toBe(600);
    const wrong = await call(client, "login", { email, password: "not-the-password" }, "ZH_CN");
    expect(wrong).toMatchObject({ code: 1001, data: null });
    expect(wrong.message).toBe("邮箱或密码错误");

    const state = await call<{ account: { email: string }; server: string; variant: string }>(client, "login", {
      email,
      password: PASSWORD,
    });
    expect(state.code).toBe(200);
    expect(state.data).toMatchObject({ account: { email }, server, variant });

    const plan = await call<{ planId: string; name: string; role: { sex: number } }>(client, "plan");
    expect(plan.code).toBe(200);
    expect(plan.data).toMatchObject({ planId, name: "Night stream" });
    const vip = await call<{ cloudHours: { balanceMinutes: number }; current: { tierName: string } }>(
      client,
      "vip",
      undefined,
      "ZH_TN",
    );
    expect(vip.data.cloudHours.balanceMinutes).toBe(150);
    expect(vip.data.current.tierName).toBeTruthy();
    // the session is kept on this PC, privately
    const session = path.join(client.home, "session.json");
    expect(JSON.parse(fs.readFileSync(session, "utf8"))).toMatchObject({ email, server });
    if (process.platform !== "win32") expect(fs.statSync(session).mode & 0o077).toBe(0);
  });

  it("refuses other web pages and other host names", async () => {
    const fromSite = await fetch(`${client.url}/launcher/logout`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(fromSite.status).toBe(403);
    // a form post cannot send JSON: refused too
    const form = await fetch(`${client.url}/launcher/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a&password=b",
    });
    expect(form.status).toBe(403);
    // a DNS name rebound to 127.0.0.1
    const rebound = await new Promise<number>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port: client.port, path: "/launcher/state", headers: { host: "evil.example" } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on("error", reject);
    });
    expect(rebound).toBe(403);
    // still logged in
    expect((await call(client, "plan")).code).toBe(200);
  });

  it("logs out, on the server too", async () => {
    const token = JSON.parse(fs.readFileSync(path.join(client.home, "session.json"), "utf8")).token as string;
    expect((await call(client, "logout", {})).data).toMatchObject({ account: null });
    expect((await call(client, "plan")).code).toBe(600);
    expect(fs.existsSync(path.join(client.home, "session.json"))).toBe(false);
    const revoked = await t.request.get(`${V1}/base/account/getUserInfo`).set("authorization", token);
    expect(revoked.body.code).toBe(600);
  });
});
