/** Business constants and limits of the product (spec section 9). */

export const SUCCESS_CODE = 200;
export const LOGOUT_CODE = 600;

export const REQUEST_TIMEOUT_MS = 60_000;

export const TOAST_MS = { default: 1500, error: 3000, network: 5000 } as const;

/**
 * The calls whose failures show no error toast (spec section 8, exactly its list): email login,
 * register, reset password, email bind and getSocket. Their screens show the error themselves.
 */
export const NO_ERROR_TOAST_PATHS = [
  "/web-api/p1/uc/account/email/emailLogin",
  "/web-api/p1/uc/account/email/registerLogin",
  "/web-api/p1/uc/account/email/resetPassword",
  "/web-api/p1/thirdPart/email/bind",
  "/web-api/v1/base/socket/getSocket",
] as const;

export const LOADING_FRAMES = 23;
export const LOADING_FPS = 15;

export const LANGUAGES = ["ZH_CN", "ZH_TN", "EN"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "EN";

export const SITES = ["cn", "intl"] as const;
export type Site = (typeof SITES)[number];

/** What the site environment fixes: currency, payment methods and the default language. */
export const SITE_PROFILES = {
  cn: { currency: "¥", payMethods: ["alipay", "wechat"], defaultLanguage: "ZH_CN" },
  intl: { currency: "$", payMethods: ["card"], defaultLanguage: "EN" },
} as const satisfies Record<Site, { currency: string; payMethods: readonly string[]; defaultLanguage: Language }>;

/** Header names every call carries (spec section 7). */
export const HEADERS = {
  authorization: "authorization",
  webId: "web_id",
  ssid: "ssid",
  language: "language",
} as const;

export const PHOTO = {
  maxBytes: 3_145_728,
  minWidth: 500,
  minHeight: 500,
  /** Refuse before decoding: a small file may declare enormous dimensions. */
  maxPixels: 40_000_000,
  mimeTypes: ["image/jpeg", "image/png", "image/jpg"],
} as const;

/** A cartoon GLB the creator page exports: its largest upload. */
export const CARTOON_MAX_BYTES = 16 * 1024 * 1024;

export const ROLE_LIST_LIMIT = 200;
export const ROLES_PER_SLIDE = 8;
export const MAX_BLENDED_FACES = 3;
export const PASSWORD_LENGTH = { min: 8, max: 20 } as const;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const CLOUD_RESOLUTION = "720p";
export const AVATAR_TEXTURE_SIZE = 1024;

export const SEX = { male: 1, female: 2 } as const;
export const CHANNEL = { web: 1001, controller: 1004 } as const;
export const SHORT_VIDEO_SOURCE = "5";

// The order filters (all, today, last 7 and last 30 days) and WeChat Pay's 3000 RMB cap are
// `ORDER_RANGES` and `WECHAT_CAP_FEN` in ./orders.ts, the values the server and the web use.

/** Phone numbers are shown with the first 3 and last 4 digits only. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}${"*".repeat(phone.length - 7)}${phone.slice(-4)}`;
}
