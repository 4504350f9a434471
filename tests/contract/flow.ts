/**
 * The product's main flow, written against a client generated from the served OpenAPI document
 * only (openapi-typescript + openapi-fetch; docs/api.md, "Generate a client"). It imports the
 * generated types from ./.generated/, which tests/integration/generated-client.test.ts writes
 * and compiles this file against (tests/contract/tsconfig.json) before running it: a field the
 * document lacks, or a wrong type, fails the compile. Nothing here knows the server's code.
 *
 * Two things a person does outside the API are the harness's: reading the emailed code from the
 * outbox, and paying on the payment provider's (sandbox) checkout page.
 */

import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./.generated/avalive-api.ts";

export interface Harness {
  baseUrl: string;
  /** The code the last email to this address carries. */
  emailedCode(email: string): Promise<string>;
  /** Pay on the provider's checkout page the order's payUrl points at. */
  pay(payUrl: string): Promise<void>;
  /** A portrait with one face (JPEG bytes). */
  photo: Uint8Array;
  /** What the flow did, step by step. */
  log(line: string): void;
}

/** The envelope as openapi-fetch types it: a `data` that is always null is left out of its type. */
type Envelope = { code: number; message: string; data?: unknown };
/** The data of the success branch (code 200) of an operation's answer. */
type SuccessData<T> = Extract<T, { code: 200 }> extends { data: infer D } ? D : null;

/** Every answer is `{code, message, data}`: success narrows to the data, anything else throws. */
function ok<T extends Envelope>(
  answer: { data?: T; error?: unknown; response: Response },
  step: string,
): SuccessData<T> {
  const body = answer.data;
  if (body?.code !== 200) {
    throw new Error(`${step}: HTTP ${answer.response.status} ${JSON.stringify(body ?? answer.error)}`);
  }
  return (body.data ?? null) as SuccessData<T>;
}

