/**
 * The sandbox OAuth provider: a page of this server that plays a WeChat/QQ-style provider
 * (authorize, consent, redirect back with code and state), so third-party login runs offline.
 * It answers only for this app's own check pages. Disabled in production unless
 * SANDBOX_OAUTH=true.
 */

import formbody from "@fastify/formbody";
import * as Type from "typebox";
import { BizError } from "../../errors.ts";
import type { App } from "../../types.ts";
import { createAccountService } from "../account/service.ts";
import { createThirdPartyService, PROVIDERS, type Provider, SANDBOX_REDIRECTS } from "../account/thirdparty.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const TEXT = {
  EN: {
    title: "Sandbox sign-in",
    ask: "wants to sign you in with your",
    name: "Nickname",
    id: "Account id",
    approve: "Allow",
    deny: "Deny",
    note: "This is the local sandbox provider: no data leaves this machine.",
  },
  ZH_CN: {
    title: "沙盒授权登录",
    ask: "请求使用您的账号登录：",
    name: "昵称",
    id: "账号 ID",
    approve: "同意授权",
    deny: "拒绝",
    note: "这是本地沙盒授权服务，数据不会离开本机。",
  },
  ZH_TN: {
    title: "沙盒授權登入",
    ask: "請求使用您的帳號登入：",
    name: "暱稱",
    id: "帳號 ID",
    approve: "同意授權",
    deny: "拒絕",
    note: "這是本地沙盒授權服務，資料不會離開本機。",
  },
} as const;

const AuthorizeQuery = Type.Object({
  provider: Type.Union(PROVIDERS.map((p) => Type.Literal(p))),
  redirect_uri: Type.String({ maxLength: 256 }),
  state: Type.String({ minLength: 1, maxLength: 128 }),
  lang: Type.Optional(Type.String({ maxLength: 8 })),
  subject: Type.Optional(Type.String({ maxLength: 64 })),
});

const ConsentBody = Type.Object({
  provider: Type.Union(PROVIDERS.map((p) => Type.Literal(p))),
  redirect_uri: Type.String({ maxLength: 256 }),
  state: Type.String({ minLength: 1, maxLength: 128 }),
  subject: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_.-]+$" }),
  nickname: Type.Optional(Type.String({ maxLength: 40 })),
  decision: Type.Union([Type.Literal("allow"), Type.Literal("deny")]),
});

function checkRedirect(uri: string) {
  if (!(SANDBOX_REDIRECTS as readonly string[]).includes(uri)) throw new BizError("BAD_REQUEST");
}

export async function sandboxRoutes(app: App) {
  // the consent page posts an HTML form
  await app.register(formbody);
  const thirdParty = createThirdPartyService(app.deps, createAccountService(app.deps));

  app.get(
    "/oauth-sandbox/authorize",
    { schema: { hide: true, querystring: AuthorizeQuery } },
    async (request, reply) => {
      const q = request.query;
      checkRedirect(q.redirect_uri);
      const lang = (q.lang && q.lang in TEXT ? q.lang : request.language) as keyof typeof TEXT;
      const t = TEXT[lang];
      const providerName = q.provider === "wechat" ? "WeChat" : "QQ";
      // The providers' greens and blues, darkened until white text on them reads at 4.5:1.
      const brand = q.provider === "wechat" ? "#08794a" : "#0b73b3";
      const subject = q.subject ?? `${q.provider}-${Math.random().toString(36).slice(2, 10)}`;
      const html = `<!doctype html><html lang="${lang === "EN" ? "en" : "zh"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)} · ${providerName}</title>
<style>
body{font-family:system-ui,sans-serif;background:${q.provider === "wechat" ? "#ededed" : "#eaf4ff"};display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:32px;width:min(380px,90vw);box-shadow:0 8px 30px #0002}
h1{font-size:20px;margin:0 0 8px}.brand{color:${brand};font-weight:700}
label{display:block;margin:14px 0 4px;font-size:14px;color:#444}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:8px;font-size:15px}
.row{display:flex;gap:10px;margin-top:22px}button{flex:1;padding:11px;border-radius:8px;border:0;font-size:15px;cursor:pointer}
.allow{background:${brand};color:#fff}.deny{background:#eee}small{display:block;margin-top:16px;color:#666}
</style></head><body><main>
<h1>${escapeHtml(t.title)}</h1><p><strong>Avalive</strong> ${escapeHtml(t.ask)} <span class="brand">${providerName}</span></p>
<form method="post" action="/oauth-sandbox/consent">
<input type="hidden" name="provider" value="${escapeHtml(q.provider)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(q.redirect_uri)}">
<input type="hidden" name="state" value="${escapeHtml(q.state)}">
<label for="nickname">${escapeHtml(t.name)}</label><input id="nickname" name="nickname" value="Sandbox ${providerName} user" maxlength="40">
<label for="subject">${escapeHtml(t.id)}</label><input id="subject" name="subject" value="${escapeHtml(subject)}" pattern="[A-Za-z0-9_.\\-]+" maxlength="64" required>
<div class="row"><button class="deny" name="decision" value="deny">${escapeHtml(t.deny)}</button>
<button class="allow" name="decision" value="allow">${escapeHtml(t.approve)}</button></div>
</form><small>${escapeHtml(t.note)}</small></main></body></html>`;
      return reply.type("text/html; charset=utf-8").send(html);
    },
  );

  app.post("/oauth-sandbox/consent", { schema: { hide: true, body: ConsentBody } }, async (request, reply) => {
    const b = request.body;
    checkRedirect(b.redirect_uri);
    const target = new URLSearchParams({ state: b.state, provider: b.provider });
    if (b.decision === "deny") {
      target.set("error", "access_denied");
    } else {
      const code = await thirdParty.grant({
        provider: b.provider as Provider,
        subject: b.subject,
        nickname: b.nickname?.trim() || null,
        redirectUri: b.redirect_uri,
        state: b.state,
      });
      target.set("code", code);
    }
    return reply.redirect(`${b.redirect_uri}?${target.toString()}`, 303);
  });
}
