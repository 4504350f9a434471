/**
 * The made-up addresses of the embedded-mode E2E (embedded.test.ts): Chromium resolves them to the
 * host demo's server (--host-resolver-rules, port included), so one local server answers for the
 * allowed host and for its look-alikes, each a different origin to the browser.
 */

/** HOST_ORIGINS of the E2E server. */
export const E2E_HOST_ORIGIN = "http://host.example";

/** Look-alikes of the allowed origin: a suffix, and another port. ("null" is a sandboxed frame.) */
export const LOOKALIKE_SUFFIX = "http://host.example.evil";
export const LOOKALIKE_PORT = "http://host.example:8081";

/** The official site the second server redirects to (OFFICIAL_SITE_URL). */
export const OFFICIAL_SITE = "http://official.example/";

export const RESOLVED_HOSTS = ["host.example", "host.example.evil", "official.example"];
