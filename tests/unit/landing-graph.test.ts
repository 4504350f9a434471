/**
 * What the landing page's entry (web/main.tsx) imports statically: everything in this graph loads
 * before the home page draws. It must hold none of three.js, the pages' data library (TanStack
 * Query), the form library, nor any account page or form: those load with the pages that use
 * them (docs/decisions/030). tests/e2e/landing-bundle.test.ts checks the built files and what
 * Chromium fetches; this catches a wrong import at once, without a build.
 */

import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib.ts";
import { staticGraph, staticImports } from "../../scripts/static-graph.ts";

const graph = staticGraph(ROOT, "web/main.tsx");

/** How a module came into the graph: the chain of importers back to the entry. */
function chain(name: string): string {
  const steps = [name];
  for (let at = graph.importer.get(name); at; at = graph.importer.get(at)) steps.push(at);
  return steps.reverse().join(" -> ");
}

describe("the landing entry's static import graph", () => {
  it("reads imports as the bundler does", () => {
    const code = [
      'import { a } from "./a.ts";',
      'import type { B } from "./b.ts";',
      'import { type C, type D } from "./c.ts";',
      'import { type E, f } from "./e.ts";',
      'export { g } from "./g.ts";',
      'import "./h.css";',
      'const lazy = () => import("./lazy.ts");',
      '// import { x } from "./comment.ts";',
      "import {\n  many,\n  lines,\n} from 'pkg/sub';",
    ].join("\n");
    expect(staticImports(code).sort()).toEqual(["./a.ts", "./e.ts", "./g.ts", "./h.css", "pkg/sub"].sort());
  });

  it("is the shell: React, the router, i18next and our frame", () => {
    for (const name of ["react", "react-dom", "react-router", "i18next", "react-i18next"])
      expect(graph.packages.has(name), name).toBe(true);
    for (const file of ["web/app/App.tsx", "web/lib/session.ts", "web/app/layout/RootLayout.tsx"])
      expect(graph.files.has(file), file).toBe(true);
  });

  it("holds no three.js, TanStack Query or form library", () => {
    const banned = [...graph.packages].filter((name) =>
      /^(three|@react-three\/.*|@tanstack\/.*|react-hook-form|@vladmandic\/.*|@tensorflow\/.*)$/.test(name),
    );
    expect(banned.map(chain)).toEqual([]);
  });

  it("holds no page but the home page's links to them, no account form, no query client", () => {
    const banned = [...graph.files].filter(
      (file) =>
        /^web\/features\/(?!home\/|site\/|avatars\/StartDesignHost\.tsx$)/.test(file) &&
        !/^web\/features\/account\/(userSession|analytics)\.ts$/.test(file),
    );
    const query = [...graph.files].filter((file) => /^web\/lib\/(queryClient\.ts|QueryProvider\.tsx)$/.test(file));
    const pages = [...graph.files].filter((file) => /^web\/features\/.*Page\.tsx$/.test(file));
    expect([...banned, ...query, ...pages].map(chain)).toEqual([]);
  });

  it("holds none of the frame's parts a logged-out visitor never sees", () => {
    const lazy = [
      "web/app/layout/UserMenu.tsx",
      "web/components/idle/IdleWatch.tsx",
      "web/components/confirm/ConfirmDialog.tsx",
      "web/components/loading/LoadingOverlay.tsx",
      "shared/messages.ts",
    ];
    expect(lazy.filter((file) => graph.files.has(file)).map(chain)).toEqual([]);
  });
});
