import type { FastifyRequest } from "fastify";
import Type from "typebox";
import {
  AnalyticsBody,
  CancelUserBody,
  CheckSmsCodeBody,
  EmailCodePasswordBody,
  EmailCodeQuery,
  EmailLoginBody,
  PhoneLoginBody,
  SendSmsCodeQuery,
  SendSmsQuery,
  SentData,
  SourceParams,
  ThirdPartyEmailBindBody,
  ThirdPartyEmailSendBody,
  ThirdPartyLoginBody,
  ThirdPartyLoginData,
  ThirdPartyPhoneBindBody,
  TokenData,
  UnbindKindParams,
  UserInfoData,
  UserInfoQuery,
  WwidData,
  WwidQuery,
} from "../../../shared/schemas/account.ts";
import { Envelope } from "../../../shared/schemas/common.ts";
import { BizError } from "../../errors.ts";
import type { App } from "../../types.ts";
import { createAccountService, type RequestInfo } from "./service.ts";
import { createThirdPartyService } from "./thirdparty.ts";

const tags = ["account"];
const Nothing = Envelope(Type.Null());

const info = (request: FastifyRequest): RequestInfo => ({ ip: request.ip, language: request.language });

function services(app: App) {
  const accounts = createAccountService(app.deps);
  const { env } = app.deps;
  return {
    accounts,
    thirdParty: createThirdPartyService(app.deps, accounts),
    /** Sending codes costs money and invites abuse: a tighter limit per IP on top of the code rules. */
    sendLimit: { rateLimit: { max: env.SEND_RATE_LIMIT, timeWindow: "1 minute" } },
    loginLimit: { rateLimit: { max: env.LOGIN_RATE_LIMIT, timeWindow: "1 minute" } },
  };
}

/** Public calls: /web-api/p1/... */
export async function accountPublicRoutes(app: App) {
  const { accounts, thirdParty, sendLimit, loginLimit } = services(app);
  /** p1 calls that also serve a logged-in user: a token, when sent, must be valid. */
  const optionalUser = async (request: FastifyRequest) =>
    request.headers.authorization ? (await app.deps.tokens.verify(request.headers.authorization)).userId : null;

  app.post(
    "/uc/account/email/emailLogin",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Log in with email and password",
        body: EmailLoginBody,
        response: { 200: Envelope(TokenData) },
      },
    },
    async (request, reply) =>
      reply.ok({ token: await accounts.emailLogin(request.body.email, request.body.password) }, "loginSuccess"),
  );

  app.get(
    "/uc/account/email/sendEmailCode",
    {
      config: sendLimit,
      schema: {
        tags,
        summary: "Email a code (type register or reset)",
        querystring: EmailCodeQuery,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await accounts.sendEmailCode(request.query.email, request.query.type, info(request));
      return reply.ok(null, "sent");
    },
  );

  app.post(
    "/uc/account/email/registerLogin",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Register by email code and log in",
        body: EmailCodePasswordBody,
        response: { 200: Envelope(TokenData) },
      },
    },
    async (request, reply) => {
      const { email, code, password } = request.body;
      return reply.ok({ token: await accounts.registerLogin(email, code, password) }, "registerSuccess");
    },
  );

  app.post(
    "/uc/account/email/resetPassword",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Reset the password by email code; revokes every token",
        body: EmailCodePasswordBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      const { email, code, password } = request.body;
      await accounts.resetPassword(email, code, password);
      return reply.ok(null, "resetSuccess");
    },
  );

  app.get(
    "/base/sms/sendSms",
    {
      config: sendLimit,
      schema: {
        tags,
        summary: "Text a code to a phone (type login or bind)",
        querystring: SendSmsQuery,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await accounts.sendSms(request.query.phone, request.query.type, info(request));
      return reply.ok(null, "sent");
    },
  );

  app.post(
    "/sources/:source/account/login",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Phone-code login (source 1 the web, 5 the short-video platform); a first login registers",
        params: SourceParams,
        body: PhoneLoginBody,
        response: { 200: Envelope(TokenData) },
      },
    },
    async (request, reply) =>
      reply.ok(
        { token: await accounts.phoneLogin(request.params.source, request.body.phone, request.body.code) },
        "loginSuccess",
      ),
  );

  app.post(
    "/thirdPart/login",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Third-party login with the provider's code",
        body: ThirdPartyLoginBody,
        response: { 200: Envelope(ThirdPartyLoginData) },
      },
    },
    async (request, reply) => {
      const result = await thirdParty.login(request.body);
      return reply.ok(result, result.token ? "loginSuccess" : "ok");
    },
  );

  app.post(
    "/thirdPart/email/send",
    {
      config: sendLimit,
      schema: {
        tags,
        summary: "Email a bind code (with a third-party ticket, or logged in)",
        body: ThirdPartyEmailSendBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await thirdParty.sendEmailBindCode(
        request.body.email,
        request.body.ticket,
        await optionalUser(request),
        info(request),
      );
      return reply.ok(null, "sent");
    },
  );

  app.post(
    "/thirdPart/email/bind",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Bind an email by code; with a ticket, logs in",
        body: ThirdPartyEmailBindBody,
        response: { 200: Envelope(Type.Object({ token: Type.Optional(Type.String()) })) },
      },
    },
    async (request, reply) => {
      const { email, code, ticket } = request.body;
      const token = await thirdParty.bindEmail(email, code, ticket, await optionalUser(request));
      return reply.ok(token ? { token } : {}, "bindSuccess");
    },
  );

  app.post(
    "/thirdPart/phone/bind",
    {
      config: loginLimit,
      schema: {
        tags,
        summary: "Bind a phone by code to a third-party login, and log in",
        body: ThirdPartyPhoneBindBody,
        response: { 200: Envelope(TokenData) },
      },
    },
    async (request, reply) => {
      const { phone, code, ticket } = request.body;
      return reply.ok({ token: await thirdParty.bindPhone(phone, code, ticket) }, "bindSuccess");
    },
  );

  app.post(
    "/analytics/event",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { tags: ["common"], summary: "First-party analytics", body: AnalyticsBody, response: { 200: Nothing } },
    },
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
  );
}

