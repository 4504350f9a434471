import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/constants.ts";
import { MESSAGES, type MessageKey, translate } from "../../../shared/messages.ts";
import { flattenRoutes } from "../../app/routes.ts";
import { en } from "./en.ts";
import { enPages } from "./en-pages.ts";
import { loadMessages, messageText } from "./index.ts";
import { zhCN } from "./zh_cn.ts";
import { zhCNPages } from "./zh_cn-pages.ts";
import { zhTN } from "./zh_tn.ts";
import { zhTNPages } from "./zh_tn-pages.ts";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

// Each language's texts in two parts (the shell's, the other pages'), merged as i18next merges them.
const parts = { EN: [en, enPages], ZH_CN: [zhCN, zhCNPages], ZH_TN: [zhTN, zhTNPages] } as const;
/** The groups both parts hold, with different keys: the shell's pages' titles and metadata, and the others'. */
const SPLIT_GROUPS = ["titles", "meta"];
const translations = Object.fromEntries(
  Object.entries(parts).map(([l, [shell, pages]]) => [
    l,
    {
      ...shell,
      ...pages,
      ...Object.fromEntries(
        SPLIT_GROUPS.map((g) => [
          g,
          { ...(shell as unknown as Record<string, object>)[g], ...(pages as unknown as Record<string, object>)[g] },
        ]),
      ),
    },
  ]),
);
const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, leaves(translations[l] as Tree)]));

describe("i18n catalogues", () => {
  it("split each language into the shell's texts and the other pages', no text in both", () => {
    for (const [language, [shell, pages]] of Object.entries(parts)) {
      expect(
        Object.keys(shell).filter((group) => group in pages),
        language,
      ).toEqual(SPLIT_GROUPS);
      for (const group of SPLIT_GROUPS) {
        const inPages = (pages as unknown as Record<string, object>)[group] ?? {};
        const shared = Object.keys((shell as unknown as Record<string, object>)[group] ?? {}).filter(
          (key) => key in inPages,
        );
        expect(shared, `${language} ${group}`).toEqual([]);
      }
      expect(Object.keys(shell), language).toEqual(Object.keys(en));
      expect(Object.keys(pages), language).toEqual(Object.keys(enPages));
    }
  });

  it("have the same keys in ZH_CN, ZH_TN and EN, none empty", () => {
    const en = [...(catalogues.EN?.keys() ?? [])].sort();
    expect(en.length).toBeGreaterThan(150);
    for (const language of LANGUAGES) {
      const catalogue = catalogues[language];
      expect([...(catalogue?.keys() ?? [])].sort(), language).toEqual(en);
      for (const [key, text] of catalogue ?? []) expect(text.trim(), `${language} ${key}`).not.toBe("");
    }
  });

  it("translate the Chinese catalogues rather than copy the English", () => {
    const en = catalogues.EN;
    // Brand names, placeholders, platform and file-format names may stay as they are.
    const same = [...(catalogues.ZH_CN ?? [])].filter(([key, text]) => en?.get(key) === text).map(([key]) => key);
    expect(
      same.every((key) => /brand|Placeholder|platforms|formats\.|languages\.|notFound\.code/.test(key)),
      same.join(),
    ).toBe(true);
  });

  it("hold a title for every route and the description a route names (keywords are optional)", () => {
    for (const route of flattenRoutes()) {
      for (const language of LANGUAGES) {
        expect(catalogues[language]?.has(`titles.${route.title}`), `${language} ${route.fullPath}`).toBe(true);
        if (route.meta) {
          expect(catalogues[language]?.has(`meta.${route.meta}.description`)).toBe(true);
        }
      }
    }
  });
});

describe("the shared messages namespace", () => {
  it("until a language's messages have arrived, says them in the language shown, never as a bare key", async () => {
    // the page shows English; Traditional Chinese has been picked and its catalogue is on its way
    await loadMessages("EN");
    expect(messageText("termsNotConfirmed", undefined, "ZH_TN")).toBe(translate("termsNotConfirmed", "EN"));
    await loadMessages("ZH_TN");
    expect(messageText("termsNotConfirmed", undefined, "ZH_TN")).toBe(translate("termsNotConfirmed", "ZH_TN"));
  });

  it("gives every message of shared/messages.ts exactly as the server's translate does, placeholders filled", async () => {
    // the browser loads one language's at a time, with its catalogue; here all three
    await Promise.all(LANGUAGES.map(loadMessages));
    // a value for every placeholder any message uses
    const names = Object.values(MESSAGES).flatMap((m) =>
      Object.values(m).flatMap((text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((x) => x[1] as string)),
    );
    const params = Object.fromEntries(names.map((name, i) => [name, `${name}-${i}`]));
    for (const key of Object.keys(MESSAGES) as MessageKey[]) {
      for (const language of LANGUAGES) {
        expect(messageText(key, params, language), `${language} ${key}`).toBe(translate(key, language, params));
      }
    }
  });
});
