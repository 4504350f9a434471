/**
 * Tailored models (issue 14, docs/decisions/026): the form's options, a request with its reference
 * photos checked like photo cloning's, each rule failing in turn with nothing written, diamond
 * members only, the user's paged list, owner scoping by id, and the operator's moves through the
 * states, illegal ones refused, delivery making exactly one avatar.
 */

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresUrl } from "../../infra/sql.ts";
import { seedRoles } from "../../prisma/seed.ts";
import { ROOT } from "../../scripts/lib.ts";
import { createCustomOperator } from "../../server/areas/custom/operator.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { P1, V1 } from "../helpers/account.ts";
import { makeTestApp, type TestApp } from "../helpers/app.ts";
import { fixture, gif, solidJpeg, solidPng } from "../helpers/images.ts";

let t: TestApp;
let operator: ReturnType<typeof createCustomOperator>;
beforeAll(async () => {
  t = await makeTestApp();
  operator = createCustomOperator(t.app.deps);
});
afterAll(() => t.close());

const CM = `${V1}/customMade`;
const DAY = 86_400_000;
/** A date `days` from today, UTC (the international site's zone), written YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface Form {
  sex?: string;
  style?: string;
  description?: string;
  budget?: string;
  deadline?: string;
}
const GOOD: Required<Form> = {
  sex: "2",
  style: "realistic",
  description: "A streamer avatar that looks like me, with short hair and round glasses.",
  budget: "120000",
  deadline: inDays(30),
};

function submit(token: string, form: Form = {}, photos: Buffer[] = [fixture("astronaut.png")]) {
  const req = t.request.post(`${CM}/create`).set("authorization", token).set("language", "EN");
  for (const [name, value] of Object.entries({ ...GOOD, ...form })) if (value !== undefined) req.field(name, value);
  photos.forEach((bytes, i) => {
    req.attach("photos", bytes, `photo-${i}.png`);
  });
  return req;
}

const diamond = () => t.user({ vipType: "diamond" });
const mediaFiles = () => (fs.existsSync(t.env.mediaDir) ? fs.readdirSync(t.env.mediaDir).sort() : []);

describe("custom-made select init", () => {
  it("answers the form's options to anyone, localised, in the site's currency", async () => {
    const en = await t.request.get(`${P1}/customMade/selectInit`).set("language", "EN");
    expect(en.body.code).toBe(200);
    const data = en.body.data;
    expect(data.styles.map((s: { value: string }) => s.value)).toEqual(["realistic", "stylised", "anime", "cartoon"]);
    expect(data.styles[0]).toMatchObject({ name: "Realistic" });
    expect(data.budget).toMatchObject({ min: 30000, max: 15000000, currency: "USD", symbol: "$" });
    expect(data.budget.ranges).toHaveLength(4);
    expect(data.budget.ranges[0]).toMatchObject({ id: "entry", min: 30000, max: 80000 });
    expect(data.budget.ranges[3].max).toBeNull();
    expect(data.deadline).toEqual({ today: inDays(0), min: inDays(14), max: inDays(365), minDays: 14, maxDays: 365 });
    expect(data.photos).toEqual({
      min: 1,
      max: 5,
      maxBytes: 3145728,
      minWidth: 500,
      minHeight: 500,
      mimeTypes: ["image/jpeg", "image/png", "image/jpg"],
    });
    expect(data.statuses.map((s: { name: string }) => s.name)).toEqual([
      "Submitted",
      "Quoted",
      "In production",
      "Delivered",
      "Rejected",
      "Cancelled",
    ]);
    const zh = await t.request.get(`${P1}/customMade/selectInit`).set("language", "ZH_CN");
    expect(zh.body.data.styles[0].name).toBe("写实");
    expect(zh.body.data.statuses[2].name).toBe("制作中");
  });

  it("answers in yuan (fen) on the cn site, with the deadline counted in Shanghai", async () => {
    const cn = await makeTestApp({ SITE: "cn" });
    try {
      const res = await cn.request.get(`${P1}/customMade/selectInit`);
      expect(res.body.data.budget).toMatchObject({ min: 200000, currency: "CNY", symbol: "¥" });
      const shanghaiToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
      expect(res.body.data.deadline.today).toBe(shanghaiToday);
      expect(res.body.data.styles[0].name).toBe("写实"); // the cn site speaks ZH_CN by default
    } finally {
      await cn.close();
    }
  });
});

describe("creating a request", () => {
  it("stores a diamond member's request with its photo, normalised, and answers its detail", async () => {
    const user = await diamond();
    const res = await submit(user.token);
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.message).toBe("Request sent. The studio will quote within 2 working days.");
    const data = res.body.data;
    expect(data).toMatchObject({
      status: "submitted",
      statusName: "Submitted",
      style: "realistic",
      sex: 2,
      budget: 120000,
      currency: "USD",
      symbol: "$",
      deadline: GOOD.deadline,
      quoteAmount: null,
      role: null,
      photoCount: 1,
      canCancel: true,
    });
    expect(data.requestNo).toMatch(/^CM\d{14}[A-Z2-9]{6}$/);
    expect(data.history.map((h: { status: string }) => h.status)).toEqual(["submitted"]);
    const photo = await t.request.get(data.photos[0].url).buffer(true);
    expect(photo.status).toBe(200);
    const meta = await sharp(photo.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    const row = await t.db.customRequest.findUniqueOrThrow({ where: { id: data.id }, include: { photos: true } });
    expect(row).toMatchObject({ userId: user.id, language: "EN", description: GOOD.description });
    expect(row.photos).toHaveLength(1);
  });

  it("takes up to five photos and keeps their order", async () => {
    const user = await diamond();
    const photos = [fixture("astronaut.png"), await solidJpeg(640, 520), await solidPng(520, 700)];
    const res = await submit(user.token, {}, photos);
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.photos.map((p: { width: number; height: number }) => [p.width, p.height])).toEqual([
      [512, 512],
      [640, 520],
      [520, 700],
    ]);
  });

  it("reads past a file sent under another name, and keeps only the photos", async () => {
    const user = await diamond();
    const res = await submit(user.token).attach("attachment", await solidPng(600, 600), "extra.png");
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.photoCount).toBe(1);
  });

  const noFiles = (): Buffer[] => [];
  const one = () => [fixture("astronaut.png")];
  const six = async () => Array.from({ length: 6 }, () => fixture("astronaut.png"));
  const withBad = (bad: () => Promise<Buffer> | Buffer) => async () => [fixture("astronaut.png"), await bad()];
  const cases: [string, Form, () => Promise<Buffer[]> | Buffer[], number, keyof typeof MESSAGES, object?][] = [
    ["a blank description", { description: "   " }, one, 1303, "descriptionRequired"],
    ["a description over 2000 characters", { description: "x".repeat(2001) }, one, 1304, "descriptionTooLong"],
    ["no style", { style: "" }, one, 1704, "customStyleRequired"],
    ["an unknown style", { style: "baroque" }, one, 1704, "customStyleRequired"],
    ["a budget with decimals", { budget: "120000.5" }, one, 1705, "customBudgetInvalid"],
    ["a budget in words", { budget: "lots" }, one, 1705, "customBudgetInvalid"],
    ["a budget below the lowest", { budget: "29999" }, one, 1705, "customBudgetInvalid"],
    ["a budget above the highest", { budget: "15000001" }, one, 1705, "customBudgetInvalid"],
    ["no deadline", { deadline: "" }, one, 1706, "customDeadlineInvalid"],
    ["a date that does not exist", { deadline: "2031-02-30" }, one, 1706, "customDeadlineInvalid"],
    ["a deadline in the past", { deadline: inDays(-3) }, one, 1707, "customDeadlinePast"],
    ["a deadline of today", { deadline: inDays(0) }, one, 1707, "customDeadlinePast"],
    ["a deadline too soon", { deadline: inDays(13) }, one, 1708, "customDeadlineTooSoon"],
    ["a deadline too far", { deadline: inDays(366) }, one, 1709, "customDeadlineTooFar"],
    ["no photos", {}, noFiles, 1702, "customPhotosRequired"],
    ["six photos", {}, six, 1703, "customTooManyPhotos"],
    [
      "a photo over 3 MB",
      {},
      withBad(async () => Buffer.concat([await solidPng(600, 600), Buffer.alloc(3_145_729)])),
      1101,
      "photoError1",
    ],
    ["a photo under 500x500", {}, withBad(() => solidPng(499, 600)), 1102, "photoError2"],
    ["a GIF", {}, withBad(gif), 1103, "photoError3"],
    ["a broken JPEG", {}, withBad(() => fixture("truncated.jpg")), 1104, "photoError4"],
  ];
  /** The messages' placeholders as the server fills them. */
  const params: Record<string, Record<string, string | number>> = {
    descriptionTooLong: { max: 2000 },
    customBudgetInvalid: { min: "$300", max: "$150,000" },
    customDeadlineTooSoon: { days: 14 },
    customDeadlineTooFar: { days: 365 },
    customTooManyPhotos: { max: 5 },
  };
  const fill = (text: string, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, String(v)), text);

  it.each(cases)("refuses %s with its message, writing nothing", async (_name, form, photos, code, key) => {
    const user = await diamond();
    const before = mediaFiles();
    const files = await photos();
    const res = await submit(user.token, form, files);
    expect(res.body).toEqual({ code, message: fill(MESSAGES[key].EN, params[key]), data: null });
    const zh = await submit(user.token, form, files).set("language", "ZH_CN");
    expect(zh.body.message).toBe(fill(MESSAGES[key].ZH_CN, params[key]));
    expect(await t.db.customRequest.count({ where: { userId: user.id } })).toBe(0);
    expect(mediaFiles()).toEqual(before);
  });

  it("refuses an invalid sex value naming the field", async () => {
    const user = await diamond();
    const res = await submit(user.token, { sex: "3" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid field: body.sex");
  });

  it("writes the request and its photos together: a failed write leaves no row and no file", async () => {
    const user = await diamond();
    const before = mediaFiles();
    // the photo rows fail to insert after the photos were stored and the request row was started
    const postgres = isPostgresUrl(t.env.DATABASE_URL);
    if (postgres) {
      await t.db.$executeRawUnsafe(
        "CREATE FUNCTION photo_write_fails() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$",
      );
      await t.db.$executeRawUnsafe(
        'CREATE TRIGGER photo_write_fails BEFORE INSERT ON "CustomRequestPhoto" FOR EACH ROW EXECUTE FUNCTION photo_write_fails()',
      );
    } else {
      await t.db.$executeRawUnsafe(
        "CREATE TRIGGER photo_write_fails BEFORE INSERT ON CustomRequestPhoto BEGIN SELECT RAISE(ABORT, 'disk full'); END",
      );
    }
    try {
      const res = await submit(user.token, {}, [fixture("astronaut.png"), await solidJpeg(600, 600)]);
      expect(res.status).toBe(500);
      expect(res.body.code).toBe(500);
    } finally {
      if (postgres) {
        await t.db.$executeRawUnsafe('DROP TRIGGER photo_write_fails ON "CustomRequestPhoto"');
        await t.db.$executeRawUnsafe("DROP FUNCTION photo_write_fails()");
      } else await t.db.$executeRawUnsafe("DROP TRIGGER photo_write_fails");
    }
    expect(await t.db.customRequest.count({ where: { userId: user.id } })).toBe(0);
    expect(mediaFiles()).toEqual(before);
  });

  it.each([
    ["a gold member", { vipType: "gold" }],
    ["a cloud member", { vipType: "cloud" }],
    ["a non-member", {}],
    ["an expired diamond member", { vipType: "diamond", vipExpiresAt: new Date(Date.now() - DAY) }],
  ])("refuses %s: diamond members only", async (_name, input) => {
    const user = await t.user(input);
    const before = mediaFiles();
    const res = await submit(user.token);
    expect(res.body).toEqual({
      code: 1701,
      message: "Tailored models are a diamond-member benefit. Upgrade to diamond to send a request.",
      data: null,
    });
    expect(await t.db.customRequest.count({ where: { userId: user.id } })).toBe(0);
    expect(mediaFiles()).toEqual(before);
  });

  it("needs a login", async () => {
    const res = await t.request.post(`${CM}/myMade`).send({});
    expect(res.body.code).toBe(600);
  });
});

