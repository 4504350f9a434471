/**
 * The code catalogue: every `code` an answer can carry, the HTTP status it travels with,
 * and the message key it is answered with. Documented in docs/api.md.
 *
 * Business errors travel with HTTP 200 and their own code; malformed requests, oversize
 * bodies, rate limits and crashes travel with the matching 4xx/5xx status.
 */

import type { MessageKey } from "./messages.ts";

interface CodeEntry {
  code: number;
  http: number;
  message: MessageKey;
}

const c = (code: number, http: number, message: MessageKey): CodeEntry => ({ code, http, message });

export const CODES = {
  OK: c(200, 200, "ok"),
  TOKEN_INVALID: c(600, 200, "tokenInvalid"),

  BAD_REQUEST: c(400, 400, "badRequest"),
  ROUTE_NOT_FOUND: c(404, 404, "routeNotFound"),
  METHOD_NOT_ALLOWED: c(405, 405, "methodNotAllowed"),
  REQUEST_TIMEOUT: c(408, 408, "requestTimeout"),
  PAYLOAD_TOO_LARGE: c(413, 413, "payloadTooLarge"),
  UNSUPPORTED_MEDIA_TYPE: c(415, 415, "unsupportedMediaType"),
  TOO_MANY_REQUESTS: c(429, 429, "tooManyRequests"),
  HEADERS_TOO_LARGE: c(431, 431, "headersTooLarge"),
  INTERNAL_ERROR: c(500, 500, "internalError"),
  SERVICE_UNAVAILABLE: c(503, 503, "serviceUnavailable"),

  // account: 1001-1099
  EMAIL_OR_PASSWORD_INCORRECT: c(1001, 200, "emailOrPasswordIncorrect"),
  VERIFICATION_CODE_ERROR: c(1002, 200, "verificationCodeError"),
  EMAIL_INVALID: c(1003, 200, "emailInvalid"),
  EMAIL_REGISTERED: c(1004, 200, "emailRegistered"),
  PHONE_INVALID: c(1005, 200, "phoneInvalid"),
  PHONE_ERROR: c(1006, 200, "phoneError"),
  TERMS_NOT_CONFIRMED: c(1007, 200, "termsNotConfirmed"),
  PASSWORD_LENGTH: c(1008, 200, "passwordLength"),
  CODE_COOLDOWN: c(1009, 200, "codeCooldown"),
  SEND_LIMIT: c(1010, 200, "sendLimit"),
  LAST_LOGIN_METHOD: c(1011, 200, "lastLoginMethod"),
  TICKET_EXPIRED: c(1012, 200, "ticketExpired"),
  LOGIN_LOCKED: c(1013, 200, "loginLocked"),
  LOGIN_LIMIT: c(1014, 200, "loginLimit"),

  // photo cloning: 1101-1199 (error_1 .. error_5)
  PHOTO_TOO_LARGE: c(1101, 200, "photoError1"),
  PHOTO_TOO_SMALL: c(1102, 200, "photoError2"),
  PHOTO_BAD_FORMAT: c(1103, 200, "photoError3"),
  PHOTO_BROKEN: c(1104, 200, "photoError4"),
  PHOTO_NO_FACE: c(1105, 200, "photoError5"),
  CARTOON_INVALID: c(1106, 200, "cartoonInvalid"),
  CARTOON_URL_REFUSED: c(1107, 200, "cartoonUrlRefused"),

  // avatars, plans and access: 1201-1299
  LOCKED: c(1201, 200, "locked"),
  PLAN_LIMIT: c(1202, 200, "planLimit"),
  DIY_FACE_LIMIT: c(1203, 200, "diyFaceLimit"),
  FILENAME_EMPTY: c(1204, 200, "filenameEmpty"),
  FILENAME_REQUIRED: c(1205, 200, "filenameRequired"),
  NAME_EMPTY: c(1206, 200, "nameEmpty"),
  NO_PERMISSION: c(1207, 200, "noPermission"),
  MEMBERSHIP_EXPIRED: c(1208, 200, "membershipExpired"),
  TOO_MANY_USERS: c(1209, 200, "tooManyUsers"),
  TIME_LIMIT_EXCEEDED: c(1210, 200, "timeLimitExceeded"),
  SELECTION_REQUIRED: c(1211, 200, "selectionRequired"),
  NOT_FOUND: c(1212, 200, "notFound"),
  PLAN_ITEM_LIMIT: c(1213, 200, "planItemLimit"),
  PORTRAIT_FAILED: c(1214, 200, "portraitFailed"),

  // contact: 1301-1399
  NAME_REQUIRED: c(1301, 200, "nameRequired"),
  CONTACT_REQUIRED: c(1302, 200, "contactRequired"),
  DESCRIPTION_REQUIRED: c(1303, 200, "descriptionRequired"),
  DESCRIPTION_TOO_LONG: c(1304, 200, "descriptionTooLong"),

  // payment: 1401-1499
  PAY_ERROR: c(1401, 200, "payError"),
  WECHAT_LIMIT: c(1402, 200, "wechatLimit"),
  SKU_UNKNOWN: c(1403, 200, "skuUnknown"),
  CHANNEL_NOT_OFFERED: c(1404, 200, "channelNotOffered"),
  ORDER_CLOSED: c(1405, 200, "orderClosed"),
  ORDER_PAID: c(1406, 200, "orderPaid"),
  TRIAL_USED: c(1407, 200, "trialUsed"),
  DOWNGRADE_REFUSED: c(1408, 200, "downgradeRefused"),

  // IP activation: 1501-1599
  IP_CODE_INVALID: c(1501, 200, "ipCodeInvalid"),
  IP_CODE_USED: c(1502, 200, "ipCodeUsed"),
  IP_CODE_EXPIRED: c(1503, 200, "ipCodeExpired"),
  IP_ALREADY_HELD: c(1504, 200, "ipAlreadyHeld"),

  // downloads: 1601-1699. HTTP 404 and 503, not 200: a download link is followed by browsers,
  // curl and download managers, which act on the status (and must not save an error as the file).
  DOWNLOAD_NOT_FOUND: c(1601, 404, "downloadNotFound"),
  DOWNLOAD_UNAVAILABLE: c(1602, 503, "downloadUnavailable"),

  // tailored models: 1701-1799 (docs/decisions/026)
  CUSTOM_DIAMOND_ONLY: c(1701, 200, "customDiamondOnly"),
  CUSTOM_PHOTOS_REQUIRED: c(1702, 200, "customPhotosRequired"),
  CUSTOM_TOO_MANY_PHOTOS: c(1703, 200, "customTooManyPhotos"),
  CUSTOM_STYLE_REQUIRED: c(1704, 200, "customStyleRequired"),
  CUSTOM_BUDGET_INVALID: c(1705, 200, "customBudgetInvalid"),
  CUSTOM_DEADLINE_INVALID: c(1706, 200, "customDeadlineInvalid"),
  CUSTOM_DEADLINE_PAST: c(1707, 200, "customDeadlinePast"),
  CUSTOM_DEADLINE_TOO_SOON: c(1708, 200, "customDeadlineTooSoon"),
  CUSTOM_DEADLINE_TOO_FAR: c(1709, 200, "customDeadlineTooFar"),
  CUSTOM_NOT_CANCELLABLE: c(1710, 200, "customNotCancellable"),
  CUSTOM_STATE_REFUSED: c(1711, 200, "customStateRefused"),
  CUSTOM_QUOTE_INVALID: c(1712, 200, "customQuoteInvalid"),
  CUSTOM_REASON_REQUIRED: c(1713, 200, "customReasonRequired"),

  // shop: 1801-1899 (docs/decisions/025)
  SHOP_ALREADY_OWNED: c(1801, 200, "shopAlreadyOwned"),
  SHOP_NOT_FREE: c(1802, 200, "shopNotFree"),
  SHOP_ITEM_LOCKED: c(1803, 200, "shopItemLocked"),
  SHOP_ITEM_FREE: c(1804, 200, "shopItemFree"),
  SHOP_ONE_AT_A_TIME: c(1805, 200, "shopOneAtATime"),

  // live studio: 1901-1999 (docs/decisions/035)
  LIVE_NO_PLAN: c(1901, 200, "liveNoPlan"),
  LIVE_MODE_UNAVAILABLE: c(1902, 200, "liveModeUnavailable"),
  STREAM_KEY_INVALID: c(1903, 401, "streamKeyInvalid"),
  LIVE_SESSION_ENDED: c(1904, 200, "liveSessionEnded"),
  // cloud sessions (docs/decisions/037); out of cloud hours: 1210, no free render slot: 1209
  CLOUD_TICKET_INVALID: c(1905, 200, "cloudTicketInvalid"),
  LIVE_NOT_CLOUD: c(1906, 200, "liveNotCloud"),
  CLOUD_RENDER_FAILED: c(1907, 200, "cloudRenderFailed"),
  // the studio's voice (docs/decisions/040); another user's plan 1212, a locked voice 1201 / 1803
  SPEECH_TEXT_EMPTY: c(1908, 200, "speechTextEmpty"),
  SPEECH_TEXT_TOO_LONG: c(1909, 200, "speechTextTooLong"),
  SPEECH_NO_VOICE: c(1910, 200, "speechNoVoice"),
  SPEECH_UNAVAILABLE: c(1911, 200, "speechUnavailable"),
  INTERACT_REPLY_TOO_LONG: c(1912, 200, "interactReplyTooLong"),
  // face relay (docs/decisions/036): said once per socket, the socket stays open
  FACE_FRAME_INVALID: c(1913, 200, "faceFrameInvalid"),
  // switching modes while live (issue 47): cloud rendering in or out needs a new session
  LIVE_MODE_SWITCH: c(1914, 200, "liveModeSwitch"),
} as const satisfies Record<string, CodeEntry>;

export type CodeName = keyof typeof CODES;
