// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UserInfo } from "./session.ts";

/** A fresh copy of the store, hydrated from whatever localStorage holds now. */
async function freshSession() {
  vi.resetModules();
  return (await import("./session.ts")).useSession;
}

beforeEach(() => localStorage.clear());

describe("session store persistence", () => {
  it("makes the tracking ids once and keeps them across loads", async () => {
    const first = (await freshSession()).getState();
    expect(first.webId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem("avalive.web_id")).toBe(first.webId);
    const second = (await freshSession()).getState();
    expect([second.webId, second.ssid]).toEqual([first.webId, first.ssid]);
  });

  it("restores the token and the picked language; ignores an unknown language", async () => {
    localStorage.setItem("avalive.token", "tok-9");
    localStorage.setItem("avalive.language", "ZH_TN");
    let state = (await freshSession()).getState();
    expect([state.token, state.language]).toEqual(["tok-9", "ZH_TN"]);
    localStorage.setItem("avalive.language", "FR");
    state = (await freshSession()).getState();
    expect(state.language).toBeNull();
  });

  it("falls back from the picked language to the site's default, then EN", async () => {
    const useSession = await freshSession();
    const { effectiveLanguage } = await import("./session.ts");
    expect(effectiveLanguage(useSession.getState())).toBe("EN");
    useSession.setState({
      siteEnv: {
        site: "cn",
        currency: "¥",
        payMethods: ["alipay", "wechat"],
        defaultLanguage: "ZH_CN",
        officialSite: null,
        hostOrigins: [],
      },
    });
    expect(effectiveLanguage(useSession.getState())).toBe("ZH_CN");
    useSession.getState().setLanguage("EN");
    expect(effectiveLanguage(useSession.getState())).toBe("EN");
    expect(localStorage.getItem("avalive.language")).toBe("EN");
  });

  it("does not wipe a token another tab stored when only other fields change", async () => {
    const useSession = await freshSession();
    expect(useSession.getState().token).toBeNull();
    // another tab logs in
    localStorage.setItem("avalive.token", "tok-other-tab");
    useSession.getState().setLanguage("ZH_TN");
    useSession.getState().setStartDesignOpen(true);
    expect(localStorage.getItem("avalive.token")).toBe("tok-other-tab");
    // this tab's own change of the token is written
    useSession.getState().setToken("tok-this-tab");
    expect(localStorage.getItem("avalive.token")).toBe("tok-this-tab");
  });

  it("logout clears the token and the user's cached data but keeps language, ids and the site", async () => {
    const useSession = await freshSession();
    const { getUserInfo, getSiteEnv } = await import("./session.ts");
    // the pages' query cache, once loaded, drops the user's data with the session
    const { queryClient, USER_SCOPE } = await import("./queryClient.ts");
    useSession.getState().setToken("tok-1");
    useSession.getState().setLanguage("ZH_CN");
    useSession.setState({
      userInfo: {
        userId: "u1",
        phone: "13800138000",
        boundChannels: [],
        hasPassword: true,
      } as UserInfo,
    });
    queryClient.setQueryData([...USER_SCOPE, "files"], { records: [] });
    useSession.setState({
      siteEnv: {
        site: "cn",
        currency: "¥",
        payMethods: [],
        defaultLanguage: "ZH_CN",
        officialSite: null,
        hostOrigins: [],
      },
    });
    useSession.getState().logout();
    const state = useSession.getState();
    expect([state.token, getUserInfo(), state.language]).toEqual([null, null, "ZH_CN"]);
    expect(queryClient.getQueryData([...USER_SCOPE, "files"])).toBeUndefined();
    expect(getSiteEnv()?.site).toBe("cn");
    expect(localStorage.getItem("avalive.token")).toBeNull();
    expect(localStorage.getItem("avalive.language")).toBe("ZH_CN");
    expect(localStorage.getItem("avalive.ssid")).toBe(state.ssid);
  });

  it("tells a change of the language in force: the pick, or the site's default arriving", async () => {
    const useSession = await freshSession();
    const { onLanguageChange } = await import("./session.ts");
    const seen: string[] = [];
    const stop = onLanguageChange((language) => seen.push(language));
    useSession.setState({
      siteEnv: {
        site: "cn",
        currency: "¥",
        payMethods: [],
        defaultLanguage: "ZH_CN",
        officialSite: null,
        hostOrigins: [],
      },
    });
    useSession.getState().setStartDesignOpen(true); // not a change of language
    useSession.getState().setLanguage("ZH_TN");
    stop();
    useSession.getState().setLanguage("EN");
    expect(seen).toEqual(["ZH_CN", "ZH_TN"]);
  });

  it("picks the login page by the user's source", async () => {
    await freshSession();
    const { loginPathFor } = await import("./session.ts");
    expect(loginPathFor({ sourcesNo: "5" })).toBe("/douyinLogin");
    expect(loginPathFor({ sourcesNo: "1" })).toBe("/login");
    expect(loginPathFor(null)).toBe("/login");
  });
});