describe("my made", () => {
  it("pages the user's requests, newest first, and filters by state", async () => {
    const user = await diamond();
    const ids: string[] = [];
    for (const description of ["first", "second", "third"]) {
      const res = await submit(user.token, { description });
      ids.push(res.body.data.id);
    }
    const list = (body: object) => t.request.post(`${CM}/myMade`).set("authorization", user.token).send(body);
    const one = await list({ page: 1, limit: 2 });
    expect(one.body.data.total).toBe(3);
    expect(one.body.data.records.map((r: { description: string }) => r.description)).toEqual(["third", "second"]);
    const two = await list({ page: 2, limit: 2 });
    expect(two.body.data.records.map((r: { description: string }) => r.description)).toEqual(["first"]);
    const past = await list({ page: 3, limit: 2 });
    expect(past.body.data).toEqual({ records: [], total: 3 });

    await operator.quote(ids[0] as string, 150000);
    const quoted = await list({ status: "quoted" });
    expect(quoted.body.data.total).toBe(1);
    expect(quoted.body.data.records[0]).toMatchObject({ id: ids[0], quoteAmount: 150000, statusName: "Quoted" });
    expect((await list({ limit: 51 })).status).toBe(400);
  });

  it("never shows nor changes another user's request, by id", async () => {
    const owner = await diamond();
    const other = await diamond();
    const { id } = (await submit(owner.token)).body.data;

    const mine = await t.request.post(`${CM}/myMade`).set("authorization", other.token).send({});
    expect(mine.body.data).toEqual({ records: [], total: 0 });
    const detail = await t.request.get(`${CM}/detail/${id}`).set("authorization", other.token);
    expect(detail.body).toMatchObject({ code: 1212, data: null });
    const cancel = await t.request.post(`${CM}/cancel/${id}`).set("authorization", other.token);
    expect(cancel.body).toMatchObject({ code: 1212, data: null });
    expect((await t.db.customRequest.findUniqueOrThrow({ where: { id } })).status).toBe("submitted");

    const own = await t.request.get(`${CM}/detail/${id}`).set("authorization", owner.token);
    expect(own.body.data).toMatchObject({ id, status: "submitted" });
  });

  it("lets the user cancel while submitted or quoted, not later", async () => {
    const user = await diamond();
    const cancel = (id: string) => t.request.post(`${CM}/cancel/${id}`).set("authorization", user.token);
    const a = (await submit(user.token)).body.data.id;
    const done = await cancel(a);
    expect(done.body).toMatchObject({ code: 200, message: "Request cancelled" });
    expect(done.body.data).toMatchObject({ status: "cancelled", canCancel: false });
    expect((await cancel(a)).body).toMatchObject({ code: 1710, message: "This request can no longer be cancelled" });

    const b = (await submit(user.token)).body.data.id;
    await operator.quote(b, 99000);
    expect((await cancel(b)).body.data.status).toBe("cancelled");

    const c = (await submit(user.token)).body.data.id;
    await operator.quote(c, 99000);
    await operator.produce(c);
    expect((await cancel(c)).body.code).toBe(1710);
    expect((await t.db.customRequest.findUniqueOrThrow({ where: { id: c } })).status).toBe("producing");
  });
});

