#!/usr/bin/env node
/**
 * The Avalive live-stream client: a small, dependency-free Node.js program (Node 20+). It serves
 * the client's page and the live scene on this PC (127.0.0.1 only), holds the streamer's Avalive
 * session, and asks the configured Avalive server for the plan in use. OBS adds the scene page as
 * a Browser source.
 *
 *   node server.mjs [--server URL] [--port N] [--open]
 *
 * config.json (next to this file) says which variant this is:
 *   local  the scene (app with its 3D engine) is in ./scene and drawn on this PC;
 *   cloud  the thin variant: the scene page is loaded from the Avalive server (/clients/scene/).
 * The session and settings live in AVALIVE_CLIENT_HOME (default ~/.avalive/live-client-<variant>).
 */

import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";

const major = Number(process.versions.node.split(".")[0]);
if (major < 20) {
  console.error(`Avalive client: Node.js 20 or newer is needed (this is ${process.version}). See https://nodejs.org`);
  process.exit(1);
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const config = JSON.parse(fs.readFileSync(path.join(HERE, "config.json"), "utf8"));
const VARIANT = config.variant === "cloud" ? "cloud" : "local";
const LANGUAGES = ["EN", "ZH_CN", "ZH_TN"];
/** How long an answer from the Avalive server may take. */
const UPSTREAM_TIMEOUT_MS = 15_000;

/** The calls this client makes on the Avalive server (shared/endpoints.ts there). */
const API = {
  login: "/web-api/p1/uc/account/email/emailLogin",
  logout: "/web-api/v1/base/account/logout",
  userInfo: "/web-api/v1/base/account/getUserInfo",
  planUsed: "/web-api/v1/base/planInfo/getUsedPlan",
  userVip: "/web-api/v1/vip/userVip/list",
  health: "/web-api/health",
};

/** Codes of this program's own answers (the server's envelopes pass through with theirs). */
const CODE = { ok: 200, notLoggedIn: 600, unreachable: -1, badRequest: 400 };

function parseArgs(argv) {
  const args = { open: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.split("=", 2);
    const value = () => inline ?? argv[++i];
    if (name === "--server") args.server = value();
    else if (name === "--port") args.port = Number(value());
    else if (name === "--open") args.open = true;
    else if (name === "--help" || name === "-h") args.help = true;
    else {
      console.error(`Unknown option ${arg}. Try --help.`);
      process.exit(2);
    }
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
if (args.help) {
  console.log("Usage: node server.mjs [--server URL] [--port N] [--open]\nSee README.txt.");
  process.exit(0);
}

const home = process.env.AVALIVE_CLIENT_HOME || path.join(os.homedir(), ".avalive", `live-client-${VARIANT}`);
fs.mkdirSync(home, { recursive: true });
const SETTINGS_FILE = path.join(home, "settings.json");
const SESSION_FILE = path.join(home, "session.json");

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Written whole and private: the session file holds a login token. */
function writeJson(file, value) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

function normaliseServer(value) {
  try {
    const url = new URL(String(value));
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

const fixedServer = normaliseServer(args.server ?? process.env.AVALIVE_SERVER ?? "");
if ((args.server ?? process.env.AVALIVE_SERVER) && !fixedServer) {
  console.error(`Avalive client: '${args.server ?? process.env.AVALIVE_SERVER}' is not an http(s) address.`);
  process.exit(2);
}
const settings = { language: null, server: null, ...readJson(SETTINGS_FILE) };
const serverUrl = () => fixedServer ?? normaliseServer(settings.server) ?? normaliseServer(config.server);
let session = readJson(SESSION_FILE);
// a session belongs to the server that issued it
if (session && session.server !== serverUrl()) session = null;

const port = Number.isInteger(args.port) ? args.port : Number(process.env.AVALIVE_CLIENT_PORT || config.port);
const origins = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'none'";

function send(res, status, body, type, extra = {}) {
  res.writeHead(status, {
    "content-type": type,
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    ...extra,
  });
  res.end(body);
}

function envelope(res, code, data = null, message = "") {
  send(res, 200, JSON.stringify({ code, message, data }), TYPES[".json"], { "cache-control": "no-store" });
}

/** A file under one of this program's folders (a folder means its index.html), or null; never outside it. */
function fileUnder(dir, relative) {
  const clean = path.posix.normalize(`/${relative}`);
  const target = clean.endsWith("/") ? `${clean}index.html` : clean;
  const file = path.join(dir, ...target.split("/"));
  if (!file.startsWith(dir + path.sep)) return null;
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? file : null;
}

function serveFile(res, file) {
  const ext = path.extname(file);
  const body = fs.readFileSync(file);
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  send(res, 200, body, TYPES[ext] ?? "application/octet-stream", {
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ...(ext === ".html" ? { "content-security-policy": CSP } : {}),
  });
}

function languageOf(req) {
  const asked = req.headers.language;
  if (LANGUAGES.includes(asked)) return asked;
  return LANGUAGES.includes(settings.language) ? settings.language : "EN";
}

/** One call to the Avalive server; its envelope, or an `unreachable` one. */
async function upstream(pathname, { method = "GET", body, token, language = "EN" } = {}) {
  const headers = { language, accept: "application/json" };
  if (token) headers.authorization = token;
  if (body !== undefined) headers["content-type"] = "application/json";
  try {
    const res = await fetch(new URL(pathname, serverUrl()), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    const json = await res.json().catch(() => null);
    if (json && typeof json.code === "number") return json;
    return { code: CODE.unreachable, message: `HTTP ${res.status}`, data: null };
  } catch (error) {
    return { code: CODE.unreachable, message: String(error?.cause?.code ?? error?.name ?? error), data: null };
  }
}

function logout() {
  session = null;
  fs.rmSync(SESSION_FILE, { force: true });
}

/** A call that needs the login: a revoked or expired token (code 600) ends the session here too. */
async function withSession(req, res, pathname) {
  if (!session) return envelope(res, CODE.notLoggedIn);
  const answer = await upstream(pathname, { token: session.token, language: languageOf(req) });
  if (answer.code === CODE.notLoggedIn) logout();
  return envelope(res, answer.code, answer.data, answer.message);
}

function state() {
  return {
    variant: VARIANT,
    version: config.version,
    server: serverUrl(),
    serverFixed: fixedServer !== null,
    language: settings.language,
    account: session ? { email: session.email, nickname: session.nickname ?? null } : null,
    sceneUrl: `http://127.0.0.1:${port}/scene/`,
  };
}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16_384) throw new Error("too large");
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
}

const actions = {
  async "GET /launcher/state"(_req, res) {
    envelope(res, CODE.ok, state());
  },
  async "GET /launcher/health"(req, res) {
    const answer = await upstream(API.health, { language: languageOf(req) });
    envelope(res, answer.code === CODE.unreachable ? CODE.unreachable : CODE.ok, { server: serverUrl() });
  },
  async "POST /launcher/login"(req, res, body) {
    const language = languageOf(req);
    const login = await upstream(API.login, {
      method: "POST",
      body: { email: String(body.email ?? ""), password: String(body.password ?? "") },
      language,
    });
    if (login.code !== CODE.ok) return envelope(res, login.code, null, login.message);
    const info = await upstream(API.userInfo, { token: login.data.token, language });
    session = {
      server: serverUrl(),
      token: login.data.token,
      email: info.data?.email ?? String(body.email),
      nickname: info.data?.nickname ?? null,
    };
    writeJson(SESSION_FILE, session);
    envelope(res, CODE.ok, state(), login.message);
  },
  async "POST /launcher/logout"(req, res) {
    if (session)
      await upstream(API.logout, { method: "POST", body: {}, token: session.token, language: languageOf(req) });
    logout();
    envelope(res, CODE.ok, state());
  },
  async "POST /launcher/settings"(_req, res, body) {
    if (body.language !== undefined) {
      if (!LANGUAGES.includes(body.language)) return envelope(res, CODE.badRequest, null, "language");
      settings.language = body.language;
    }
    if (body.server !== undefined) {
      const server = normaliseServer(body.server);
      if (!server || fixedServer) return envelope(res, CODE.badRequest, null, "server");
      if (server !== serverUrl()) logout();
      settings.server = server;
    }
    writeJson(SETTINGS_FILE, settings);
    envelope(res, CODE.ok, state());
  },
  "GET /launcher/plan": (req, res) => withSession(req, res, API.planUsed),
  "GET /launcher/vip": (req, res) => withSession(req, res, API.userVip),
};

/** The thin variant's scene: the page and its files as the Avalive server hosts them. */
async function proxyScene(res, rest) {
  try {
    const upstreamRes = await fetch(new URL(`/clients/scene/${rest}`, serverUrl()), {
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    const type = upstreamRes.headers.get("content-type") ?? "application/octet-stream";
    const headers = { "content-type": type, "x-content-type-options": "nosniff", "cache-control": "no-cache" };
    if (type.startsWith("text/html")) headers["content-security-policy"] = CSP;
    res.writeHead(upstreamRes.ok ? 200 : upstreamRes.status, headers);
    if (upstreamRes.body) Readable.fromWeb(upstreamRes.body).pipe(res);
    else res.end();
  } catch {
    send(res, 502, sceneUnavailable(), TYPES[".html"], { "content-security-policy": CSP });
  }
}

function sceneUnavailable() {
  return `<!doctype html><meta charset="utf-8"><title>Avalive</title><body style="font:16px system-ui;padding:24px">
<p>The Avalive server at ${serverUrl()} did not answer. Check the address on the client page (http://127.0.0.1:${port}/).</p>
<p>Avalive 服务器 ${serverUrl()} 没有响应，请在客户端页面检查服务器地址。</p></body>`;
}

async function handle(req, res) {
  // Only pages of this program on this PC: another web page (or a DNS name rebound to
  // 127.0.0.1) must not drive the session.
  if (!origins.has(req.headers.host ?? "")) return send(res, 403, "Forbidden", TYPES[".txt"]);
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  const key = `${req.method} ${url.pathname}`;
  const action = actions[key];
  if (action) {
    let body = {};
    if (req.method === "POST") {
      const origin = req.headers.origin;
      const json = (req.headers["content-type"] ?? "").startsWith("application/json");
      if (!json || (origin && !origins.has(origin.replace(/^https?:\/\//, "")))) {
        return send(res, 403, "Forbidden", TYPES[".txt"]);
      }
      try {
        body = await readBody(req);
      } catch {
        return envelope(res, CODE.badRequest, null, "body");
      }
    }
    return action(req, res, body);
  }
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "Method not allowed", TYPES[".txt"]);
  if (url.pathname === "/scene") return send(res, 308, "", TYPES[".txt"], { location: "/scene/" });
  if (url.pathname.startsWith("/scene/")) {
    const rest = url.pathname.slice("/scene/".length);
    if (VARIANT === "cloud") return proxyScene(res, rest);
    const file = fileUnder(path.join(HERE, "scene"), rest);
    return file ? serveFile(res, file) : send(res, 404, "Not found", TYPES[".txt"]);
  }
  const file = fileUnder(path.join(HERE, "app"), url.pathname.slice(1));
  return file ? serveFile(res, file) : send(res, 404, "Not found", TYPES[".txt"]);
}

function openBrowser(url) {
  const [command, commandArgs] =
    process.platform === "win32"
      ? ["cmd", ["/c", "start", "", url]]
      : process.platform === "darwin"
        ? ["open", [url]]
        : ["xdg-open", [url]];
  try {
    spawn(command, commandArgs, { detached: true, stdio: "ignore" })
      .on("error", () => {})
      .unref();
  } catch {
    // no browser to open: the address is printed above
  }
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, "Internal error", TYPES[".txt"]);
    else res.end();
  });
});

server.on("error", (error) => {
  if (error.code === "EADDRINUSE") {
    console.error(
      `Port ${port} is in use: is the Avalive client already running? Open http://127.0.0.1:${port}/ or start it with --port ${port + 10}.`,
    );
  } else console.error(error);
  process.exit(1);
});

server.listen(port, "127.0.0.1", () => {
  const page = `http://127.0.0.1:${port}/`;
  console.log(`Avalive live-stream client ${config.version} (${VARIANT} rendering)
  Client page:        ${page}
  OBS browser source: ${page}scene/  (1280 x 720)
  Avalive server:     ${serverUrl()}
Press Ctrl+C to stop.`);
  if (args.open) openBrowser(page);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
