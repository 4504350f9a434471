/**
 * The host demo: a host application that embeds Avalive in a frame and speaks the embedded-mode
 * protocol (shared/host/messages.ts, docs/embedded.md). It logs in against Avalive's server through
 * its own backend (/avalive-api, scripts/host-demo.ts), hands Avalive the token by message or in the
 * address, and plays the host's part of every message: it opens the face editor, the plan and the
 * membership page in its own view, and returns to its login on 'token overdue'.
 */

import {
  type AppMessage,
  type HostToAppMessage,
  parseAppMessage,
  TOKEN_OVERDUE,
  TOKEN_PARAM,
} from "../../shared/host/messages.ts";
import { createLog } from "./log.ts";

interface DemoConfig {
  /** Where Avalive runs (AVALIVE_URL of scripts/host-demo.ts). */
  avaliveUrl: string;
  /** The iOS wrapper simulator's page, when it runs. */
  iosSimulatorUrl: string | null;
}

type Handover = "message" | "query";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const log = createLog($("log"));
const TOKEN_KEY = "host-demo.token";
const HANDOVER_KEY = "host-demo.handover";

let config: DemoConfig;
let avaliveOrigin = "";
let token: string | null = sessionStorage.getItem(TOKEN_KEY);
let handover: Handover = sessionStorage.getItem(HANDOVER_KEY) === "query" ? "query" : "message";
/** Avalive's frames: the studio's, and the side view's when open. */
const frames = new Set<HTMLIFrameElement>();
let studioFrame: HTMLIFrameElement | null = null;
/** The frames the token was handed to by message. */
const handedTo = new WeakSet<HTMLIFrameElement>();

function send(frame: HTMLIFrameElement, message: HostToAppMessage) {
  // to Avalive's origin only: were the frame navigated elsewhere, the browser drops the message
  frame.contentWindow?.postMessage(message, avaliveOrigin);
  log("out", message.type, message.data, avaliveOrigin);
}

/** An Avalive frame showing `path`; with the query handover, the token rides in the address. */
function embed(slot: HTMLElement, path: string, title: string): HTMLIFrameElement {
  for (const old of slot.querySelectorAll("iframe")) frames.delete(old);
  const url = new URL(path, config.avaliveUrl);
  if (handover === "query" && token) url.searchParams.set(TOKEN_PARAM, token);
  const frame = document.createElement("iframe");
  frame.title = title;
  frame.src = url.href;
  slot.replaceChildren(frame);
  frames.add(frame);
  return frame;
}

function show(view: "login" | "studio" | "side") {
  $("login-view").hidden = view !== "login";
  $("studio-view").hidden = view !== "studio";
  $("side-view").hidden = view !== "side";
  $("host-logout").hidden = view === "login";
}

function startStudio() {
  $("who").textContent = "logged in";
  show("studio");
  studioFrame = embed($("studio-slot"), "/myPerson", "Avalive");
}

/** Back to the host's login: the session is over (token overdue, a logout, idle exit). */
function endSession(notice: string) {
  token = null;
  sessionStorage.removeItem(TOKEN_KEY);
  for (const frame of frames) frame.remove();
  frames.clear();
  studioFrame = null;
  $("who").textContent = "";
  $("login-notice").textContent = notice;
  show("login");
}

/** The host's own view of an Avalive page (the face editor, the plan, membership). */
function openSide(title: string, path: string, note: string) {
  $("side-title").textContent = title;
  $("side-note").textContent = note;
  show("side");
  embed($("side-slot"), path, `Avalive: ${title}`);
}

function react(message: AppMessage, frame: HTMLIFrameElement) {
  switch (message.type) {
    case "pageLoad":
      // Avalive is listening: hand it the token, once per frame (a pageLoad the host asked for is not a new page)
      if (handover === "message" && token && !handedTo.has(frame)) {
        handedTo.add(frame);
        send(frame, { type: "token", data: { token } });
      }
      if (frame === studioFrame) $("status").textContent = `Avalive loaded ${message.data.path}`;
      return;
    case "pageChange":
      if (frame === studioFrame) $("status").textContent = `Avalive is at ${message.data.path}`;
      return;
    case "tokenStatus":
      $("status").textContent =
        `Token status: ${message.data.status}${message.data.userId ? ` (user ${message.data.userId})` : ""}`;
      return;
    case "editPerson": {
      const query = new URLSearchParams({ roleId: message.data.roleId });
      if (message.data.twoMenu) query.set("twoMenu", message.data.twoMenu);
      openSide("Face editor", `/face?${query}`, `Avalive asked the host to edit avatar ${message.data.roleId}.`);
      return;
    }
    case "editPlan": {
      const { planId, roleId, roleType } = message.data;
      openSide(
        "Plan",
        `/plan?${new URLSearchParams({ planId, roleId, roleType })}`,
        `Avalive asked the host to edit plan ${planId}.`,
      );
      return;
    }
    case "noAuth":
      openSide("Membership", message.data.jump, "Avalive asked the host to open membership.");
      return;
    case TOKEN_OVERDUE:
      endSession("Avalive said 'token overdue': the session has ended. Log in again.");
      return;
    case "logout":
      endSession("You logged out in Avalive.");
      return;
    case "idleExit":
      endSession("Avalive closed after a long time without operation.");
      return;
  }
}

