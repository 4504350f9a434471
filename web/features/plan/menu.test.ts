import { describe, expect, it } from "vitest";
import {
  DEFAULT_MENU,
  keepListed,
  levelsOf,
  MENU,
  menuFromLevels,
  openMenu,
  subsOf,
  toggleLimited,
  toggleSelected,
} from "./menu.ts";

const name = (level: number, type: string) => `${level}:${type}`;

describe("plan menu levels", () => {
  it("has the spec's eight first-level menus in order", () => {
    expect(MENU.map((m) => m.key)).toEqual([
      "avatar",
      "outfit",
      "expression",
      "scene",
      "pets",
      "interaction",
      "sounds",
      "effects",
    ]);
    expect(subsOf("outfit")).toEqual(["top", "headwear", "glasses", "accessory"]);
    expect(subsOf("scene")).toEqual(["backdrop", "scene"]);
    expect(subsOf("interaction")).toEqual(["all", "gift", "like", "comment", "follow"]);
    expect(subsOf("pets")).toEqual([]);
  });

  it("opens a first level on its first kind, or the kind asked for when it has it", () => {
    expect(openMenu("outfit")).toEqual({ key: "outfit", sub: "top" });
    expect(openMenu("outfit", "glasses")).toEqual({ key: "outfit", sub: "glasses" });
    expect(openMenu("outfit", "gift")).toEqual({ key: "outfit", sub: "top" });
    expect(openMenu("pets", "top")).toEqual({ key: "pets", sub: null });
  });

  it("turns a menu state into {type, name} levels and back", () => {
    const levels = levelsOf({ key: "scene", sub: "scene" }, name);
    expect(levels).toEqual([
      { type: "scene", name: "1:scene" },
      { type: "scene", name: "2:scene" },
    ]);
    expect(menuFromLevels(levels)).toEqual({ key: "scene", sub: "scene" });
    expect(levelsOf({ key: "sounds", sub: null }, name)).toEqual([{ type: "sounds", name: "1:sounds" }]);
  });

  it("falls back to the avatar menu for nothing or unknown levels, and to the first kind for a bad one", () => {
    expect(menuFromLevels([])).toEqual(DEFAULT_MENU);
    expect(menuFromLevels([{ type: "shop", name: "Shop" }])).toEqual(DEFAULT_MENU);
    expect(
      menuFromLevels([
        { type: "interaction", name: "" },
        { type: "nope", name: "" },
      ]),
    ).toEqual({
      key: "interaction",
      sub: "all",
    });
    expect(
      menuFromLevels([
        { type: "expression", name: "" },
        { type: "top", name: "" },
      ]),
    ).toEqual({
      key: "expression",
      sub: null,
    });
  });
});

describe("toggleLimited", () => {
  it("adds until the limit, then refuses without changing the selection", () => {
    let ids: string[] = [];
    for (const id of ["a", "b", "c"]) {
      const next = toggleLimited(ids, id, 3);
      expect(next.refused).toBe(false);
      ids = next.ids;
    }
    expect(ids).toEqual(["a", "b", "c"]);
    expect(toggleLimited(ids, "d", 3)).toEqual({ ids: ["a", "b", "c"], refused: true });
  });

  it("removes a chosen id even at the limit", () => {
    expect(toggleLimited(["a", "b", "c"], "b", 3)).toEqual({ ids: ["a", "c"], refused: false });
  });
});

describe("checkbox selections", () => {
  it("toggle one id without touching the given set", () => {
    const before = new Set(["a"]);
    expect([...toggleSelected(before, "b")]).toEqual(["a", "b"]);
    expect([...toggleSelected(before, "a")]).toEqual([]);
    expect([...before]).toEqual(["a"]);
  });

  it("forget ids that are no longer listed (deleted elsewhere, filtered out)", () => {
    expect([...keepListed(new Set(["a", "b", "c"]), [{ id: "c" }, { id: "a" }])]).toEqual(["a", "c"]);
  });
});
