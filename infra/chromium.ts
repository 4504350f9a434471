/**
 * Debian's Chromium (apt), driven headless through playwright-core: by the cloud render worker,
 * the E2E suite and the browser benches. One path and one set of switches for all of them.
 */

import fs from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Mesa's EGL, which Debian's chromium-common brings with Mesa's software rasteriser (llvmpipe). */
const MESA_EGL = "/usr/share/glvnd/egl_vendor.d/50_mesa.json";

const MESA = fs.existsSync(MESA_EGL) && process.env.CHROMIUM_GL !== "swiftshader";

/**
 * How Chromium draws with no GPU (docs/decisions/044): WebGL on Mesa's llvmpipe, through ANGLE's
 * GLES-on-EGL backend, and the page itself composited in software. A three.js scene drew about 25
 * fps so against 11 to 12 with SwiftShader (Chromium's own software renderer, which `--disable-gpu`
 * falls back to); compositing through llvmpipe too cost more than it gave (15 fps, slower pages).
 * Chromium blocklists llvmpipe: without `--ignore-gpu-blocklist` a page gets no WebGL at all.
 * SwiftShader where Mesa's EGL is missing, or when CHROMIUM_GL=swiftshader asks for it.
 */
const SOFTWARE_GL_ARGS = MESA
  ? ["--use-gl=angle", "--use-angle=gles-egl", "--ignore-gpu-blocklist", "--disable-gpu-compositing"]
  : ["--disable-gpu"];

/** What draws the WebGL, for the benches' headings. */
export const SOFTWARE_GL = MESA ? "Mesa llvmpipe" : "SwiftShader";

/** Headless, no sandbox (containers), software WebGL, and none of the browser's own network chatter. */
export const HEADLESS_CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  ...SOFTWARE_GL_ARGS,
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