export async function runFlow(h: Harness) {
  let token: string | null = null;
  // The document's security scheme: `Authorization: Bearer <token>` on the calls that declare it.
  const auth: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set("authorization", `Bearer ${token}`);
      return request;
    },
  };
  const api = createClient<paths>({ baseUrl: h.baseUrl });
  api.use(auth);
  const language = { header: { language: "EN" as const } };

  // register by email with the emailed code, then log in
  const email = `flow-${Date.now()}@example.test`;
  const password = "a-long-password-1";
  ok(await api.GET("/web-api/p1/uc/account/email/sendEmailCode", { params: { query: { email } } }), "sendEmailCode");
  const code = await h.emailedCode(email);
  const registered = ok(
    await api.POST("/web-api/p1/uc/account/email/registerLogin", { body: { email, code, password } }),
    "registerLogin",
  );
  h.log(`registered ${email}`);
  token = ok(
    await api.POST("/web-api/p1/uc/account/email/emailLogin", { body: { email, password } }),
    "emailLogin",
  ).token;
  if (token === registered.token) throw new Error("a login should give a new token");
  const me = ok(
    await api.GET("/web-api/v1/base/account/getUserInfo", {
      params: { query: { t: String(Date.now()) }, ...language },
    }),
    "getUserInfo",
  );
  h.log(`logged in as ${me.userId}, vipType ${me.vipType ?? "none"}`);

  // the one-time trial
  const trial = ok(await api.POST("/web-api/v1/vip/trial"), "trialStart");
  h.log(`trial: ${trial.current?.tier} until ${trial.current?.expiresAt}`);

  // a gold membership, paid through the sandbox provider
  const skus = ok(await api.GET("/web-api/p1/vip/sku/list"), "vipSkus");
  const gold = skus.find((s) => s.tier === "gold" && s.period === "month");
  if (!gold) throw new Error("no gold month to buy");
  const config = ok(await api.GET("/web-api/p1/base/config"), "siteConfig");
  const channel = config.payMethods[0] as "card" | "alipay" | "wechat";
  const ticket = ok(await api.PUT("/web-api/v1/order/create", { body: { skuId: gold.id, channel } }), "orderCreate");
  await h.pay(ticket.payUrl);
  let paid = false;
  for (let i = 0; i < 100 && !paid; i++) {
    const status = ok(
      await api.GET("/web-api/v1/order/status/{orderId}", { params: { path: { orderId: ticket.orderId } } }),
      "orderStatus",
    );
    paid = status.paidAt !== null;
    if (!paid) await new Promise((r) => setTimeout(r, 100));
  }
  if (!paid) throw new Error(`order ${ticket.orderNo} was not paid`);
  const member = ok(await api.GET("/web-api/v1/base/account/getUserInfo", { params: { query: {} } }), "getUserInfo");
  if (member.vipType !== "gold") throw new Error(`paid gold, holds ${member.vipType}`);
  h.log(`paid ${ticket.orderNo} (${ticket.amount} ${ticket.currency}): ${member.vipType}`);

  // a custom avatar from a system role
  const roles = ok(await api.GET("/web-api/v1/base/role/getListPage", { params: { query: {} } }), "roleList");
  const open = roles.records.find((r) => r.equityStatus === 1);
  if (!open) throw new Error("no system avatar open to a gold member");
  const avatarId = ok(
    await api.POST("/web-api/v1/douyin/customRole/create", { body: { id: open.id, name: "My first face" } }),
    "customRoleCreate",
  );
  h.log(`custom avatar ${avatarId} from ${open.id}`);

  // a photo clone, its progress polled while it runs
  const requestId = crypto.randomUUID();
  const percents: number[] = [];
  let cloning = true;
  const polling = (async () => {
    while (cloning) {
      const { data } = await api.GET("/web-api/v1/douyin/customRole/photoProgress/{requestId}", {
        params: { path: { requestId } },
      });
      if (data?.code === 200 && percents.at(-1) !== data.data.percent) percents.push(data.data.percent);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const cloned = ok(
    await api.POST("/web-api/v1/douyin/customRole/createPhoto/{sex}", {
      params: { path: { sex: 2 } },
      // the document's form: `file` (binary; typed string by the generator) and `requestId`
      body: { file: new Blob([new Uint8Array(h.photo)], { type: "image/jpeg" }) as unknown as string, requestId },
      bodySerializer(body) {
        const form = new FormData();
        form.set("requestId", body.requestId ?? "");
        form.set("file", body.file as unknown as Blob, "me.jpg");
        return form;
      },
    }),
    "photoCreate",
  );
  cloning = false;
  await polling;
  const finished = ok(
    await api.GET("/web-api/v1/douyin/customRole/photoProgress/{requestId}", { params: { path: { requestId } } }),
    "photoProgress",
  );
  percents.push(finished.percent);
  h.log(`photo clone ${cloned}, progress seen ${percents.join(" → ")}`);

  // a plan created on the avatar, saved with a name and a voice, given a gift reply, and used
  const planId = ok(
    await api.POST("/web-api/v1/base/planInfo/addPlanInfo", { body: { roleId: avatarId, roleType: "2" } }),
    "planAdd",
  );
  const voices = ok(await api.GET("/web-api/v1/base/baseProductLabel/getVoiceList"), "voiceList");
  const voice = voices.find((v) => v.equityStatus === 1);
  ok(
    await api.POST("/web-api/v1/base/planInfo/updatePlanInfo", {
      body: { planId, name: "Friday stream", ...(voice ? { voiceId: voice.id } : {}) },
    }),
    "planUpdate",
  );
  const events = ok(
    await api.GET("/web-api/v1/base/interactAttribute/getListPage", { params: { query: { type: "gift" } } }),
    "eventCatalogue",
  );
  const actions = ok(
    await api.GET("/web-api/v1/base/interactAttribute/getPlayListPage", { params: { query: { type: "expression" } } }),
    "actionCatalogue",
  );
  const gift = events.records.find((r) => r.equityStatus === 1);
  const smile = actions.records.find((r) => r.equityStatus === 1);
  if (!gift || !smile) throw new Error("no open gift event or expression");
  ok(
    await api.POST("/web-api/v1/base/interactAttribute/addInteractAttributeExp", {
      body: { planId, interactId: gift.id, actionKind: "expression", actionId: smile.id, reply: "Thank you {viewer}!" },
    }),
    "planAddInteraction",
  );
  ok(await api.POST("/web-api/v1/base/planInfo/usePlan", { body: { planId } }), "planUse");
  const used = ok(await api.GET("/web-api/v1/base/planInfo/getUsedPlan"), "planUsed");
  if (used?.planId !== planId || used.name !== "Friday stream") throw new Error("the plan in use is not the one saved");
  h.log(
    `plan ${planId} "${used.name}" in use, voice ${used.voice?.name ?? "none"}, ${used.interactions.length} interaction`,
  );

  // a free shop item claimed, then the order lists
  const free = ok(await api.POST("/web-api/p1/shop/sku/search", { body: { tagId: "free" } }), "shopSearch");
  const item = free.records.find((r) => r.free && !r.owned);
  if (!item) throw new Error("no free item to claim");
  const claimed = ok(
    await api.POST("/web-api/v1/shop/pay/free/{id}", { params: { path: { id: item.id } } }),
    "shopClaimFree",
  );
  if (!claimed.owned) throw new Error("claimed but not owned");
  const orders = ok(await api.POST("/web-api/v1/order/pageList", { body: { range: "all" } }), "orderPage");
  if (!orders.records.some((o) => o.orderNo === ticket.orderNo)) throw new Error("the paid order is not listed");
  h.log(`claimed ${item.id}; ${orders.total} order(s), ${ticket.orderNo} among them`);

  // a stream key, and a chat bot's webhook with it
  const key = ok(await api.POST("/web-api/v1/live/streamKey/rotate"), "liveKeyRotate").key;
  const fired = ok(
    await api.POST("/web-api/p1/live/webhook/trigger", {
      headers: { "x-stream-key": key },
      body: { event: "gift", interactId: gift.id, viewer: "Ana" },
    }),
    "liveWebhook",
  );
  if (fired.matched !== 1) throw new Error(`the gift matched ${fired.matched} interactions`);
  h.log(`webhook with the stream key: ${fired.matched} matched, ${fired.delivered} delivered`);

  // log out: the token is over, and the next call answers 600
  ok(await api.POST("/web-api/v1/base/account/logout"), "logout");
  const after = await api.GET("/web-api/v1/base/account/getUserInfo", { params: { query: {} } });
  if (after.data?.code !== 600) throw new Error(`after logout: ${JSON.stringify(after.data)}`);
  h.log(`after logout: ${after.data.code} ${after.data.message}`);
  return { userId: me.userId, planId, avatarId, cloned, percents, orderNo: ticket.orderNo };
}
