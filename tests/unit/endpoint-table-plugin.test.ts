/**
 * The browser's copy of the endpoint table (scripts/vite-endpoint-table.ts): the same names,
 * methods, paths and access as shared/endpoints.ts, and none of the schemas.
 */

import { describe, expect, it } from "vitest";
import { browserEntries, browserTableModule } from "../../scripts/vite-endpoint-table.ts";
import * as table from "../../shared/endpoints.ts";

/** Evaluate the generated module as the browser would. */
async function load(): Promise<Record<string, Record<string, Record<string, unknown>>>> {
  const code = await browserTableModule();
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

describe("the browser's endpoint table", () => {
  it("exports every group of the table, each entry with its method, path and access only", async () => {
    const browser = await load();
    const groups = Object.entries(table).filter(([, group]) => browserEntries(group) !== null);
    expect(Object.keys(browser).sort()).toEqual(groups.map(([name]) => name).sort());
    for (const [name, group] of groups) {
      const entries = group as unknown as Record<
        string,
        { method: string; path: string; auth: string; multipart?: true }
      >;
      expect(Object.keys(browser[name] ?? {}).sort(), name).toEqual(Object.keys(entries).sort());
      for (const [key, entry] of Object.entries(entries)) {
        const expected = {
          method: entry.method,
          path: entry.path,
          auth: entry.auth,
          ...(entry.multipart ? { multipart: true } : {}),
        };
        expect(browser[name]?.[key], `${name}.${key}`).toEqual(expected);
      }
    }
  });

  it("carries no schema", async () => {
    const code = await browserTableModule();
    for (const field of ["response", "body", "querystring", "params", "summary", "tags"])
      expect(code).not.toContain(`"${field}"`);
    expect(Object.keys((await load()).endpoints ?? {}).length).toBe(Object.keys(table.endpoints).length);
  });

  it("ignores what is not a group of entries", () => {
    expect(browserEntries(null)).toBeNull();
    expect(browserEntries({})).toBeNull();
    expect(browserEntries({ a: { method: "GET" } })).toBeNull();
  });
});
