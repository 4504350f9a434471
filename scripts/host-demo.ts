/**
 * `npm run host-demo`: the host demo (hosts/demo) on its own origin, and the iOS wrapper simulator,
 * both in front of a running Avalive (docs/embedded.md):
 *
 *   host demo        http://127.0.0.1:HOST_DEMO_PORT (3100): the host application's pages;
 *                    /demo-config.json (where Avalive is); /avalive-api/* forwarded to Avalive's
 *                    /web-api/* (the host's own backend: the host logs in without CORS).
 *   iOS simulator    http://127.0.0.1:IOS_SIM_PORT (3101)/__native/ios.html: the native side; every
 *                    other path is Avalive, served from this origin as the app's web view would load
 *                    it, with webkit-bridge.js added to its pages (the web view's message handler).
 *
 * Avalive runs at AVALIVE_URL (http://127.0.0.1:3000) and must list the host demo's origin:
 * `HOST_ORIGINS=http://127.0.0.1:3100 npm start`. The E2E suite starts the same servers.
 */

import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildIfStale, ROOT } from "./lib.ts";

const DEMO_ROOT = path.join(ROOT, "hosts", "demo");
const DIST = path.join(DEMO_ROOT, "dist");
const NATIVE_PREFIX = "/__native/";
const BRIDGE_TAG = `<script src="${NATIVE_PREFIX}webkit-bridge.js"></script>`;

/** Build hosts/demo unless hosts/demo/dist was built from exactly these sources. */
export function buildHostDemoIfStale(): boolean {
  return buildIfStale({
    inputs: ["hosts/demo", "shared/host", "shared/constants.ts", "package-lock.json"],
    stamp: path.join(DIST, ".build-hash"),
    args: ["build", "--config", "hosts/demo/vite.config.ts"],
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** A file of the built demo, or false when there is none by that name. */
function serveFile(res: http.ServerResponse, relative: string): boolean {
  const name = relative === "" ? "index.html" : relative;
  const file = path.resolve(DIST, name);
  if (!file.startsWith(DIST + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return false;
  res.writeHead(200, {
    "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "cache-control": "no-store",
    // public files; a sandboxed frame ("null" origin) loads lookalike.html's module script only with it
    "access-control-allow-origin": "*",
  });
  res.end(fs.readFileSync(file));
  return true;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "accept-encoding"]);

/**
 * Forward a request to `target` (Avalive). HTML answers can be rewritten (the simulator adds the
 * bridge); everything else streams through.
 */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: URL,
  rewriteHtml?: (html: string) => string,
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(key)) headers[key] = value;
  const upstream = http.request(target, { method: req.method, headers }, (answer) => {
    const out: http.OutgoingHttpHeaders = {};
    for (const [key, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(key)) out[key] = value;
    const isHtml = String(answer.headers["content-type"] ?? "").startsWith("text/html");
    if (!rewriteHtml || !isHtml) {
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      return;
    }
    const chunks: Buffer[] = [];
    answer.on("data", (chunk: Buffer) => chunks.push(chunk));
    answer.on("end", () => {
      const body = Buffer.from(rewriteHtml(Buffer.concat(chunks).toString("utf8")));
      delete out["content-length"];
      delete out.etag;
      res.writeHead(answer.statusCode ?? 502, { ...out, "content-length": body.length });
      res.end(body);
    });
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`Avalive does not answer at ${target.origin}`);
  });
  req.pipe(upstream);
}

/** The bridge first in <head>: before any of the page's own scripts, as WKUserScript at document start. */
export const addBridge = (html: string): string => html.replace(/<head([^>]*)>/i, `<head$1>${BRIDGE_TAG}`);

export interface HostDemo {
  hostUrl: string;
  iosUrl: string;
  stop(): Promise<void>;
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startHostDemo(options: {
  avaliveUrl: string;
  hostPort?: number;
  iosPort?: number;
  host?: string;
}): Promise<HostDemo> {
  buildHostDemoIfStale();
  const avalive = new URL(options.avaliveUrl);
  const bind = options.host ?? "127.0.0.1";
  let iosUrl = "";

  const hostServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://demo");
    if (url.pathname === "/demo-config.json") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ avaliveUrl: avalive.origin, iosSimulatorUrl: iosUrl || null }));
      return;
    }
    if (url.pathname.startsWith("/avalive-api/")) {
      forward(req, res, new URL(`/web-api/${url.pathname.slice("/avalive-api/".length)}${url.search}`, avalive));
      return;
    }
    if (!serveFile(res, decodeURIComponent(url.pathname.slice(1)))) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });

  const iosServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sim");
    if (url.pathname.startsWith(NATIVE_PREFIX)) {
      if (serveFile(res, decodeURIComponent(url.pathname.slice(NATIVE_PREFIX.length)))) return;
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    forward(req, res, new URL(`${url.pathname}${url.search}`, avalive), addBridge);
  });

  const hostPort = await listen(hostServer, options.hostPort ?? 3100, bind);
  const iosPort = await listen(iosServer, options.iosPort ?? 3101, bind);
  const shown = bind === "0.0.0.0" || bind === "::" ? "127.0.0.1" : bind;
  iosUrl = `http://${shown}:${iosPort}${NATIVE_PREFIX}ios.html`;
  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    hostUrl: `http://${shown}:${hostPort}`,
    iosUrl,
    stop: async () => {
      await Promise.all([close(hostServer), close(iosServer)]);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const avaliveUrl = process.env.AVALIVE_URL ?? "http://127.0.0.1:3000";
  const demo = await startHostDemo({
    avaliveUrl,
    hostPort: Number(process.env.HOST_DEMO_PORT ?? 3100),
    iosPort: Number(process.env.IOS_SIM_PORT ?? 3101),
  });
  const hostOrigin = new URL(demo.hostUrl).origin;
  let allowed: string;
  try {
    const res = await fetch(`${avaliveUrl}/web-api/p1/base/config`);
    const body = (await res.json()) as { data: { hostOrigins?: string[] } };
    allowed = body.data.hostOrigins?.includes(hostOrigin)
      ? "yes"
      : `no: restart Avalive with HOST_ORIGINS=${hostOrigin} (it lists ${JSON.stringify(body.data.hostOrigins ?? [])})`;
  } catch {
    allowed = `Avalive does not answer at ${avaliveUrl}: start it with HOST_ORIGINS=${hostOrigin} npm start`;
  }
  console.log(`
Host demo:           ${demo.hostUrl}   (embeds Avalive at ${avaliveUrl})
iOS wrapper (sim):   ${demo.iosUrl}
Host origin allowed: ${allowed}
`);
  const stop = () => void demo.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
