/**
 * The client pages' build, one page per run (scripts/build-clients.ts runs it twice):
 *   CLIENT_PAGE=app    the client's own page (login, plan, OBS steps), no 3D;
 *   CLIENT_PAGE=scene  the live scene: React, three.js and web/three/plan.
 * Relative paths (base "./"), so the pages work wherever they are served from: the launcher's
 * root and /scene/, or the Avalive server's /clients/scene/. It also writes `.modules.json`, the
 * npm packages bundled in, for the package's third-party notices (not shipped itself).
 */

import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";

const PAGES = ["app", "scene"];

/** "react-dom" or "@react-three/fiber" from a module's path under node_modules. */
function packageOf(id: string): string | null {
  const at = id.replace(/\\/g, "/").lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const [first, second] = id
    .replace(/\\/g, "/")
    .slice(at + "/node_modules/".length)
    .split("/");
  if (!first) return null;
  return first.startsWith("@") && second ? `${first}/${second}` : first;
}

function bundledModules(): Plugin {
  return {
    name: "avalive-bundled-packages",
    generateBundle() {
      const names = new Set<string>();
      for (const id of this.getModuleIds()) {
        const name = packageOf(id);
        if (name && !id.startsWith("\0")) names.add(name);
      }
      this.emitFile({ type: "asset", fileName: ".modules.json", source: JSON.stringify([...names].sort()) });
    },
  };
}

export default defineConfig(() => {
  const page = process.env.CLIENT_PAGE ?? "";
  const outDir = process.env.CLIENT_OUT;
  if (!PAGES.includes(page) || !outDir) throw new Error("CLIENT_PAGE (app or scene) and CLIENT_OUT are needed");
  // a production build whatever the caller's NODE_ENV (see the web's vite.config.ts)
  process.env.NODE_ENV = "production";
  const config: UserConfig = {
    root: path.resolve(import.meta.dirname, page),
    base: "./",
    publicDir: false,
    logLevel: "warn",
    plugins: [react(), bundledModules()],
    build: {
      outDir: path.resolve(outDir),
      emptyOutDir: true,
      // three.js with its React renderer is most of the scene; it ships inside the package
      chunkSizeWarningLimit: 2000,
      reportCompressedSize: false,
      modulePreload: { polyfill: false },
    },
  };
  return config;
});
