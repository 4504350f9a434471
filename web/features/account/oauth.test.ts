// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { authorizeUrl, clearTicket, readTicket, saveTicket, takePendingLogin } from "./oauth.ts";

beforeEach(() => sessionStorage.clear());

describe("third-party login state", () => {
  it("builds the sandbox authorize URL with a random state it remembers once", () => {
    const url = new URL(authorizeUrl("wechat", "/wxCheck", "EN", "/upload"), "http://x");
    expect(url.pathname).toBe("/oauth-sandbox/authorize");
    expect(url.searchParams.get("provider")).toBe("wechat");
    expect(url.searchParams.get("redirect_uri")).toBe("/wxCheck");
    expect(url.searchParams.get("lang")).toBe("EN");
    const state = url.searchParams.get("state");
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(takePendingLogin(state)).toEqual({ state, provider: "wechat", redirect: "/upload" });
    // Single use: a replayed callback is refused.
    expect(takePendingLogin(state)).toBeNull();
  });

  it("refuses a callback whose state this tab did not start", () => {
    const a = new URL(authorizeUrl("qq", "/wxCheck", "ZH_CN"), "http://x").searchParams.get("state");
    expect(takePendingLogin("forged")).toBeNull();
    // The forged attempt consumed the pending state too: the real one cannot be replayed after it.
    expect(takePendingLogin(a)).toBeNull();
    expect(takePendingLogin(null)).toBeNull();
  });

  it("keeps the bind ticket in sessionStorage until cleared", () => {
    saveTicket({ ticket: "t1", nickname: "Ann", provider: "wechat", callback: "/wxCheck", redirect: null });
    expect(readTicket()?.ticket).toBe("t1");
    clearTicket();
    expect(readTicket()).toBeNull();
  });
});
