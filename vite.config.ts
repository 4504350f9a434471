import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { dataModules } from "./scripts/vite-data-modules.ts";
import { endpointTable } from "./scripts/vite-endpoint-table.ts";
import { preloadDeps } from "./scripts/vite-preload-deps.ts";

const preload = preloadDeps();

/** Where `npm run dev` forwards API, media and /dev calls: the Fastify server. */
const API_TARGET = process.env.API_TARGET ?? "http://127.0.0.1:3000";

const config: UserConfig = {
  root: "web",
  // endpointTable: the browser gets the endpoint table without its schemas (scripts/vite-endpoint-table.ts).
  // dataModules: a `*.data.ts` file reaches the browser as its computed data only (scripts/vite-data-modules.ts).
  // preload.plugin: each import()'s preload list without what the importing chunk already loaded (scripts/vite-preload-deps.ts).
  plugins: [react(), endpointTable(), dataModules(), preload.plugin],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the shim react-i18next imports would only hand it over.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: `${import.meta.dirname}/web/lib/useSyncExternalStoreShim.ts`,
      },
      // React Router's production build: the same code without its development warnings.
      {
        find: /^react-router$/,
        replacement: `${import.meta.dirname}/node_modules/react-router/dist/production/index.mjs`,
      },
    ],
  },
  build: {
    outDir: "dist",
    // Every browser the product supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    emptyOutDir: true,
    // three.js with its React renderer is about 940 kB minified; that chunk loads only on the 3D
    // pages (/face, /creator), never on the landing page (tests/e2e/landing-bundle.test.ts).
    // The face tracker (@vladmandic/human with its TensorFlow.js, about 1.56 MB) is a chunk of its own,
    // loaded only when a studio user starts the camera (docs/decisions/036).
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // three.js and its React renderer get their own chunk, loaded only by the lazy 3D pages,
            // so the landing page (and every page without 3D) never downloads them.
            // Lowest priority: a group also takes its modules' dependencies, so were it chosen first,
            // react and zustand (which @react-three/fiber imports) would move into it and every page
            // would load it. The groups below claim them first.
            { name: "three", test: /node_modules[\\/](three|@react-three)[\\/]/, priority: 5 },
            // The framework changes less often than the app: a separate chunk stays cached across releases.
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|zustand)[\\/]/,
              priority: 10,
            },
            { name: "i18n", test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 10 },
            // The session, the language, the host protocol and the constants every page imports: the
            // entry loads them all, so one chunk rather than five small ones (each a request and a
            // few hundred bytes of wrapping on the landing page).
            {
              name: "session",
              test: /(web[\\/]lib[\\/](session|sessionStorage|ids|variant|navigation|host|hostLogout|i18n[\\/]index)|shared[\\/](constants|host[\\/]messages))\.ts$/,
              priority: 8,
            },
            // TanStack Query alone: the pages load it (web/lib/QueryProvider.tsx), the landing page never.
            // zustand (the toast, confirm and loading stores, a few hundred bytes) goes with the framework.
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            // TypeBox's validator (Value.Check, used by the face editor) apart from its type builders
            // (which the endpoint table's schemas call), so pages that only call the API skip it.
            {
              name: "typebox-value",
              test: /node_modules[\\/]typebox[\\/]build[\\/](value|schema|compile|format|error)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/web-api": { target: API_TARGET, changeOrigin: true },
      "/media": { target: API_TARGET, changeOrigin: true },
      // the studio's face-capture models and wasm files (server/areas/models)
      "/models": { target: API_TARGET, changeOrigin: true },
      // A regex key, so that a page route like /developer would not be proxied by accident.
      "^/dev(/|$)": { target: API_TARGET, changeOrigin: true },
    },
  },
};

export default defineConfig(({ command, mode }) => {
  // A production build is a production build even when the caller's NODE_ENV says otherwise
  // (vitest sets NODE_ENV=test, and the E2E setup builds the app from inside vitest): Vite and the
  // React plugin both read NODE_ENV, and would otherwise ship React's development build
  // (twice the size, with dev-only warnings).
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  return config;
});
