/**
 * The public account calls (p1): codes, registration, reset, phone login, third-party login and
 * its bind step. One function per call, typed by the shared schemas. The calls section 8 exempts
 * from the error toast (web/lib/errorToasts.ts) show their message inline on their pages.
 */

import type {
  EmailCodePasswordBody,
  EmailCodeQuery,
  PhoneLoginBody,
  SendSmsQuery,
  ThirdPartyEmailBindBody,
  ThirdPartyEmailSendBody,
  ThirdPartyLoginBody,
  ThirdPartyLoginData,
  ThirdPartyPhoneBindBody,
  TokenData,
} from "../../../shared/schemas/account.ts";
import { call, request } from "../../lib/api.ts";

const EMAIL = "/web-api/p1/uc/account/email";

export const sendEmailCode = (query: EmailCodeQuery) => request<null>(`${EMAIL}/sendEmailCode`, { query });

/** Answers the token and the server's success message ('Registration successful'). */
export const registerLogin = (body: EmailCodePasswordBody) =>
  call<TokenData>(`${EMAIL}/registerLogin`, { method: "POST", body });

export const resetPassword = (body: EmailCodePasswordBody) =>
  call<null>(`${EMAIL}/resetPassword`, { method: "POST", body });

export const sendSms = (query: SendSmsQuery) => request<null>("/web-api/p1/base/sms/sendSms", { query });

/** Phone-code login: source "1" is the web's own, "5" the short-video platform. */
export const phoneLogin = (source: "1" | "5", body: PhoneLoginBody) =>
  call<TokenData>(`/web-api/p1/sources/${source}/account/login`, { method: "POST", body });

export const thirdPartyLogin = (body: ThirdPartyLoginBody) =>
  request<ThirdPartyLoginData>("/web-api/p1/thirdPart/login", { method: "POST", body });

export const sendBindEmailCode = (body: ThirdPartyEmailSendBody) =>
  request<null>("/web-api/p1/thirdPart/email/send", { method: "POST", body });

export const bindEmail = (body: ThirdPartyEmailBindBody) =>
  call<Partial<TokenData>>("/web-api/p1/thirdPart/email/bind", { method: "POST", body });

export const bindPhoneWithTicket = (body: ThirdPartyPhoneBindBody) =>
  call<TokenData>("/web-api/p1/thirdPart/phone/bind", { method: "POST", body });