/** Calls that need a token: /web-api/v1/... */
export async function accountRoutes(app: App) {
  const { accounts, thirdParty, sendLimit } = services(app);
  const me = (request: FastifyRequest) => request.userId as string;

  app.get(
    "/base/account/getUserInfo",
    {
      schema: {
        tags,
        summary: "The logged-in user",
        querystring: UserInfoQuery,
        response: { 200: Envelope(UserInfoData) },
      },
    },
    async (request, reply) => reply.ok(await accounts.userInfo(me(request))),
  );

  app.post(
    "/base/account/logout",
    { schema: { tags, summary: "Revoke the token of this request", response: { 200: Nothing } } },
    async (request, reply) => {
      await app.deps.tokens.revoke(request.sessionId as string);
      return reply.ok(null);
    },
  );

  app.get(
    "/base/sms/sendSmsCode",
    {
      config: sendLimit,
      schema: {
        tags,
        summary: "Send a code to bind a phone, or to confirm cancellation",
        querystring: SendSmsCodeQuery,
        response: { 200: Envelope(SentData) },
      },
    },
    async (request, reply) =>
      reply.ok(await accounts.sendSmsCode(me(request), request.query.type, request.query.phone, info(request)), "sent"),
  );

  app.post(
    "/base/sms/checkSmsCode",
    {
      schema: {
        tags,
        summary: "Bind a phone to this account with its code",
        body: CheckSmsCodeBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await accounts.bindPhone(me(request), request.body.phone, request.body.code);
      return reply.ok(null, "bindSuccess");
    },
  );

  app.post(
    "/base/account/unbind/:kind",
    {
      schema: {
        tags,
        summary: "Remove the email or phone (not the last way in)",
        params: UnbindKindParams,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await accounts.unbind(me(request), request.params.kind);
      return reply.ok(null, "unbindSuccess");
    },
  );

  app.post(
    "/base/cancel/cancelUser",
    {
      schema: {
        tags,
        summary: "Cancel the account with the code sent by sendSmsCode type cancel",
        body: CancelUserBody,
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      await accounts.cancel(me(request), request.body.code);
      return reply.ok(null, "cancelled");
    },
  );

  app.post(
    "/thirdPart/unbind/:loginChannel",
    {
      schema: {
        tags,
        summary: "Unbind the third-party login of a channel (1001 web, 1004 controller)",
        params: Type.Object({ loginChannel: Type.Integer() }),
        response: { 200: Nothing },
      },
    },
    async (request, reply) => {
      const channel = request.params.loginChannel;
      if (channel !== 1001 && channel !== 1004) throw new BizError("NOT_FOUND");
      await thirdParty.unbind(me(request), channel);
      return reply.ok(null, "unbindSuccess");
    },
  );

  app.get(
    "/uc/account/getByWWid",
    {
      schema: {
        tags,
        summary: "The caller's third-party identity with this id",
        querystring: WwidQuery,
        response: { 200: Envelope(WwidData) },
      },
    },
    async (request, reply) => reply.ok(await thirdParty.byWwid(me(request), request.query.wwid)),
  );
}