window.addEventListener("message", (event) => {
  const frame = [...frames].find((f) => f.contentWindow === event.source);
  if (!frame) return; // not one of Avalive's frames
  if (event.origin !== avaliveOrigin) {
    log("refused", "(wrong origin)", event.data, event.origin);
    return;
  }
  const message = parseAppMessage(event.data);
  if (!message) {
    log("refused", "(not the protocol)", event.data, event.origin);
    return;
  }
  log("in", message.type, message.data, event.origin);
  react(message, frame);
});

async function login(email: string, password: string): Promise<string> {
  // Avalive's email login (docs/api.md), through the host's backend: same origin, no CORS
  const res = await fetch("./avalive-api/p1/uc/account/email/emailLogin", {
    method: "POST",
    headers: { "content-type": "application/json", language: "EN" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } | null };
  if (body.code !== 200 || !body.data) throw new Error(body.message);
  return body.data.token;
}

/** Whether Avalive lists this page's origin in HOST_ORIGINS; if not, say how to fix it. */
async function checkAllowed() {
  try {
    const res = await fetch("./avalive-api/p1/base/config");
    const body = (await res.json()) as { data: { hostOrigins?: string[] } | null };
    const origins = body.data?.hostOrigins ?? [];
    if (origins.includes(window.location.origin)) return;
    const warning = $("config-warning");
    warning.textContent = `Avalive does not list this page's origin (${window.location.origin}) in HOST_ORIGINS, so it will not let this page frame it nor take its messages. Start Avalive with HOST_ORIGINS=${window.location.origin}.`;
    warning.hidden = false;
  } catch {
    // Avalive is not running: the frame will say so
  }
}

function wire() {
  const form = $<HTMLFormElement>("login-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    $("login-error").textContent = "";
    handover = data.get("handover") === "query" ? "query" : "message";
    sessionStorage.setItem(HANDOVER_KEY, handover);
    try {
      token = await login(String(data.get("email")), String(data.get("password")));
      sessionStorage.setItem(TOKEN_KEY, token);
      $("login-notice").textContent = "";
      startStudio();
    } catch (error) {
      $("login-error").textContent = error instanceof Error ? error.message : String(error);
    }
  });
  for (const input of form.querySelectorAll<HTMLInputElement>('input[name="handover"]'))
    input.checked = input.value === handover;

  const toStudio = (message: HostToAppMessage) => studioFrame && send(studioFrame, message);
  $("toggle-design").addEventListener("click", () => toStudio({ type: "toggleStartDesign", data: {} }));
  $("push-avatars").addEventListener("click", () => toStudio({ type: "pushRoute", data: { path: "/myPerson" } }));
  $("replace-plans").addEventListener("click", () => toStudio({ type: "replaceRoute", data: { path: "/myplan" } }));
  $("ask-load").addEventListener("click", () => toStudio({ type: "requestNotice", data: { notice: "pageLoad" } }));
  $("ask-change").addEventListener("click", () => toStudio({ type: "requestNotice", data: { notice: "pageChange" } }));
  $("ask-token").addEventListener("click", () => toStudio({ type: "requestNotice", data: { notice: "tokenStatus" } }));
  $<HTMLSelectElement>("language").addEventListener("change", (event) => {
    const language = (event.target as HTMLSelectElement).value as "EN" | "ZH_CN" | "ZH_TN";
    for (const frame of frames) send(frame, { type: "language", data: { language } });
  });
  $("side-close").addEventListener("click", () => {
    for (const frame of $("side-slot").querySelectorAll("iframe")) frames.delete(frame);
    $("side-slot").replaceChildren();
    show("studio");
  });
  $("host-logout").addEventListener("click", () => {
    const ended = token;
    endSession("You logged out of the host.");
    // the host's logout ends the Avalive session too
    if (ended)
      void fetch("./avalive-api/v1/base/account/logout", { method: "POST", headers: { authorization: ended } });
  });
}

async function main() {
  config = (await (await fetch("./demo-config.json")).json()) as DemoConfig;
  avaliveOrigin = new URL(config.avaliveUrl).origin;
  if (config.iosSimulatorUrl) {
    $<HTMLAnchorElement>("ios-href").href = config.iosSimulatorUrl;
    $("ios-link").hidden = false;
  }
  wire();
  void checkAllowed();
  if (token) startStudio();
  else show("login");
}

void main();
