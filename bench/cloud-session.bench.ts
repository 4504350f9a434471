/**
 * Cloud sessions (docs/decisions/037, docs/capacity.md): the frame rate a cloud session streams at
 * 1280×720, and the CPU it costs, with one and with two sessions at once.
 *
 * Baseline, measured in the same run: the same render page (the used plan with its scene, at
 * 1280×720, the OBS source's page) drawn locally in the bench's own headless Chromium, as a
 * viewer's browser would draw it in local rendering; its frames per second are counted in the page.
 * The cloud figure is what reaches a browser: the JPEG frames counted by a WebSocket client in a
 * page of the bench's browser, rendered by the server's render worker (its own headless Chromium,
 * with software WebGL like the baseline). CPU: the server's process group (server, render worker and
 * its Chromium: the server's process tree) over the same window, in percent of one core, less the
 * same tree idle.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { SOFTWARE_GL } from "../infra/chromium.ts";
import { createDb } from "../infra/db.ts";
import { startProduct } from "../scripts/serve.ts";
import { apiLogin, launchBrowser } from "../tests/e2e/browser.ts";

const WINDOW_MS = 6000;
const TICKS = 100; // USER_HZ on Linux

async function call<T>(baseUrl: string, token: string, pathname: string, body?: object): Promise<T> {
  const res = await fetch(`${baseUrl}/web-api/${pathname}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: token, "content-type": "application/json", language: "EN" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (json.code !== 200) throw new Error(`${pathname}: ${json.message}`);
  return json.data;
}

interface ProcStat {
  ppid: number;
  cpu: number;
}

function procs(): Map<number, ProcStat> {
  const all = new Map<number, ProcStat>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(path.join("/proc", entry, "stat"), "utf8");
      // after "(comm) ": state ppid pgrp … utime (14th field) stime (15th)
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      all.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS });
    } catch {
      // the process ended meanwhile
    }
  }
  return all;
}

/** CPU seconds so far of a process and all its descendants (the server, its render worker, their Chromium). */
function treeCpu(root: number): Map<number, number> {
  const all = procs();
  const tree = new Map<number, number>();
  const visit = (pid: number) => {
    const p = all.get(pid);
    if (!p || tree.has(pid)) return;
    tree.set(pid, p.cpu);
    for (const [child, c] of all) if (c.ppid === pid) visit(child);
  };
  visit(root);
  return tree;
}

/** Cores used between two snapshots (processes that ended meanwhile are left out). */
function coresBetween(before: Map<number, number>, after: Map<number, number>, seconds: number): number {
  let used = 0;
  for (const [pid, cpu] of after) used += cpu - (before.get(pid) ?? 0);
  return used / seconds;
}

/** The server's first process (the one startProduct spawned, with PORT in its environment). */
function serverRoot(port: string): number {
  const all = procs();
  const matching = new Set<number>();
  for (const pid of all.keys()) {
    try {
      const environ = fs.readFileSync(path.join("/proc", String(pid), "environ"), "utf8");
      if (environ.split("\0").includes(`PORT=${port}`)) matching.add(pid);
    } catch {
      // not ours to read
    }
  }
  for (const pid of matching) if (!matching.has(all.get(pid)?.ppid ?? -1)) return pid;
  throw new Error("server process not found");
}

/**
 * Counts the binary frames a cloud socket delivers to a browser page over the window, and sends
 * face frames (10 a second, the mouth opening and closing) whose `faceDrawn` echoes give the face
 * round trip: from the send in this page, through the server and the render worker, to the render
 * page's drawn frame and back (docs/decisions/036, "Face relay").
 */
