import { describe, expect, it } from "vitest";
import {
  isAllowedOrigin,
  normalizeOrigin,
  parseAppMessage,
  parseHostData,
  parseHostMessage,
  TOKEN_OVERDUE,
} from "./messages.ts";

const ALLOWED = ["https://host.example", "http://127.0.0.1:3100"];

describe("origin matching", () => {
  it("accepts exactly the configured origins", () => {
    expect(isAllowedOrigin("https://host.example", ALLOWED)).toBe(true);
    expect(isAllowedOrigin("http://127.0.0.1:3100", ALLOWED)).toBe(true);
  });

  it.each([
    ["another port", "https://host.example:8443"],
    ["the default port spelled out (never a browser's origin)", "https://host.example:443"],
    ["a suffix", "https://host.example.evil"],
    ["a prefix", "https://evilhost.example"],
    ["a sub-domain", "https://a.host.example"],
    ["another scheme", "http://host.example"],
    ["null (a sandboxed frame, a file)", "null"],
    ["the empty string", ""],
    ["a path", "https://host.example/x"],
    ["upper case (never a browser's origin)", "https://HOST.example"],
    ["another port of an allowed address", "http://127.0.0.1:3101"],
    ["localhost for 127.0.0.1", "http://localhost:3100"],
    ["credentials", "https://user@host.example"],
  ])("refuses %s", (_name, origin) => {
    expect(isAllowedOrigin(origin, ALLOWED)).toBe(false);
  });

  it("reads configuration in its canonical form", () => {
    expect(normalizeOrigin("https://HOST.example:443/")).toBe("https://host.example");
    expect(normalizeOrigin("http://host.example:80")).toBe("http://host.example");
    expect(normalizeOrigin("http://[::1]:3100")).toBe("http://[::1]:3100");
    expect(isAllowedOrigin("https://host.example", ["https://HOST.example:443/"])).toBe(true);
  });

  it.each([
    "host.example",
    "https://host.example/app",
    "https://host.example/?",
    "ftp://host.example",
    "null",
    "https://*.example",
  ])("is not an origin: %s", (value) => {
    expect(normalizeOrigin(value)).toBeNull();
  });

  it("allows nothing when nothing is configured", () => {
    expect(isAllowedOrigin("https://host.example", [])).toBe(false);
  });
});

describe("messages from the host", () => {
  it("parses each message, as an object or its JSON text", () => {
    expect(parseHostMessage({ type: "token", data: { token: "a.b.c" } })).toEqual({
      type: "token",
      data: { token: "a.b.c" },
    });
    expect(parseHostMessage(JSON.stringify({ type: "language", data: { language: "ZH_TN" } }))).toEqual({
      type: "language",
      data: { language: "ZH_TN" },
    });
    expect(parseHostMessage({ type: "toggleStartDesign" })).toEqual({ type: "toggleStartDesign", data: {} });
    expect(parseHostMessage({ type: "toggleStartDesign", data: { open: false } })).toEqual({
      type: "toggleStartDesign",
      data: { open: false },
    });
    expect(parseHostMessage({ type: "pushRoute", data: { path: "/myplan?x=1" } })).toEqual({
      type: "pushRoute",
      data: { path: "/myplan?x=1" },
    });
    expect(parseHostMessage({ type: "replaceRoute", data: { path: "/myPerson" } })?.type).toBe("replaceRoute");
    for (const notice of ["pageLoad", "pageChange", "tokenStatus"])
      expect(parseHostMessage({ type: "requestNotice", data: { notice } })).toEqual({
        type: "requestNotice",
        data: { notice },
      });
  });

  it.each([
    ["an unknown type", { type: "eval", data: {} }],
    ["an extra field", { type: "token", data: { token: "t" }, origin: "x" }],
    ["an extra data field", { type: "token", data: { token: "t", user: "u" } }],
    ["a token with a space", { type: "token", data: { token: "a b" } }],
    ["an empty token", { type: "token", data: { token: "" } }],
    ["a token of another type", { type: "token", data: { token: 42 } }],
    ["an unknown language", { type: "language", data: { language: "FR" } }],
    ["open as a string", { type: "toggleStartDesign", data: { open: "yes" } }],
    ["another site's address", { type: "pushRoute", data: { path: "https://evil.example/" } }],
    ["a protocol-relative address", { type: "pushRoute", data: { path: "//evil.example/" } }],
    ["a backslash address", { type: "replaceRoute", data: { path: "/\\evil.example" } }],
    ["a script address", { type: "pushRoute", data: { path: "javascript:alert(1)" } }],
    ["an unknown notice", { type: "requestNotice", data: { notice: "cookies" } }],
    ["data that is not an object", { type: "pushRoute", data: "/x" }],
    ["broken JSON", '{"type":"token"'],
    ["an array", [{ type: "token", data: { token: "t" } }]],
    ["null", null],
    ["the creator frame's messages", { eventName: "v1.frame.ready", source: "avalive-creator", data: {} }],
  ])("refuses %s", (_name, raw) => {
    expect(parseHostMessage(raw)).toBeNull();
  });

  it("reads a micro-app container's data: a token and a language, or one message", () => {
    expect(parseHostData({ token: "abc", language: "EN", other: 1 })).toEqual([
      { type: "token", data: { token: "abc" } },
      { type: "language", data: { language: "EN" } },
    ]);
    expect(parseHostData({ type: "pushRoute", data: { path: "/plan" } })).toEqual([
      { type: "pushRoute", data: { path: "/plan" } },
    ]);
    expect(parseHostData({ token: "has space" })).toEqual([]);
    expect(parseHostData(undefined)).toEqual([]);
  });
});

describe("messages to the host", () => {
  it("parses what the app sends", () => {
    const sent = [
      { type: "editPerson", data: { roleId: "r1" } },
      { type: "editPerson", data: { roleId: "r1", twoMenu: "2" } },
      { type: "editPlan", data: { planId: "p1", roleId: "r1", roleType: "2" } },
      { type: "noAuth", data: { jump: "/member?from=design" } },
      { type: TOKEN_OVERDUE, data: {} },
      { type: "idleExit", data: {} },
      { type: "logout", data: { reason: "user" } },
      { type: "pageLoad", data: { path: "/" } },
      { type: "pageChange", data: { path: "/myplan", from: "/" } },
      { type: "pageChange", data: { path: "/", from: null } },
      { type: "tokenStatus", data: { status: "valid", userId: "u1" } },
      { type: "tokenStatus", data: { status: "none", userId: null } },
    ];
    for (const message of sent) expect(parseAppMessage(message)).toEqual(message);
  });

  it.each([
    ["no data", { type: "editPerson" }],
    ["a missing roleId", { type: "editPlan", data: { planId: "p", roleType: "1" } }],
    ["another site as jump", { type: "noAuth", data: { jump: "https://evil.example" } }],
    ["data on token overdue", { type: TOKEN_OVERDUE, data: { x: 1 } }],
    ["an unknown reason", { type: "logout", data: { reason: "bored" } }],
    ["an unknown status", { type: "tokenStatus", data: { status: "great", userId: null } }],
  ])("refuses %s", (_name, raw) => {
    expect(parseAppMessage(raw)).toBeNull();
  });
});