describe("the operator's moves", () => {
  const refusedText = (status: string, action: string, allowed: string) =>
    `This request is ${status}; ${action} needs it to be ${allowed}`;

  it("quotes, produces and delivers: the avatar joins the user's avatars exactly once", async () => {
    const user = await diamond();
    const created = (await submit(user.token)).body.data;

    await expect(operator.produce(created.id)).rejects.toThrow("CUSTOM_STATE_REFUSED");
    await expect(operator.deliver(created.requestNo)).rejects.toMatchObject({
      params: { status: "submitted", action: "deliver", allowed: "producing" },
    });
    await expect(operator.quote(created.id, 0)).rejects.toMatchObject({ codeName: "CUSTOM_QUOTE_INVALID" });

    expect((await operator.quote(created.requestNo.toLowerCase(), 180000)).status).toBe("quoted");
    expect((await operator.quote(created.id, 175000)).quoteAmount).toBe(175000); // quoted again
    expect((await operator.produce(created.id)).status).toBe("producing");
    await expect(operator.quote(created.id, 100000)).rejects.toMatchObject({
      params: { status: "producing", action: "quote", allowed: "submitted or quoted" },
    });

    const delivered = await operator.deliver(created.id);
    expect(delivered.status).toBe("delivered");
    const roles = await t.db.customRole.findMany({ where: { userId: user.id } });
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({
      id: delivered.roleId,
      kind: "tailored",
      name: "Tailored model · Realistic",
      description: created.requestNo,
      sex: 2,
    });

    // delivered twice: refused, still one avatar
    await expect(operator.deliver(created.id)).rejects.toMatchObject({
      codeName: "CUSTOM_STATE_REFUSED",
      params: { status: "delivered" },
    });
    await expect(operator.reject(created.id, "too late")).rejects.toMatchObject({ params: { status: "delivered" } });
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(1);

    // the user sees it: in My avatars, and linked from the request
    const avatars = await t.request
      .post(`${V1}/douyin/customRole/pageList`)
      .set("authorization", user.token)
      .send({ page: 1, limit: 20 });
    expect(avatars.body.data.records).toHaveLength(1);
    expect(avatars.body.data.records[0]).toMatchObject({ kind: "tailored", id: delivered.roleId });
    expect((await t.request.get(avatars.body.data.records[0].img)).status).toBe(200);
    const detail = await t.request.get(`${CM}/detail/${created.id}`).set("authorization", user.token);
    expect(detail.body.data.role).toMatchObject({ id: delivered.roleId, name: "Tailored model · Realistic" });
    expect(detail.body.data.history.map((h: { status: string }) => h.status)).toEqual([
      "submitted",
      "quoted",
      "producing",
      "delivered",
    ]);
    expect(detail.body.data.quoteAmount).toBe(175000);
  });

  it("delivers once when two operators deliver at the same time", async () => {
    const user = await diamond();
    const { id } = (await submit(user.token)).body.data;
    await operator.quote(id, 90000);
    await operator.produce(id);
    const results = await Promise.allSettled([operator.deliver(id), operator.deliver(id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(await t.db.customRole.count({ where: { userId: user.id } })).toBe(1);
    const row = await t.db.customRequest.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe("delivered");
    expect(await t.db.customRole.findUnique({ where: { id: row.roleId as string } })).not.toBeNull();
  });

  it("makes the style's base avatar when no reference photo shows a face", async () => {
    await seedRoles(t.db);
    const user = await diamond();
    const cat = await sharp(fixture("chelsea.png")).resize(760, 506).png().toBuffer();
    const { id } = (await submit(user.token, { style: "anime", sex: "1" }, [cat])).body.data;
    await operator.quote(id, 90000);
    await operator.produce(id);
    const delivered = await operator.deliver(id);
    const role = await t.db.customRole.findUniqueOrThrow({ where: { id: delivered.roleId as string } });
    expect(role).toMatchObject({ kind: "tailored", sex: 1, sourceRoleId: "sys-m-02", name: "Tailored model · Anime" });
    expect((await t.request.get(`/media/${role.imgKey}`)).status).toBe(200);
  });

  it("rejects with a reason the user sees; a blank reason is refused", async () => {
    const user = await diamond();
    const { id } = (await submit(user.token)).body.data;
    await expect(operator.reject(id, "  ")).rejects.toMatchObject({ codeName: "CUSTOM_REASON_REQUIRED" });
    await operator.reject(id, "We cannot model from a single side view.");
    await expect(operator.quote(id, 100000)).rejects.toMatchObject({ params: { status: "rejected" } });
    await expect(operator.produce(id)).rejects.toMatchObject({ params: { status: "rejected" } });
    const detail = await t.request.get(`${CM}/detail/${id}`).set("authorization", user.token);
    expect(detail.body.data).toMatchObject({
      status: "rejected",
      statusName: "Rejected",
      rejectReason: "We cannot model from a single side view.",
      canCancel: false,
    });
  });

  it("is the documented command: npm run custom moves a request and refuses an illegal move", () => {
    const run = (...args: string[]) =>
      spawnSync(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/custom.ts", ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.env.DATABASE_URL },
        encoding: "utf8",
      });
    return (async () => {
      const user = await diamond();
      const { id, requestNo } = (await submit(user.token)).body.data;
      const produce = run("produce", requestNo);
      expect(produce.status).toBe(1);
      expect(produce.stderr.trim()).toBe(`custom: ${refusedText("submitted", "produce", "quoted")}`);
      const quote = run("quote", requestNo, "250000");
      expect(quote.status, quote.stderr).toBe(0);
      expect(quote.stdout.trim()).toBe(`quoted ${requestNo} at $2,500`);
      const list = run("list", "quoted");
      expect(list.stdout).toContain(`${requestNo}  quoted`);
      expect(list.stdout).toContain(id);
      expect(run("show", "CM-NOPE").stderr.trim()).toBe('custom: no request "CM-NOPE"');
      expect((await t.db.customRequest.findUniqueOrThrow({ where: { id } })).quoteAmount).toBe(250000);
    })();
  }, 60_000);
});
