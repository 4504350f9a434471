import cookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { accountPublicEndpoints as p1, accountEndpoints as v1 } from "../../../shared/endpoints.ts";
import { BizError } from "../../errors.ts";
import { route } from "../../route.ts";
import type { App } from "../../types.ts";
import { createAccountService, type RequestInfo } from "./service.ts";
import { createThirdPartyService, TICKET_TTL_MS } from "./thirdparty.ts";

const info = (request: FastifyRequest): RequestInfo => ({ ip: request.ip, language: request.language });

function services(app: App) {
  const accounts = createAccountService(app.deps);
  const { env } = app.deps;
  return {
    accounts,
    thirdParty: createThirdPartyService(app.deps, accounts),
    /** Sending codes costs money and invites abuse: a tighter limit per IP on top of the code rules. */
    sendLimit: { config: { rateLimit: { max: env.SEND_RATE_LIMIT, timeWindow: "1 minute" } } },
    loginLimit: { config: { rateLimit: { max: env.LOGIN_RATE_LIMIT, timeWindow: "1 minute" } } },
  };
}

/** Public calls: /web-api/p1/... */
export async function accountPublicRoutes(app: App) {
  const { accounts, thirdParty, sendLimit, loginLimit } = services(app);
  /** p1 calls that also serve a logged-in user: a token, when sent, must be valid. */
  const optionalUser = async (request: FastifyRequest) =>
    request.headers.authorization ? (await app.deps.tokens.verify(request.headers.authorization)).userId : null;

  // A pending third-party login's ticket also rides in a cookie, so the bind calls work with the
  // spec's payloads, which carry none (docs/decisions/014). Parsed only in this context: the
  // cookie plugin's hooks cost nothing elsewhere.
  await app.register(cookie, { hook: "preValidation" });
  const TICKET_COOKIE = "tpTicket";
  const ticketCookie = { path: "/web-api/p1/thirdPart", httpOnly: true, sameSite: "lax" as const };
  const ticketOf = (request: FastifyRequest, fromBody: string | undefined) =>
    fromBody ?? request.cookies[TICKET_COOKIE] ?? undefined;
  /** A ticket used: the cookie goes with it. */
  const spent = (reply: FastifyReply, ticket: string | undefined) => {
    if (ticket) reply.clearCookie(TICKET_COOKIE, ticketCookie);
  };

  route(
    app,
    p1.emailLogin,
    async (request, reply) =>
      reply.ok(
        { token: await accounts.emailLogin(request.body.email, request.body.password, request.ip) },
        "loginSuccess",
      ),
    loginLimit,
  );

  route(
    app,
    p1.sendEmailCode,
    async (request, reply) => {
      await accounts.sendEmailCode(request.query.email, request.query.type, info(request));
      return reply.ok(null, "sent");
    },
    sendLimit,
  );

  route(
    app,
    p1.registerLogin,
    async (request, reply) => {
      const { email, code, password } = request.body;
      return reply.ok({ token: await accounts.registerLogin(email, code, password) }, "registerSuccess");
    },
    loginLimit,
  );

  route(
    app,
    p1.resetPassword,
    async (request, reply) => {
      const { email, code, password } = request.body;
      await accounts.resetPassword(email, code, password);
      return reply.ok(null, "resetSuccess");
    },
    loginLimit,
  );

  route(
    app,
    p1.sendSms,
    async (request, reply) => {
      await accounts.sendSms(request.query.phone, request.query.type, info(request));
      return reply.ok(null, "sent");
    },
    sendLimit,
  );

  route(
    app,
    p1.phoneLogin,
    async (request, reply) =>
      reply.ok(
        { token: await accounts.phoneLogin(request.params.source, request.body.phone, request.body.code) },
        "loginSuccess",
      ),
    loginLimit,
  );

  route(
    app,
    p1.thirdPartyLogin,
    async (request, reply) => {
      const result = await thirdParty.login(request.body);
      if ("ticket" in result) {
        reply.setCookie(TICKET_COOKIE, result.ticket, {
          ...ticketCookie,
          secure: request.protocol === "https",
          maxAge: TICKET_TTL_MS / 1000,
        });
      }
      return reply.ok(result, result.token ? "loginSuccess" : "ok");
    },
    loginLimit,
  );

  route(
    app,
    p1.thirdPartyEmailSend,
    async (request, reply) => {
      await thirdParty.sendEmailBindCode(
        request.body.email,
        ticketOf(request, request.body.ticket),
        await optionalUser(request),
        info(request),
      );
      return reply.ok(null, "sent");
    },
    sendLimit,
  );

  route(
    app,
    p1.thirdPartyEmailBind,
    async (request, reply) => {
      const { email, code } = request.body;
      const ticket = ticketOf(request, request.body.ticket);
      const token = await thirdParty.bindEmail(email, code, ticket, await optionalUser(request));
      if (token) spent(reply, ticket);
      return reply.ok(token ? { token } : {}, "bindSuccess");
    },
    loginLimit,
  );

  route(
    app,
    p1.thirdPartyPhoneBind,
    async (request, reply) => {
      const { phone, code } = request.body;
      const ticket = ticketOf(request, request.body.ticket);
      const token = await thirdParty.bindPhone(phone, code, ticket, await optionalUser(request));
      if (token) spent(reply, ticket);
      return reply.ok(token ? { token } : {}, "bindSuccess");
    },
    loginLimit,
  );

  route(
    app,
    p1.analyticsEvent,
    async (request, reply) => {
      const webId = request.headers.web_id;
      await app.deps.db.analyticsEvent.create({
        data: {
          event: request.body.event,
          userId: request.body.userId ?? null,
          path: request.body.path ?? null,
          webId: typeof webId === "string" ? webId.slice(0, 64) : null,
        },
      });
      return reply.ok(null);
    },
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
  );
}

/** Calls that need a token: /web-api/v1/... */
export async function accountRoutes(app: App) {
  const { accounts, thirdParty, sendLimit } = services(app);
  const me = (request: FastifyRequest) => request.userId as string;

  // A hot read (docs/decisions/027): kept per user until the database changes.
  route(app, v1.userInfo, async (request, reply) => reply.ok(await accounts.userInfo(me(request))), { memo: true });

  route(app, v1.logout, async (request, reply) => {
    await app.deps.tokens.revoke(request.sessionId as string);
    return reply.ok(null);
  });

  route(
    app,
    v1.sendSmsCode,
    async (request, reply) =>
      reply.ok(await accounts.sendSmsCode(me(request), request.query.type, request.query.phone, info(request)), "sent"),
    sendLimit,
  );

  route(app, v1.checkSmsCode, async (request, reply) => {
    await accounts.bindPhone(me(request), request.body.phone, request.body.code);
    return reply.ok(null, "bindSuccess");
  });

  route(app, v1.unbindContact, async (request, reply) => {
    await accounts.unbind(me(request), request.params.kind);
    return reply.ok(null, "unbindSuccess");
  });

  route(app, v1.cancelUser, async (request, reply) => {
    await accounts.cancel(me(request), request.body.code);
    return reply.ok(null, "cancelled");
  });

  route(app, v1.unbindChannel, async (request, reply) => {
    const channel = request.params.loginChannel;
    if (channel !== 1001 && channel !== 1004) throw new BizError("NOT_FOUND");
    await thirdParty.unbind(me(request), channel);
    return reply.ok(null, "unbindSuccess");
  });

  route(app, v1.wwid, async (request, reply) => reply.ok(await thirdParty.byWwid(me(request), request.query.wwid)));
}
