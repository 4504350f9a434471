/**
 * The public account calls (p1): codes, registration, reset, phone login, third-party login and
 * its bind step. One function per call, typed by the endpoint table. The calls section 8 exempts
 * from the error toast (web/lib/errorToasts.ts) show their message inline on their pages.
 */

import { endpoints } from "../../../shared/endpoints.ts";
import type {
  EmailCodePasswordBody,
  EmailCodeQuery,
  PhoneLoginBody,
  SendSmsQuery,
  SourceParams,
  ThirdPartyEmailBindBody,
  ThirdPartyEmailSendBody,
  ThirdPartyLoginBody,
  ThirdPartyPhoneBindBody,
} from "../../../shared/schemas/account.ts";
import { call, request } from "../../lib/api.ts";

export const sendEmailCode = (query: EmailCodeQuery) => request(endpoints.sendEmailCode, { query });

/** Answers the token and the server's success message ('Registration successful'). */
export const registerLogin = (body: EmailCodePasswordBody) => call(endpoints.registerLogin, { body });

export const resetPassword = (body: EmailCodePasswordBody) => call(endpoints.resetPassword, { body });

export const sendSms = (query: SendSmsQuery) => request(endpoints.sendSms, { query });

/** Phone-code login: source "1" is the web's own, "5" the short-video platform. */
export const phoneLogin = (source: SourceParams["source"], body: PhoneLoginBody) =>
  call(endpoints.phoneLogin, { params: { source }, body });

export const thirdPartyLogin = (body: ThirdPartyLoginBody) => request(endpoints.thirdPartyLogin, { body });

export const sendBindEmailCode = (body: ThirdPartyEmailSendBody) => request(endpoints.thirdPartyEmailSend, { body });

export const bindEmail = (body: ThirdPartyEmailBindBody) => call(endpoints.thirdPartyEmailBind, { body });

export const bindPhoneWithTicket = (body: ThirdPartyPhoneBindBody) => call(endpoints.thirdPartyPhoneBind, { body });
