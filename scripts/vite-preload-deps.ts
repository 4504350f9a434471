/**
 * Shorter preload lists. For every `import()` in a chunk, Vite writes the list of files to preload
 * with it: the imported chunk's own static imports, all of them. Many are chunks the importing
 * chunk has itself imported statically (the framework, i18next, the session), hence already
 * loaded when the `import()` runs; listing them again made the entry carry every page's list of
 * them (about 2 KB gzipped of the landing page's JavaScript, docs/decisions/030). This drops, from
 * each list in a chunk, the chunks that chunk statically imports (directly or not). What is
 * preloaded when is unchanged: those were never fetched again.
 */

import type { OutputBundle } from "rolldown";
import type { Plugin } from "vite";

export function preloadDeps(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string; hostType: "html" | "js" }) => string[];
} {
  let bundle: OutputBundle | null = null;
  const closures = new Map<string, Set<string>>();

  /** The files a chunk imports statically, directly or through others. */
  function staticClosure(file: string): Set<string> {
    const known = closures.get(file);
    if (known) return known;
    const seen = new Set<string>();
    const queue = [file];
    while (queue.length) {
      const next = queue.pop() as string;
      const chunk = bundle?.[next];
      if (chunk?.type !== "chunk") continue;
      for (const imported of chunk.imports) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        queue.push(imported);
      }
    }
    closures.set(file, seen);
    return seen;
  }

  return {
    plugin: {
      name: "avalive:preload-deps",
      apply: "build",
      // Before Vite writes the lists (its own generateBundle): keep the bundle to look chunks up in.
      generateBundle: {
        order: "pre",
        handler(_options, output) {
          bundle = output;
          closures.clear();
        },
      },
    },
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== "js" || !bundle) return deps;
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
