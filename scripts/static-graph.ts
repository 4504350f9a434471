/**
 * The static import graph of the web's source from an entry: every module the browser must load
 * before the entry runs, following `import … from` and `export … from` (not `import()`, not type-only
 * imports), as the bundler does. Used by tests/unit/landing-graph.test.ts to keep the landing page's
 * entry free of what it must never load up front (docs/decisions/030). Mirrors the build's own
 * replacements: the browser's endpoint table (scripts/vite-endpoint-table.ts) and data modules
 * (scripts/vite-data-modules.ts) reach the browser as data, so their imports are not followed.
 */

import fs from "node:fs";
import path from "node:path";
import { isDataModule } from "./vite-data-modules.ts";

export interface StaticGraph {
  /** Source files reached, relative to the root, with forward slashes. */
  files: Set<string>;
  /** npm packages reached (by name: `react`, `@tanstack/react-query`). */
  packages: Set<string>;
  /** For each file or package, one file that imports it: to tell how it came in. */
  importer: Map<string, string>;
}

const FROM = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+["']([^"']+)["']/g;
const SIDE_EFFECT = /(?:^|[;\n])\s*import\s+["']([^"']+)["']/g;

/** The specifiers a module imports at run time (type-only imports dropped). */
export function staticImports(code: string): string[] {
  // Comments could hold example imports: drop them first (block comments, then line comments).
  const source = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const out: string[] = [];
  for (const [, , typeOnly, clause, spec] of source.matchAll(FROM)) {
    if (typeOnly || !spec || !clause) continue;
    // `import { type A, type B } from` imports nothing at run time
    const named = clause.match(/^\{([\s\S]*)\}$/);
    if (named?.[1]?.split(",").every((part) => part.trim() === "" || /^type\s/.test(part.trim()))) continue;
    out.push(spec);
  }
  for (const [, spec] of source.matchAll(SIDE_EFFECT)) if (spec) out.push(spec);
  return out;
}

const packageName = (spec: string) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string);

/** Files whose imports the browser build does not follow: it gets them as data. */
const REPLACED = [/(^|\/)shared\/endpoints\.ts$/];

export function staticGraph(root: string, entry: string): StaticGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const importer = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file) || isDataModule(file) || REPLACED.some((re) => re.test(file))) continue;
    const code = fs.readFileSync(path.join(root, file), "utf8");
    for (const spec of staticImports(code)) {
      if (spec.startsWith(".")) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        if (!importer.has(target)) importer.set(target, file);
        queue.push(target);
      } else {
        const name = packageName(spec);
        packages.add(name);
        if (!importer.has(name)) importer.set(name, file);
      }
    }
  }
  return { files, packages, importer };
}
