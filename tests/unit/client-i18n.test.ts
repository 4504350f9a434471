/** The client pages' own strings (clients/common/i18n.ts): three languages, the same keys, none empty. */

import { describe, expect, it } from "vitest";
import { CLIENT_LANGUAGES, fill, pickLanguage, STRINGS } from "../../clients/common/i18n.ts";

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe("the client's strings", () => {
  it("have the same keys in EN, ZH_CN and ZH_TN, none empty, with the same placeholders", () => {
    const en = leaves(STRINGS.EN as unknown as Tree);
    for (const language of CLIENT_LANGUAGES) {
      const other = new Map(leaves(STRINGS[language] as unknown as Tree));
      expect([...other.keys()].sort(), language).toEqual(en.map(([k]) => k).sort());
      for (const [key, text] of en) {
        const translated = other.get(key) ?? "";
        expect(translated.trim(), `${language} ${key}`).not.toBe("");
        expect(translated.match(/\{\w+\}/g)?.sort(), `${language} ${key}`).toEqual(text.match(/\{\w+\}/g)?.sort());
      }
    }
  });

  it("picks the chosen language, else the browser's", () => {
    expect(pickLanguage("ZH_TN", ["en-US"])).toBe("ZH_TN");
    expect(pickLanguage(null, ["zh-TW", "en"])).toBe("ZH_TN");
    expect(pickLanguage(null, ["zh-Hant-HK"])).toBe("ZH_TN");
    expect(pickLanguage(null, ["zh-CN"])).toBe("ZH_CN");
    expect(pickLanguage("xx", ["fr-FR", "en-GB"])).toBe("EN");
    expect(pickLanguage(null, [])).toBe("EN");
  });

  it("fills placeholders", () => {
    expect(fill(STRINGS.EN.hoursValue, { hours: 2, minutes: 30 })).toBe("2 h 30 min");
    expect(fill("{a} {b}", { a: 1 })).toBe("1 {b}");
  });
});
