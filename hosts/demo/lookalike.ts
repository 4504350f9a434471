/**
 * A page that tries to hand Avalive a token from wherever it is opened: framed next to Avalive
 * (in a host page), it posts `{type: "token"}` to every frame of its parent. Opened from an origin
 * HOST_ORIGINS does not list (another port, host.example.evil, a sandboxed frame's "null"),
 * Avalive must ignore it and log why (docs/embedded.md; tests/e2e/embedded.test.ts).
 */

import type { TokenMessage } from "../../shared/host/messages.ts";

const token = new URLSearchParams(window.location.search).get("token") ?? "";
const message: TokenMessage = { type: "token", data: { token } };
let sent = 0;
for (let i = 0; i < window.parent.frames.length; i++) {
  const frame = window.parent.frames[i];
  if (!frame || frame === window) continue;
  frame.postMessage(message, "*");
  sent += 1;
}
const said = document.getElementById("said");
if (said) said.textContent = `Sent a token to ${sent} frame(s) from ${window.location.origin}.`;
