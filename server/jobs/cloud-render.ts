/**
 * The server's side of the cloud render worker (worker/render/cloud.ts, docs/decisions/037): forks
 * it when the first cloud stream opens on this instance, hands it sessions to render and face data
 * to forward, and routes the frames it sends back to each session's socket. A worker that dies
 * fails its sessions (their sockets end them); the next stream forks a new one.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import type { LiveFaceMessage } from "../../shared/live.ts";
import type { RenderReport, RenderRequest } from "../../worker/render/cloud.ts";

const WORKER = path.resolve(import.meta.dirname, "../../worker/render/cloud.ts");

export interface RenderHandlers {
  frame(jpeg: Buffer): void;
  /** A chunk of the render page's sound, in the cloud socket's format (shared/cloud-audio.ts). */
  audio?(packet: Buffer): void;
  /** The worker could not render (or stopped rendering) this session. */
  failed(message: string): void;
  /** The render page drew the face frame sent at `t` (the studio's clock), the mouth open by `jawOpen`. */
  faceDrawn?(t: number, jawOpen: number): void;
}

export interface CloudRenderer {
  /** Render `url` at width×height; resolves once frames flow, rejects if the page cannot start. */
  start(id: string, url: string, size: { width: number; height: number }, handlers: RenderHandlers): Promise<void>;
  face(id: string, face: LiveFaceMessage): void;
  stop(id: string): void;
  /** Sessions rendering on this instance. */
  active(): number;
  close(): Promise<void>;
}

export function createCloudRenderer(): CloudRenderer {
  let child: ChildProcess | null = null;
  const sessions = new Map<
    string,
    RenderHandlers & { started: boolean; resolve: () => void; reject: (error: Error) => void }
  >();

  const send = (message: RenderRequest) => {
    if (child?.connected) child.send(message);
  };

  function worker(): ChildProcess {
    if (child && child.exitCode === null && child.connected) return child;
    const proc = fork(WORKER, [], {
      execArgv: ["--import", "tsx"],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    proc.on("message", (message: RenderReport) => {
      const session = sessions.get(message.id);
      if (!session) return;
      if (message.type === "frame") session.frame(Buffer.from(message.data));
      else if (message.type === "audio") session.audio?.(Buffer.from(message.data));
      else if (message.type === "faceDrawn") session.faceDrawn?.(message.t, message.jawOpen);
      else if (message.type === "started") {
        session.started = true;
        session.resolve();
      } else if (message.type === "failed") {
        sessions.delete(message.id);
        if (session.started) session.failed(message.message);
        else session.reject(new Error(message.message));
      }
    });
    proc.on("exit", () => {
      if (child === proc) child = null;
      for (const [id, session] of sessions) {
        sessions.delete(id);
        if (session.started) session.failed("render worker exited");
        else session.reject(new Error("render worker exited"));
      }
    });
    child = proc;
    return proc;
  }

  return {
    start(id, url, size, handlers) {
      return new Promise<void>((resolve, reject) => {
        sessions.set(id, { ...handlers, started: false, resolve, reject });
        worker().send({ type: "start", id, url, ...size } satisfies RenderRequest);
      });
    },
    face(id, face) {
      if (sessions.get(id)?.started) send({ type: "face", id, face });
    },
    stop(id) {
      if (!sessions.delete(id)) return;
      send({ type: "stop", id });
    },
    active: () => sessions.size,
    async close() {
      const proc = child;
      child = null;
      sessions.clear();
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.disconnect();
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
