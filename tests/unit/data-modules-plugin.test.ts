/**
 * Data modules (scripts/vite-data-modules.ts): the browser gets a `*.data.ts` file's exports as
 * JSON, computed at build time; the messages of one language carry no other language's texts.
 */

import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { dataModuleCode, isDataModule } from "../../scripts/vite-data-modules.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { messagesIn } from "../../web/lib/i18n/messagesIn.ts";

const I18N = path.join(ROOT, "web", "lib", "i18n");

/** Evaluate the generated module as the browser would. */
async function load(file: string): Promise<Record<string, unknown>> {
  const code = await dataModuleCode(path.join(I18N, file));
  expect(code).not.toMatch(/\bimport\b/);
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

describe("data modules", () => {
  it("are the files named *.data.ts", () => {
    expect(isDataModule("/a/messages-en.data.ts")).toBe(true);
    expect(isDataModule("/a/messages-en.data.ts?import")).toBe(true);
    expect(isDataModule("/a/messages.ts")).toBe(false);
  });

  it("give the browser one language's messages, the same as Node computes, and none of the others'", async () => {
    for (const [file, language, others] of [
      ["messages-en.data.ts", "EN", ["ZH_CN", "ZH_TN"]],
      ["messages-zh_cn.data.ts", "ZH_CN", ["EN"]],
      ["messages-zh_tn.data.ts", "ZH_TN", ["EN"]],
    ] as const) {
      const { messages } = await load(file);
      expect(messages, file).toEqual(messagesIn(language));
      const code = await dataModuleCode(path.join(I18N, file));
      for (const other of others) expect(code, `${file} holds ${other}`).not.toContain(MESSAGES.networkError[other]);
    }
  });

  it("give the account rules the message keys only", async () => {
    const { MESSAGE_KEYS } = await load("message-keys.data.ts");
    expect(MESSAGE_KEYS).toEqual(Object.keys(MESSAGES));
  });

  it("refuse an export that is not data", async () => {
    await expect(dataModuleCode(path.join(ROOT, "web", "lib", "i18n", "messagesIn.ts"))).rejects.toThrow(
      /not JSON data/,
    );
  });
});
