import { describe, expect, it } from "vitest";
import { NO_ERROR_TOAST_PATHS } from "../../shared/constants.ts";
import { showsErrorToast } from "./errorToasts.ts";

describe("which failing calls show an error toast", () => {
  it("exempts exactly section 8's five calls", () => {
    expect(NO_ERROR_TOAST_PATHS.map((p) => p.split("/").pop())).toEqual([
      "emailLogin",
      "registerLogin",
      "resetPassword",
      "bind",
      "getSocket",
    ]);
    for (const path of NO_ERROR_TOAST_PATHS) expect(showsErrorToast(path)).toBe(false);
  });

  it("keeps the cloning calls' errors for the upload area and background calls quiet", () => {
    expect(showsErrorToast("/web-api/v1/douyin/customRole/createPhoto/2")).toBe(false);
    expect(showsErrorToast("web-api/v1/douyin/customRole/photoProgress/abc?x=1")).toBe(false);
    expect(showsErrorToast("/web-api/p1/analytics/event")).toBe(false);
  });

  it("toasts everything else, the other account calls included", () => {
    for (const path of [
      "/web-api/p1/uc/account/email/sendEmailCode",
      "/web-api/p1/thirdPart/email/send",
      "/web-api/p1/thirdPart/phone/bind",
      "/web-api/p1/thirdPart/login",
      "/web-api/v1/base/cancel/cancelUser",
      "/web-api/v1/douyin/customRole/detail/1",
      "/web-api/v1/douyin/customRole/createPhotoX",
    ])
      expect(showsErrorToast(path)).toBe(true);
  });
});
