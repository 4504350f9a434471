// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { isEmbedded, tellHost } from "./host.ts";

const message = { type: "editPlan", data: { planId: "p", roleId: "r", roleType: "2" } } as const;

afterEach(() => {
  window.__MICRO_APP_ENVIRONMENT__ = undefined;
  window.microApp = undefined;
  vi.restoreAllMocks();
});

describe("the host bridge", () => {
  it("does nothing outside embedded mode, so the caller routes", () => {
    expect(isEmbedded()).toBe(false);
    expect(tellHost(message)).toBe(false);
  });

  it("dispatches through the micro-app channel when there is one", () => {
    const dispatch = vi.fn();
    window.__MICRO_APP_ENVIRONMENT__ = true;
    window.microApp = { dispatch };
    expect(tellHost(message)).toBe(true);
    expect(dispatch).toHaveBeenCalledWith(message);
  });

  it("posts to the framing parent's origin only", () => {
    window.__MICRO_APP_ENVIRONMENT__ = true;
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://host.example.com/studio?x=1");
    const post = vi.spyOn(window.parent, "postMessage").mockImplementation(() => {});
    expect(tellHost(message)).toBe(true);
    expect(post).toHaveBeenCalledWith(message, "https://host.example.com");
  });

  it("does not post anywhere when the parent's origin is unknown", () => {
    window.__MICRO_APP_ENVIRONMENT__ = true;
    vi.spyOn(document, "referrer", "get").mockReturnValue("");
    const post = vi.spyOn(window.parent, "postMessage").mockImplementation(() => {});
    expect(tellHost(message)).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });
});
