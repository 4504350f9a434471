/** The logged-in account calls (v1): bind, unbind, cancellation. */

import { endpoints } from "../../../shared/endpoints.ts";
import type { CheckSmsCodeBody, SendSmsCodeQuery } from "../../../shared/schemas/account.ts";
import { call, request } from "../../lib/api.ts";

export const sendSmsCode = (query: SendSmsCodeQuery) => request(endpoints.sendSmsCode, { query });

export const checkSmsCode = (body: CheckSmsCodeBody) => call(endpoints.checkSmsCode, { body });

/** Removes the email or the phone; the last way in is refused with code 1011 (toast). */
export const unbindContact = (kind: "email" | "phone") => call(endpoints.unbindContact, { params: { kind } });

export const unbindChannel = (loginChannel: number) => call(endpoints.unbindChannel, { params: { loginChannel } });

export const cancelUser = (code: string) => call(endpoints.cancelUser, { body: { code } });
