import { describe, expect, it } from "vitest";
import { afterLoginPath } from "../lib/loginRedirect.ts";
import { decideAccess, FIXED_VIEWPORT, flattenRoutes, REDIRECTS, ROUTES, ZOOMABLE_VIEWPORT } from "./routes.ts";

const all = flattenRoutes();
const byPath = new Map(all.map((r) => [r.fullPath, r]));
const route = (path: string) => {
  const found = byPath.get(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

const PUBLIC = [
  "/",
  "/live",
  "/customized",
  "/ip",
  "/help",
  "/douyinHelp",
  "/download",
  "/member",
  "/notice",
  "/noticeDetail",
  "/introduce",
  "/shop",
  "/shop/singleList",
  "/shop/singleDetail",
  "/login",
  "/douyinLogin",
  "/register",
  "/forget",
  "/bindEmail",
  "/wxCheck",
  "/controllerCheck",
  "/appMember",
  "/appHelp",
  "/appHelp/catalog",
  "/appHelp/detail",
  "/cancelIntroduce",
  "/verification",
];

const LOGIN_ONLY = [
  "/workbench",
  "/workbench/myplan",
  "/workbench/myPerson",
  "/workbench/svip",
  "/workbench/orderList",
  "/workbench/cloudRecord",
  "/workbench/myCustomized",
  "/workbench/myProducts",
  "/workbench/account",
  "/myplan",
  "/myPerson",
  "/myCustomized",
  "/myProducts",
  "/myPersonDetail",
  "/plan",
  "/face",
  "/douyinFace",
  "/newPerson",
  "/douyin",
  "/douyin/douyinPerson",
  "/myCenter",
  "/myCenter/myOrder",
  "/upload",
];

/** The short-video variant's frame, in table order. */
const SHORT_VIDEO_FRAME = [
  "/douyinHelp",
  "/myPersonDetail",
  "/douyinFace",
  "/newPerson",
  "/douyin",
  "/douyin/douyinPerson",
];

describe("route table", () => {
  it("holds exactly the routes of spec section 2", () => {
    expect(all.map((r) => r.fullPath).sort()).toEqual([...PUBLIC, ...LOGIN_ONLY].sort());
  });

  it("marks the public and the login-only routes", () => {
    for (const path of PUBLIC) expect(route(path).access, path).toBe("public");
    for (const path of LOGIN_ONLY) expect(route(path).access, path).toBe("login");
  });

  it("redirects the four parent routes to their first child", () => {
    expect(REDIRECTS).toEqual({
      "/shop": "/shop/singleList",
      "/workbench": "/workbench/myplan",
      "/douyin": "/douyin/douyinPerson",
      "/myCenter": "/myCenter/myOrder",
    });
  });

  it("lets only /, /live, /customized and /ip zoom", () => {
    expect(all.filter((r) => r.zoomable).map((r) => r.fullPath)).toEqual(["/", "/live", "/customized", "/ip"]);
    expect(ZOOMABLE_VIEWPORT).toBe("width=device-width, initial-scale=1");
    expect(FIXED_VIEWPORT).toBe("width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no");
  });

  it("gives every route a title key", () => {
    for (const r of all) expect(r.title, r.fullPath).toMatch(/^[A-Za-z]+$/);
    expect(ROUTES.every((r) => r.path.startsWith("/"))).toBe(true);
  });
});

describe("guard decisions", () => {
  it("sends a visitor without a token from every login-only route to /login, remembering the page", () => {
    for (const path of LOGIN_ONLY.filter((p) => !SHORT_VIDEO_FRAME.includes(p))) {
      expect(decideAccess(route(path), false, path)).toEqual({
        allow: false,
        redirect: `/login?redirect=${encodeURIComponent(path)}`,
      });
    }
    expect(decideAccess(route("/plan"), false, "/plan?planId=1&roleId=2")).toEqual({
      allow: false,
      redirect: "/login?redirect=%2Fplan%3FplanId%3D1%26roleId%3D2",
    });
  });

  it("lets a visitor open every public route", () => {
    for (const path of PUBLIC) expect(decideAccess(route(path), false, path)).toEqual({ allow: true });
  });

  it("lets a logged-in user open every route except the login pages: /login goes to /, /douyinLogin to /douyin", () => {
    for (const r of all) {
      const expected =
        r.fullPath === "/login"
          ? { allow: false, redirect: "/" }
          : r.fullPath === "/douyinLogin"
            ? { allow: false, redirect: "/douyin" }
            : { allow: true };
      expect(decideAccess(r, true, r.fullPath), r.fullPath).toEqual(expected);
    }
  });
});

describe("the short-video variant's routes (docs/decisions/029)", () => {
  it("are the douyin pages, /newPerson and /myPersonDetail, drawn in its frame", () => {
    expect(all.filter((r) => r.frame === "shortVideo").map((r) => r.fullPath)).toEqual(SHORT_VIDEO_FRAME);
    // a frame is a layout around whole top-level routes: a child is in its parent's frame
    for (const r of all.filter((x) => x.children)) {
      for (const child of r.children ?? []) expect(child.frame, child.path).toBe(r.frame);
    }
  });

  it("send a visitor without a token to /douyinLogin, remembering the page", () => {
    for (const path of SHORT_VIDEO_FRAME.filter((p) => route(p).access === "login")) {
      expect(decideAccess(route(path), false, path)).toEqual({
        allow: false,
        redirect: `/douyinLogin?redirect=${encodeURIComponent(path)}`,
      });
    }
    expect(decideAccess(route("/myPersonDetail"), false, "/myPersonDetail?roleId=r1")).toEqual({
      allow: false,
      redirect: "/douyinLogin?redirect=%2FmyPersonDetail%3FroleId%3Dr1",
    });
    // its help is public, like /help
    expect(decideAccess(route("/douyinHelp"), false, "/douyinHelp")).toEqual({ allow: true });
  });

  it("after the short-video login, land on the remembered page or the variant's avatar list", () => {
    expect(afterLoginPath(null, "/douyin")).toBe("/douyin");
    expect(afterLoginPath("/newPerson", "/douyin")).toBe("/newPerson");
    expect(afterLoginPath("//evil.example/", "/douyin")).toBe("/douyin");
    expect(REDIRECTS["/douyin"]).toBe("/douyin/douyinPerson");
  });
});

describe("after login", () => {
  it("returns to the remembered page of this site only", () => {
    expect(afterLoginPath("/upload")).toBe("/upload");
    expect(afterLoginPath("/plan?planId=1")).toBe("/plan?planId=1");
    expect(afterLoginPath(null)).toBe("/");
    expect(afterLoginPath("")).toBe("/");
    expect(afterLoginPath("https://evil.example/")).toBe("/");
    expect(afterLoginPath("//evil.example/")).toBe("/");
    expect(afterLoginPath("/\\evil.example")).toBe("/");
  });
});

describe("page descriptions", () => {
  it("every public page has a description in ZH_CN, ZH_TN and EN, and the rest a default one", async () => {
    const { en } = await import("../lib/i18n/en.ts");
    const { zhCN } = await import("../lib/i18n/zh_cn.ts");
    const { zhTN } = await import("../lib/i18n/zh_tn.ts");
    const { enPages } = await import("../lib/i18n/en-pages.ts");
    const { zhCNPages } = await import("../lib/i18n/zh_cn-pages.ts");
    const { zhTNPages } = await import("../lib/i18n/zh_tn-pages.ts");
    // the shell's pages' metadata and the others', merged as i18next merges them (web/lib/i18n)
    for (const [shell, pages] of [
      [en, enPages],
      [zhCN, zhCNPages],
      [zhTN, zhTNPages],
    ] as const) {
      const meta = { ...shell.meta, ...pages.meta } as Record<string, { description?: string }>;
      expect(meta.default?.description).toBeTruthy();
      for (const r of all.filter((x) => x.access === "public")) {
        expect(r.meta, r.fullPath).toBeTruthy();
        expect(meta[r.meta as string]?.description, r.fullPath).toMatch(/\S{2,}/);
      }
    }
  });
});
