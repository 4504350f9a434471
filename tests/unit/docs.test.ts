import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { CODES } from "../../shared/codes.ts";
import { MESSAGES } from "../../shared/messages.ts";

describe("docs/api.md", () => {
  const doc = fs.readFileSync(path.join(ROOT, "docs", "api.md"), "utf8");

  it("lists every code of the catalogue with its HTTP status and English message", () => {
    for (const [name, entry] of Object.entries(CODES)) {
      expect(doc, name).toContain(`| ${entry.code} | ${entry.http} | ${name} | ${MESSAGES[entry.message].EN} |`);
    }
  });

  it("gives every code once", () => {
    const codes = Object.values(CODES).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
