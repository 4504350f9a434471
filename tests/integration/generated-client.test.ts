/**
 * A client generated from the served document drives the real server through the product's flow
 * (issue 44, "Must show"; docs/api.md, "Generate a client"): openapi-typescript writes the types
 * from http://…/web-api/docs/json as a user would (`npm run api:client -- <url> -o <file>`), tsc
 * compiles tests/contract/flow.ts against them, and the flow runs over HTTP with openapi-fetch.
 * Nothing generated is committed (tests/contract/.generated/ is ignored). About 15 s: the
 * generator 2 s, tsc 5 s, the flow (a photo clone among it) 5 s. SQLite only.
 */

import { execFile } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue, seedRoles } from "../../prisma/seed.ts";
import { seedShop } from "../../prisma/shop.ts";
import { latestCode } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { onPostgres } from "../helpers/pg.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONTRACT = path.join(ROOT, "tests/contract");
const GENERATED = path.join(CONTRACT, ".generated");
const run = promisify(execFile);

/** tests/contract/flow.ts, loaded by path: the project's typecheck never sees the generated types. */
interface Flow {
  runFlow(h: {
    baseUrl: string;
    emailedCode(email: string): Promise<string>;
    pay(payUrl: string): Promise<void>;
    photo: Uint8Array;
    log(line: string): void;
  }): Promise<{ userId: string; planId: string; cloned: string; percents: number[]; orderNo: string }>;
}

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  if (onPostgres()) return;
  t = await makeTestApp({ AVALIVE_PROFILE: "test" });
  await seedRoles(t.db);
  await seedCatalogue(t.db);
  await seedShop(t.db);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t?.close());

describe.skipIf(onPostgres())("a client generated from the served document", () => {
  it("is generated, compiles, and completes the product's flow against the real server", async () => {
    fs.rmSync(GENERATED, { recursive: true, force: true });
    fs.mkdirSync(GENERATED, { recursive: true });
    const types = path.join(GENERATED, "avalive-api.ts");
    // the command docs/api.md gives, pointed at this server
    await run("npm", ["run", "--silent", "api:client", "--", `${baseUrl}/web-api/docs/json`, "-o", types], {
      cwd: ROOT,
    });
    expect(fs.readFileSync(types, "utf8")).toContain('"/web-api/v1/douyin/customRole/createPhoto/{sex}"');
    await run(path.join(ROOT, "node_modules/.bin/tsc"), ["-p", path.join(CONTRACT, "tsconfig.json")], {
      cwd: ROOT,
    }).catch((error: { stdout: string }) => {
      throw new Error(`the flow does not compile against the generated client:\n${error.stdout}`);
    });

    const { runFlow } = (await import(pathToFileURL(path.join(CONTRACT, "flow.ts")).href)) as Flow;
    const lines: string[] = [];
    const result = await runFlow({
      baseUrl,
      emailedCode: (email) => latestCode(t, email),
      // the sandbox checkout page's Pay button: a form post, as the browser sends it
      async pay(payUrl) {
        const page = new URL(payUrl, baseUrl);
        page.pathname += "/pay";
        const res = await fetch(page, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "number=4242424242424242",
          redirect: "manual",
        });
        expect(res.status).toBe(303);
      },
      photo: fs.readFileSync(path.join(ROOT, "tests/fixtures/faces/frontal-fair.jpg")),
      log: (line) => lines.push(line),
    });
    console.info(`generated client flow:\n  ${lines.join("\n  ")}`);

    // what the flow did is in the database
    const user = await t.db.user.findUniqueOrThrow({ where: { id: result.userId } });
    expect(user.vipType).toBe("gold");
    expect((await t.db.order.findFirstOrThrow({ where: { orderNo: result.orderNo } })).status).toBe(2);
    expect(await t.db.customRole.count({ where: { userId: result.userId } })).toBe(2);
    expect((await t.db.plan.findUniqueOrThrow({ where: { id: result.planId } })).usedAt).not.toBeNull();
    expect(await t.db.entitlement.count({ where: { userId: result.userId, kind: "item" } })).toBe(1);
    expect(await t.db.session.count({ where: { userId: result.userId, revokedAt: null } })).toBe(1);
    // the clone's progress, polled while it ran, rose to 100
    expect(result.percents.length).toBeGreaterThan(2);
    expect(result.percents).toEqual([...result.percents].sort((a, b) => a - b));
    expect(result.percents.at(-1)).toBe(100);
  }, 120_000);
});
