/**
 * Debian's Chromium (apt), driven headless through playwright-core: by the cloud render worker,
 * the E2E suite and the browser benches. One path and one set of switches for all of them.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, no sandbox (containers), no GPU, and none of the browser's own network chatter. */
export const HEADLESS_CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
