/**
 * The smallest host page, the essentials of embedding Avalive in twenty lines: frame it, take its
 * messages from its frame and origin only, send to its origin only. `?path=` picks the page and
 * `?avalive=` another Avalive than the configured one. It hands over no token: the user logs in
 * inside Avalive. `window.hostDemo.send(message)` sends a host message from the console.
 */

import { type HostToAppMessage, parseAppMessage } from "../../shared/host/messages.ts";
import { createLog } from "./log.ts";

async function main() {
  const log = createLog(document.getElementById("log") as HTMLElement);
  const params = new URLSearchParams(window.location.search);
  const config = (await (await fetch("./demo-config.json")).json()) as { avaliveUrl: string };
  const avalive = new URL(params.get("avalive") ?? config.avaliveUrl);
  const frame = document.createElement("iframe");
  frame.id = "avalive";
  frame.title = "Avalive";
  frame.src = new URL(params.get("path") ?? "/", avalive).href;
  document.getElementById("slot")?.append(frame);

  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== avalive.origin) return;
    const message = parseAppMessage(event.data);
    if (message) log("in", message.type, message.data, event.origin);
    else log("refused", "(not the protocol)", event.data, event.origin);
  });
  const send = (message: HostToAppMessage) => {
    frame.contentWindow?.postMessage(message, avalive.origin);
    log("out", message.type, message.data, avalive.origin);
  };
  if (window.hostDemo) window.hostDemo.send = send;
}

void main();
