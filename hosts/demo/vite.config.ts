/**
 * The host demo's build (scripts/host-demo.ts builds it when its sources change): three pages, with
 * relative paths (base "./") so they work wherever they are served from, the host demo's root or
 * the iOS wrapper simulator's /__native/.
 *   index.html      a host application that embeds Avalive in a frame (docs/embedded.md)
 *   ios.html        the iOS wrapper's native side, simulated
 *   lookalike.html  a page that tries to hand Avalive a token from wherever it is opened
 *   minimal.html    the smallest host page: frames Avalive, logs its messages, hands over no token
 */

import path from "node:path";
import { defineConfig, type UserConfig } from "vite";

const root = import.meta.dirname;

export default defineConfig(() => {
  // a production build whatever the caller's NODE_ENV (see the web's vite.config.ts)
  process.env.NODE_ENV = "production";
  const config: UserConfig = {
    root,
    base: "./",
    logLevel: "warn",
    build: {
      outDir: path.join(root, "dist"),
      emptyOutDir: true,
      rolldownOptions: {
        input: {
          index: path.join(root, "index.html"),
          ios: path.join(root, "ios.html"),
          lookalike: path.join(root, "lookalike.html"),
          minimal: path.join(root, "minimal.html"),
        },
      },
    },
  };
  return config;
});
