/** The logged-in account calls (v1): bind, unbind, cancellation. */

import type { CheckSmsCodeBody, SendSmsCodeQuery, SentData } from "../../../shared/schemas/account.ts";
import { call, request } from "../../lib/api.ts";

export const sendSmsCode = (query: SendSmsCodeQuery) =>
  request<SentData>("/web-api/v1/base/sms/sendSmsCode", { query });

export const checkSmsCode = (body: CheckSmsCodeBody) =>
  call<null>("/web-api/v1/base/sms/checkSmsCode", { method: "POST", body });

/** Removes the email or the phone; the last way in is refused with code 1011 (toast). */
export const unbindContact = (kind: "email" | "phone") =>
  call<null>(`/web-api/v1/base/account/unbind/${kind}`, { method: "POST" });

export const unbindChannel = (loginChannel: number) =>
  call<null>(`/web-api/v1/thirdPart/unbind/${loginChannel}`, { method: "POST" });

export const cancelUser = (code: string) =>
  call<null>("/web-api/v1/base/cancel/cancelUser", { method: "POST", body: { code } });
