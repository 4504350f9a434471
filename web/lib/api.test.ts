// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LANGUAGES, NO_ERROR_TOAST_PATHS, REQUEST_TIMEOUT_MS } from "../../shared/constants.ts";
import { endpoints } from "../../shared/endpoints.ts";
import { dismissToast, toastStore } from "../components/toast/toastStore.ts";
import { ApiError, NETWORK_ERROR_CODE, request, TIMEOUT_CODE } from "./api.ts";
import { loadMessages } from "./i18n/index.ts";
import { setNavigate } from "./navigation.ts";
import { getUserInfo, type UserInfo, useSession } from "./session.ts";

const envelope = (code: number, message: string, data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, message, data }), { status, headers: { "content-type": "application/json" } });

const fetchMock = vi.fn<typeof fetch>();
const navigateMock = vi.fn<(to: string) => void>();
const toasts = () => toastStore.getState().toasts.map((t) => ({ kind: t.kind, message: t.message, ms: t.durationMs }));

/** Awaits a call that must fail, answering its ApiError. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

// The browser loads the messages of the language on screen (web/lib/i18n); these tests switch languages.
beforeAll(() => Promise.all(LANGUAGES.map(loadMessages)));

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setNavigate(navigateMock);
  useSession.setState({ token: "tok-1", language: "EN" });
  useSession.setState({
    userInfo: { userId: "u1", phone: "13800138000", boundChannels: [], hasPassword: true } as UserInfo,
  });
});

afterEach(() => {
  for (const t of toastStore.getState().toasts) dismissToast(t.id);
  fetchMock.mockReset();
  navigateMock.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("api client: requests", () => {
  it("calls a table entry: its method, its path with the parameters filled in, its query and body", async () => {
    fetchMock.mockImplementation(async () => envelope(200, "Success", null));
    await request(endpoints.customRoleDelete, { params: { id: "a/b" } });
    await request(endpoints.orderRepay, { params: { orderId: "o1" }, body: { channel: "card" } });
    await request(endpoints.planInfo, { query: { planId: "p1" } });
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);
    expect(calls).toEqual([
      ["/web-api/v1/douyin/customRole/a%2Fb", "DELETE", undefined],
      ["/web-api/v1/order/pay/o1", "POST", JSON.stringify({ channel: "card" })],
      ["/web-api/v1/base/planInfo/getPlanInfo?planId=p1", "GET", undefined],
    ]);
  });

  it("sends base '/', credentials and the token, tracking and language headers", async () => {
    fetchMock.mockResolvedValue(envelope(200, "Success", { ok: 1 }));
    useSession.setState({ language: "ZH_TN" });
    await request("/web-api/v1/base/file/pageList", { query: { page: 1, limit: 20, skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/web-api/v1/base/file/pageList?page=1&limit=20");
    expect(init?.credentials).toBe("include");
    const headers = new Headers(init?.headers);
    expect(headers.get("authorization")).toBe("tok-1");
    expect(headers.get("language")).toBe("ZH_TN");
    const { webId, ssid } = useSession.getState();
    expect(headers.get("web_id")).toBe(webId);
    expect(headers.get("ssid")).toBe(ssid);
    expect(webId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ssid).not.toBe(webId);
  });

  it("persists the tracking ids", () => {
    expect(localStorage.getItem("avalive.web_id")).toBe(useSession.getState().webId);
    expect(localStorage.getItem("avalive.ssid")).toBe(useSession.getState().ssid);
    expect(localStorage.getItem("avalive.token")).toBe("tok-1");
  });

  it("sends JSON bodies as JSON and leaves FormData to the browser", async () => {
    // A fresh Response per call: a body can be read only once.
    fetchMock.mockImplementation(async () => envelope(200, "Success", null));
    await request("/a", { method: "POST", body: { email: "a@b.cd" } });
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.png");
    await request("/b", { method: "POST", body: form });
    const [first, second] = fetchMock.mock.calls;
    expect(new Headers(first?.[1]?.headers).get("content-type")).toBe("application/json");
    expect(first?.[1]?.body).toBe('{"email":"a@b.cd"}');
    expect(new Headers(second?.[1]?.headers).get("content-type")).toBeNull();
    expect(second?.[1]?.body).toBe(form);
  });

  it("omits Authorization without a token", async () => {
    fetchMock.mockResolvedValue(envelope(200, "Success", null));
    useSession.setState({ token: null });
    await request("/web-api/p1/base/config");
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has("authorization")).toBe(false);
  });
});

describe("api client: the envelope", () => {
  it("answers data on code 200, with no toast", async () => {
    fetchMock.mockResolvedValue(envelope(200, "Success", { token: "abc" }));
    await expect(request("/x")).resolves.toEqual({ token: "abc" });
    expect(toasts()).toEqual([]);
  });

  it("shows a business error's service message for 3 s and rejects with its code", async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(envelope(1201, "No privileges available. Unlock membership for more benefits."));
    const error = await failure(request("/x"));
    expect(error).toMatchObject({
      code: 1201,
      kind: "business",
      message: "No privileges available. Unlock membership for more benefits.",
    });
    expect(toasts()).toEqual([
      { kind: "error", message: "No privileges available. Unlock membership for more benefits.", ms: 3000 },
    ]);
    vi.advanceTimersByTime(2999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toEqual([]);
  });

  it.each([...NO_ERROR_TOAST_PATHS])("shows no toast for %s (section 8's list), but still rejects", async (path) => {
    fetchMock.mockResolvedValue(envelope(1001, "Email or password is incorrect"));
    const error = await failure(request(path, { method: "POST", body: {} }));
    expect(error).toMatchObject({ code: 1001, message: "Email or password is incorrect" });
    expect(toasts()).toEqual([]);
  });

  it.each([
    "/web-api/p1/uc/account/email/sendEmailCode",
    "/web-api/p1/sources/1/account/login",
    "/web-api/p1/thirdPart/phone/bind",
    "/web-api/v1/base/planInfo/getPlanInfo",
  ])("shows a 3 s toast for %s, which section 8 does not exempt", async (path) => {
    fetchMock.mockResolvedValue(envelope(1004, "This email has already been registered"));
    await failure(request(path));
    expect(toasts()).toEqual([{ kind: "error", message: "This email has already been registered", ms: 3000 }]);
  });

  it("on code 600 logs out and goes to /login", async () => {
    fetchMock.mockResolvedValue(envelope(600, "Please log in again"));
    const error = await failure(request("/web-api/v1/base/account/getUserInfo"));
    expect(error).toMatchObject({ code: 600, kind: "logout" });
    expect(useSession.getState().token).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(navigateMock).toHaveBeenCalledWith("/login");
    expect(localStorage.getItem("avalive.token")).toBeNull();
  });

  it("on code 600 sends a short-video user (sourcesNo '5') to /douyinLogin", async () => {
    useSession.setState({
      userInfo: { userId: "u5", sourcesNo: "5", boundChannels: [], hasPassword: true } as UserInfo,
    });
    fetchMock.mockResolvedValue(envelope(600, "Please log in again"));
    await failure(request("/web-api/v1/x"));
    expect(navigateMock).toHaveBeenCalledWith("/douyinLogin");
    expect(useSession.getState().token).toBeNull();
  });

  it("on code 600 does not navigate again when already on the login page", async () => {
    window.history.replaceState(null, "", "/login");
    fetchMock.mockResolvedValue(envelope(600, "Please log in again"));
    await failure(request("/web-api/v1/x"));
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it("logs out on code 600 even for a call without toasts", async () => {
    fetchMock.mockResolvedValue(envelope(600, "Please log in again"));
    await failure(request("/web-api/v1/base/socket/getSocket"));
    expect(useSession.getState().token).toBeNull();
    expect(navigateMock).toHaveBeenCalledWith("/login");
  });
});

describe("api client: network failures", () => {
  it("shows 'network error' for 5 s when the network fails", async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await failure(request("/x"));
    expect(error).toMatchObject({ code: NETWORK_ERROR_CODE, kind: "network", message: "network error" });
    expect(toasts()).toEqual([{ kind: "network", message: "network error", ms: 5000 }]);
    vi.advanceTimersByTime(4999);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toEqual([]);
  });

  it("says 'network error' in the user's language", async () => {
    useSession.setState({ language: "ZH_CN" });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await failure(request("/x"));
    expect(toasts()).toEqual([{ kind: "network", message: "网络错误", ms: 5000 }]);
  });

  it("shows the service message of an HTTP error that carries the envelope for 3 s, as an error", async () => {
    fetchMock.mockResolvedValue(envelope(429, "Too many requests, please retry in 60 seconds", null, 429));
    const error = await failure(request("/x"));
    expect(error).toMatchObject({ code: 429, kind: "http" });
    expect(toasts()).toEqual([{ kind: "error", message: "Too many requests, please retry in 60 seconds", ms: 3000 }]);
  });

  it("falls back to 'network error' for an HTTP error without an envelope", async () => {
    fetchMock.mockResolvedValue(new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await failure(request("/x"));
    expect(error).toMatchObject({ code: 502, kind: "network", message: "network error" });
    expect(toasts()).toEqual([{ kind: "network", message: "network error", ms: 5000 }]);
  });

  it("gives up after 60 s with a 5 s 'network error' toast", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const pending = failure(request("/slow"));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ code: TIMEOUT_CODE, kind: "timeout", message: "network error" });
    expect(toasts()).toEqual([{ kind: "network", message: "network error", ms: 5000 }]);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });

  it("stays quiet when the caller cancels", async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const controller = new AbortController();
    const pending = request("/x", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
    expect(toasts()).toEqual([]);
  });

  it("keeps network failures of background calls quiet (analytics)", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await failure(request("/web-api/p1/analytics/event", { method: "POST", body: {} }));
    expect(error.kind).toBe("network");
    expect(toasts()).toEqual([]);
  });
});
