// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ENTRY_FLAG_KEY, officialSiteTarget, rememberEntry } from "./officialSite.ts";

afterEach(() => {
  localStorage.clear();
  delete window.__MICRO_APP_ENVIRONMENT__;
});

describe("official-site redirect", () => {
  it("never redirects while the config names no official site (the default)", () => {
    expect(officialSiteTarget(null)).toBeNull();
  });

  it("sends a visitor who came without an entry flag to the official site", () => {
    expect(officialSiteTarget("https://avalive.example")).toBe("https://avalive.example");
  });

  it("keeps a visitor who arrived with ?entry, on this and later visits", () => {
    rememberEntry("?entry=1");
    expect(localStorage.getItem(ENTRY_FLAG_KEY)).toBe("1");
    expect(officialSiteTarget("https://avalive.example")).toBeNull();
  });

  it("keeps the app when it runs embedded in a host", () => {
    window.__MICRO_APP_ENVIRONMENT__ = true;
    expect(officialSiteTarget("https://avalive.example")).toBeNull();
    rememberEntry("");
    expect(localStorage.getItem(ENTRY_FLAG_KEY)).toBe("1");
  });

  it("runs where the browser denies storage (a host's frame with third-party storage blocked)", () => {
    const denied = vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("Access is denied for this document.", "SecurityError");
    });
    try {
      window.__MICRO_APP_ENVIRONMENT__ = true;
      expect(() => rememberEntry("?entry=1")).not.toThrow();
      expect(officialSiteTarget("https://avalive.example")).toBeNull();
      window.__MICRO_APP_ENVIRONMENT__ = undefined;
      expect(officialSiteTarget("https://avalive.example")).toBe("https://avalive.example");
    } finally {
      denied.mockRestore();
    }
  });

  it("does not set the flag for an ordinary visit", () => {
    rememberEntry("?utm=x");
    expect(localStorage.getItem(ENTRY_FLAG_KEY)).toBeNull();
  });
});
