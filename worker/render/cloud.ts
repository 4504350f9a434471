/**
 * The cloud render worker (docs/decisions/037): a child process of a server instance that holds one
 * headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) and renders each cloud
 * session in its own page at 1280×720: the server's render page (the OBS source's page with the
 * session's render key and its scene), whose frames the DevTools protocol's screencast hands over
 * as JPEG. The frames go to the server over IPC, and from there to the studio's cloud socket. The
 * page's sound comes through a binding (shared/cloud-audio.ts, docs/decisions/041) and goes the
 * same way, each chunk already in the socket's format.
 *
 * Protocol (IPC, advanced serialisation so frames travel as bytes):
 *   server → worker: {type: "start", id, url, width, height} | {type: "face", id, face} | {type: "stop", id}
 *   worker → server: {type: "started", id} | {type: "frame", id, data} | {type: "audio", id, data}
 *                  | {type: "faceDrawn", id, t}
 *                  | {type: "failed", id, message} | {type: "stopped", id}
 */

import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from "../../infra/chromium.ts";
import { CLOUD_AUDIO_BINDING, encodeCloudAudio, readSinkChunk } from "../../shared/cloud-audio.ts";
import type { LiveFaceMessage } from "../../shared/live.ts";

/** The function the worker gives the render page to say it drew a face frame (its `t`, the jawOpen drawn). */
export const FACE_DRAWN_BINDING = "__avaliveFaceDrawn";

export type RenderRequest =
  | { type: "start"; id: string; url: string; width: number; height: number }
  | { type: "face"; id: string; face: LiveFaceMessage }
  | { type: "stop"; id: string };

export type RenderReport =
  | { type: "started"; id: string }
  | { type: "frame"; id: string; data: Uint8Array }
  /** A chunk of the page's sound, as the cloud socket sends it (shared/cloud-audio.ts). */
  | { type: "audio"; id: string; data: Uint8Array }
  | { type: "faceDrawn"; id: string; t: number; jawOpen: number }
  | { type: "failed"; id: string; message: string }
  | { type: "stopped"; id: string };

export const RENDER_CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM_ARGS,
  // the render page's sound goes down the stream (decision 041), not to this machine's speakers
  "--mute-audio",
  // the render page says the studio's lines and the replies (decision 040, "On air") with no click
  // to allow sound: muted, the lips still follow the voice, and the page's tap still hears it
  "--autoplay-policy=no-user-gesture-required",
  // a render page in a background tab must not be throttled
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

/** How long the render page may take to load the plan before the session is refused. */
const READY_TIMEOUT_MS = Number(process.env.CLOUD_RENDER_READY_MS ?? 45_000);
const JPEG_QUALITY = 70;

interface Running {
  context: BrowserContext;
  page: Page | null;
  cdp: CDPSession | null;
  /** The newest face data not yet handed to the page (older ones are dropped). */
  pendingFace: LiveFaceMessage | null;
  sendingFace: boolean;
  stopped: boolean;
}

let browser: Promise<Browser> | null = null;
const running = new Map<string, Running>();

const report = (message: RenderReport) => process.send?.(message);

function launch(): Promise<Browser> {
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: RENDER_CHROMIUM_ARGS }).then((b) => {
    b.on("disconnected", () => {
      for (const id of running.keys()) report({ type: "failed", id, message: "renderer exited" });
      running.clear();
      browser = null;
    });
    return b;
  });
  return browser;
}

async function start(request: Extract<RenderRequest, { type: "start" }>) {
  const { id, url, width, height } = request;
  const b = await launch();
  const context = await b.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const run: Running = { context, page: null, cdp: null, pendingFace: null, sendingFace: false, stopped: false };
  running.set(id, run);
  // the render page calls this when it drew a face frame (web/features/live/face-link.ts)
  await context.exposeFunction(FACE_DRAWN_BINDING, (t: unknown, jawOpen: unknown) => {
    if (typeof t !== "number" || !Number.isFinite(t) || run.stopped) return;
    const jaw = typeof jawOpen === "number" && Number.isFinite(jawOpen) ? Math.min(1, Math.max(0, jawOpen)) : 0;
    report({ type: "faceDrawn", id, t, jawOpen: jaw });
  });
  // the render page's sound, a chunk at a time (web/features/live/audio-out.ts)
  await context.exposeFunction(CLOUD_AUDIO_BINDING, (base64: unknown, start: unknown, rate: unknown) => {
    if (run.stopped) return;
    const chunk = readSinkChunk(base64, start, rate);
    if (chunk) report({ type: "audio", id, data: encodeCloudAudio(chunk) });
  });
  const page = await context.newPage();
  run.page = page;
  await page.goto(url, { waitUntil: "domcontentloaded" });
  const source = page.locator('[data-testid="obs-source"]');
  await page.waitForFunction(
    () => {
      const state = document.querySelector('[data-testid="obs-source"]')?.getAttribute("data-state");
      return state && state !== "loading" && (state !== "ready" || document.querySelector("canvas"));
    },
    null,
    { timeout: READY_TIMEOUT_MS },
  );
  const state = await source.getAttribute("data-state");
  if (state !== "ready") throw new Error(`render page ${state}`);
  if (run.stopped) return;
  const cdp = await context.newCDPSession(page);
  run.cdp = cdp;
  cdp.on("Page.screencastFrame", (frame) => {
    cdp.send("Page.screencastFrameAck", { sessionId: frame.sessionId }).catch(() => undefined);
    if (!run.stopped) report({ type: "frame", id, data: Buffer.from(frame.data, "base64") });
  });
  await cdp.send("Page.startScreencast", {
    format: "jpeg",
    quality: JPEG_QUALITY,
    maxWidth: width,
    maxHeight: height,
    everyNthFrame: 1,
  });
  report({ type: "started", id });
}

async function stop(id: string) {
  const run = running.get(id);
  if (!run) return;
  run.stopped = true;
  running.delete(id);
  await run.cdp?.send("Page.stopScreencast").catch(() => undefined);
  await run.context.close().catch(() => undefined);
  report({ type: "stopped", id });
}

/** Face data reach the page as an `avalive:face` event; only the newest waits while one is delivered. */
async function face(id: string, data: LiveFaceMessage) {
  const run = running.get(id);
  if (!run) return;
  run.pendingFace = data;
  if (run.sendingFace) return;
  run.sendingFace = true;
  try {
    while (run.pendingFace && !run.stopped) {
      const next = run.pendingFace;
      run.pendingFace = null;
      await run.page
        ?.evaluate((detail) => window.dispatchEvent(new CustomEvent("avalive:face", { detail })), next)
        .catch(() => undefined);
    }
  } finally {
    run.sendingFace = false;
  }
}

process.on("message", (message: RenderRequest) => {
  if (message.type === "start") {
    start(message).catch(async (error: unknown) => {
      await stop(message.id);
      report({ type: "failed", id: message.id, message: error instanceof Error ? error.message : String(error) });
    });
  } else if (message.type === "face") {
    void face(message.id, message.face);
  } else if (message.type === "stop") {
    void stop(message.id);
  }
});

// The server went away: nothing to render for.
process.on("disconnect", () => {
  void (async () => {
    await (await browser?.catch(() => null))?.close().catch(() => undefined);
    process.exit(0);
  })();
});