function streamFps(page: Page, ticket: string, windowMs: number): Promise<{ fps: number; faceMs: number[] }> {
  return page.evaluate(
    ({ ticket, windowMs }) =>
      new Promise<{ fps: number; faceMs: number[] }>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/web-api/ws/cloud`);
        let frames = 0;
        let start = 0;
        let faces: ReturnType<typeof setInterval> | undefined;
        const faceMs: number[] = [];
        ws.binaryType = "arraybuffer";
        ws.onopen = () => ws.send(JSON.stringify({ type: "auth", ticket }));
        ws.onmessage = (event) => {
          if (typeof event.data === "string") {
            const m = JSON.parse(event.data);
            if (m.type === "error") reject(new Error(m.message));
            if (m.type === "faceDrawn") faceMs.push(performance.now() - m.t);
            return;
          }
          // a chunk of sound ("PCM1", decision 041) is not a frame
          if (new Uint8Array(event.data as ArrayBuffer)[0] === 0x50) return;
          frames++;
          // count from the first frame: the render page's start-up is not the stream's rate
          if (frames === 1) {
            start = performance.now();
            let n = 0;
            faces = setInterval(() => {
              const jawOpen = n++ % 10 < 5 ? 0.9 : 0.1;
              ws.send(JSON.stringify({ type: "face", t: performance.now(), blendshapes: { jawOpen } }));
            }, 100);
            setTimeout(() => {
              const fps = (frames - 1) / ((performance.now() - start) / 1000);
              clearInterval(faces);
              ws.close();
              resolve({ fps, faceMs });
            }, windowMs);
          }
        };
        ws.onerror = () => reject(new Error("socket failed"));
      }),
    { ticket, windowMs },
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor(sorted.length / 2)] ?? 0) : Number.NaN;
};

export async function benchCloudSession() {
  const server = await startProduct("bench-cloud", { CLOUD_RENDER_SLOTS: "2" });
  const browser = await launchBrowser();
  const db = createDb(`file:${path.join(server.dataDir, "app.db")}`);
  try {
    const { baseUrl } = server;
    const root = serverRoot(new URL(baseUrl).port);
    // the demo's cloud and diamond members (both open cloud rendering), each with 600 minutes
    const tokens = [
      await apiLogin(baseUrl, "cloud@demo.avalive.dev"),
      await apiLogin(baseUrl, "diamond@demo.avalive.dev"),
    ];
    for (const token of tokens) {
      const planId = await call<string>(baseUrl, token, "v1/base/planInfo/addPlanInfo", {
        roleId: "sys-f-01",
        roleType: "1",
        name: "Cloud bench",
      });
      await call(baseUrl, token, "v1/base/planInfo/usePlan", { planId });
      const user = await call<{ userId: string }>(baseUrl, token, "v1/base/account/getUserInfo");
      await db.cloudHourEntry.create({ data: { userId: user.userId, minutes: 600, reason: "adjustment" } });
    }

    // baseline: the same render page drawn locally, 1280×720, frames counted in the page
    const key = (await call<{ key: string }>(baseUrl, tokens[0] as string, "v1/live/streamKey/rotate", {})).key;
    const local = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const localPage = await local.newPage();
    await localPage.goto(`${baseUrl}/live/obs?key=${encodeURIComponent(key)}&size=720&scene=1`);
    await localPage.locator('[data-testid="plan-preview"][data-ready="true"]').waitFor({ timeout: 60_000 });
    await localPage.waitForTimeout(1000);
    const localFps = (await localPage.evaluate(`new Promise((resolve) => {
      const start = window.__avalive.frameCount();
      const t0 = performance.now();
      setTimeout(() => resolve((window.__avalive.frameCount() - start) / ((performance.now() - t0) / 1000)), ${WINDOW_MS});
    })`)) as number;
    await local.close();

    // the server's processes idle, as the zero of the CPU figures
    const idle0 = treeCpu(root);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleCores = coresBetween(idle0, treeCpu(root), 3);

    // the API's own CSP (default-src 'none') would refuse the socket from the health page
    const viewer = await browser.newContext({ bypassCSP: true });
    const run = async (count: number) => {
      const sessions = [];
      for (const token of tokens.slice(0, count)) {
        const session = await call<{ id: string }>(baseUrl, token, "v1/live/session/start", { mode: "cloud" });
        const socket = await call<{ cloud: { ticket: string } }>(
          baseUrl,
          token,
          `v1/base/socket/getSocket?sessionId=${session.id}`,
        );
        const page = await viewer.newPage();
        await page.goto(`${baseUrl}/web-api/health`);
        sessions.push({ token, session, page, ticket: socket.cloud.ticket });
      }
      // the render pages start (loading the plan), then the window is measured; frames are counted per socket
      const cpu0 = { at: 0, cpu: new Map<number, number>() };
      const fps = await Promise.all(
        sessions.map((s, i) =>
          (async () => {
            const measured = streamFps(s.page, s.ticket, WINDOW_MS + 15_000);
            if (i === 0) {
              // CPU over the last WINDOW_MS of the measurement, once the frames flow
              await new Promise((resolve) => setTimeout(resolve, 15_000));
              cpu0.at = Date.now();
              cpu0.cpu = treeCpu(root);
            }
            return measured;
          })(),
        ),
      );
      const cores = coresBetween(cpu0.cpu, treeCpu(root), (Date.now() - cpu0.at) / 1000) - idleCores;
      for (const s of sessions) {
        await call(baseUrl, s.token, "v1/live/session/end", { id: s.session.id }).catch(() => undefined);
        await s.page.close();
      }
      return { fps: fps.map((f) => f.fps), faceMs: fps.flatMap((f) => f.faceMs), cores };
    };
    const one = await run(1);
    const two = await run(2);
    await viewer.close();

    const cloudFps = one.fps[0] ?? 0;
    const pct = (cores: number) => `${Math.round(cores * 100)}% of a core`;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\nCloud session, 1280x720 (headless Chromium + ${SOFTWARE_GL}, JPEG screencast; load average ${load})`,
    );
    console.log(`  baseline: the render page drawn locally       ${localFps.toFixed(1)} frames/s`);
    console.log(
      `  one cloud session, frames reaching a browser   ${cloudFps.toFixed(1)} frames/s (${(cloudFps / localFps).toFixed(2)}x baseline), ${pct(one.cores)}`,
    );
    console.log(
      `  two cloud sessions at once, each               ${two.fps.map((f) => f.toFixed(1)).join(" and ")} frames/s (${((two.fps[0] ?? 0) / localFps).toFixed(2)}x baseline), ${pct(two.cores)} for both`,
    );
    console.log(
      `  face round trip (sent, drawn on the render page, faceDrawn back), median  ${median(one.faceMs).toFixed(0)} ms one session (${one.faceMs.length} drawn of ~${Math.round((WINDOW_MS + 15_000) / 100)} sent), ${median(two.faceMs).toFixed(0)} ms with two`,
    );
  } finally {
    await db.$disconnect();
    await browser.close();
    await server.stop();
  }
}
