/**
 * The iOS wrapper's native side, simulated (docs/embedded.md, "iOS wrapper"). The phone shows
 * Avalive in a "web view": a frame served from this page's own origin, because the simulator
 * (scripts/host-demo.ts) serves Avalive here as the app bundle would, adding webkit-bridge.js to
 * every page the way WKWebView installs window.webkit.messageHandlers.avalive. This page then
 * plays Swift's part:
 *   intents from the web view   pageLoad (hand over the token and the phone's language), noAuth
 *                               (open native membership), editPerson/editPlan (push a web view on
 *                               the editor), logout (back to the native login);
 *   messages to the web view    what native code would run through evaluateJavaScript:
 *                               window.postMessage({type: "token" | "language", data}, location.origin).
 */

import { type AppMessage, type HostToAppMessage, parseAppMessage } from "../../shared/host/messages.ts";
import { createLog } from "./log.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const log = createLog($("log"));
const TOKEN_KEY = "ios-sim.token";
const origin = window.location.origin;

let token: string | null = sessionStorage.getItem(TOKEN_KEY);
const stack: HTMLIFrameElement[] = [];

function send(view: HTMLIFrameElement, message: HostToAppMessage) {
  view.contentWindow?.postMessage(message, origin);
  log("out", message.type, message.data, origin);
}

const language = () => $<HTMLSelectElement>("native-language").value as "EN" | "ZH_CN" | "ZH_TN";

/** A web view on top of the stack (the first one is the app's home). */
function pushWebView(path: string, title: string) {
  const view = document.createElement("iframe");
  view.title = title;
  view.src = path;
  $("webviews").append(view);
  stack.push(view);
  $("native-title").textContent = title;
  $("native-back").hidden = stack.length < 2;
}

function popWebView() {
  if (stack.length < 2) return;
  stack.pop()?.remove();
  $("native-title").textContent = "Avalive";
  $("native-back").hidden = stack.length < 2;
}

function nativeScreen(title: string, text: string) {
  $("native-screen-title").textContent = title;
  $("native-screen-text").textContent = text;
  $("native-screen").hidden = false;
}

function react(message: AppMessage, view: HTMLIFrameElement) {
  switch (message.type) {
    case "pageLoad":
      // what a WKNavigationDelegate's didFinish would do: token and language into the page
      send(view, { type: "language", data: { language: language() } });
      if (token) send(view, { type: "token", data: { token } });
      return;
    case "noAuth":
      nativeScreen("Membership (native)", `The app asked to open membership (${message.data.jump}).`);
      return;
    case "editPerson":
      pushWebView(`/face?${new URLSearchParams(Object.entries(message.data))}`, "Face editor");
      return;
    case "editPlan":
      pushWebView(`/plan?${new URLSearchParams(message.data)}`, "Plan");
      return;
    case "logout":
    case "token overdue":
    case "idleExit": {
      token = null;
      sessionStorage.removeItem(TOKEN_KEY);
      while (stack.length > 1) popWebView();
      const reason = message.type === "logout" ? message.data.reason : message.type;
      $("native-user").textContent = "";
      $("native-notice").textContent = `Logged out (${reason}): log in again.`;
      nativeScreen("Login (native)", `The app logged out (${reason}). Log in on the native side.`);
      return;
    }
    default:
      return;
  }
}

window.addEventListener("message", (event) => {
  const view = stack.find((v) => v.contentWindow === event.source);
  const envelope = event.data as { webkitMessageHandler?: string; body?: unknown } | null;
  if (!view || event.origin !== origin || envelope?.webkitMessageHandler !== "avalive") return;
  const message = parseAppMessage(envelope.body);
  if (!message) {
    log("refused", "(not the protocol)", envelope.body, event.origin);
    return;
  }
  log("in", message.type, message.data, event.origin);
  react(message, view);
});

$<HTMLFormElement>("native-login").addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(event.target as HTMLFormElement);
  $("native-error").textContent = "";
  const res = await fetch("/web-api/p1/uc/account/email/emailLogin", {
    method: "POST",
    headers: { "content-type": "application/json", language: "EN" },
    body: JSON.stringify({ email: data.get("email"), password: data.get("password") }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } | null };
  if (body.code !== 200 || !body.data) {
    $("native-error").textContent = body.message;
    return;
  }
  token = body.data.token;
  sessionStorage.setItem(TOKEN_KEY, token);
  $("native-notice").textContent = "";
  $("native-user").textContent = `Logged in as ${String(data.get("email"))}`;
  $("native-screen").hidden = true;
  for (const view of stack) send(view, { type: "token", data: { token } });
});

$<HTMLSelectElement>("native-language").addEventListener("change", () => {
  for (const view of stack) send(view, { type: "language", data: { language: language() } });
});
$("native-screen-close").addEventListener("click", () => {
  $("native-screen").hidden = true;
});
$("native-back").addEventListener("click", popWebView);

pushWebView("/", "Avalive");
