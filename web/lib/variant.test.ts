// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UserInfo } from "./session.ts";
import {
  detailLink,
  faceLink,
  loginPathOf,
  rememberedSource,
  rememberSource,
  SHORT_VIDEO_PATHS,
  SITE_PATHS,
} from "./variant.ts";

beforeEach(() => localStorage.clear());

describe("avatar paths of the site and of the short-video frame", () => {
  it("open the face editor of each", () => {
    expect(faceLink(SITE_PATHS, "r1")).toBe("/face?roleId=r1");
    expect(faceLink(SHORT_VIDEO_PATHS, "r1")).toBe("/douyinFace?roleId=r1");
    expect(faceLink(SHORT_VIDEO_PATHS, "a b&c", "2")).toBe("/douyinFace?roleId=a+b%26c&twoMenu=2");
  });

  it("give an avatar a detail page only in the short-video frame", () => {
    expect(detailLink(SITE_PATHS, "r1")).toBeNull();
    expect(detailLink(SHORT_VIDEO_PATHS, "r1")).toBe("/myPersonDetail?roleId=r1");
  });

  it("lead back to each one's avatar list, and start avatars on /newPerson in the frame only", () => {
    expect([SITE_PATHS.list, SHORT_VIDEO_PATHS.list]).toEqual(["/myPerson", "/douyin/douyinPerson"]);
    expect([SITE_PATHS.newAvatar, SHORT_VIDEO_PATHS.newAvatar]).toEqual([null, "/newPerson"]);
  });
});

describe("which login page (code 600, idle exit)", () => {
  it("is /douyinLogin for source '5' only", () => {
    expect(loginPathOf("5")).toBe("/douyinLogin");
    for (const other of ["1", "", null, undefined]) expect(loginPathOf(other)).toBe("/login");
  });

  it("remembers the last loaded user's source, and forgets it for a user without one", () => {
    expect(rememberedSource()).toBeNull();
    rememberSource("5");
    expect(localStorage.getItem("avalive.source")).toBe("5");
    rememberSource(undefined);
    expect(rememberedSource()).toBeNull();
  });

  it("follows the loaded userInfo, else the remembered source (a 600 before userInfo loads)", async () => {
    vi.resetModules();
    const { loginPathFor, useSession } = await import("./session.ts");
    expect(loginPathFor()).toBe("/login");
    rememberSource("5");
    expect(loginPathFor()).toBe("/douyinLogin");
    // loaded userInfo wins over what an earlier user on this browser left
    useSession.setState({ userInfo: { userId: "u1", boundChannels: [], hasPassword: true } as UserInfo });
    expect(loginPathFor()).toBe("/login");
    useSession.setState({
      userInfo: { userId: "u5", sourcesNo: "5", boundChannels: [], hasPassword: false } as UserInfo,
    });
    localStorage.clear();
    expect(loginPathFor()).toBe("/douyinLogin");
  });
});
