/**
 * The studio socket's client: authenticates with its first message (the login token, or the OBS
 * source's stream key), hands every push to `onMessage`, pings to keep proxies from closing it,
 * and reconnects with a growing pause, except after a refusal (4600 bad token, 4903 bad key).
 */
import type { LiveClientMessage, LiveServerMessage } from "../../../shared/live.ts";

export interface LiveSocketOptions {
  path: string;
  auth: { token: string } | { streamKey: string };
  language: string;
  onMessage(message: LiveServerMessage): void;
  /** The server refused the credentials (close code 4600 or 4903). */
  onRefused?(code: number): void;
  onState?(state: "connecting" | "ready" | "closed"): void;
}

const PING_MS = 25_000;

/** Stops the socket when called (an effect's cleanup); `send` writes to it once it is ready. */
export type LiveSocketHandle = (() => void) & {
  /** False (and nothing sent) while the socket is not open and authenticated. */
  send(message: LiveClientMessage): boolean;
};

export function connectLiveSocket(options: LiveSocketOptions): LiveSocketHandle {
  let ready = false;
  let stopped = false;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let pause = 1000;

  const open = () => {
    options.onState?.("connecting");
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${window.location.host}${options.path}?language=${encodeURIComponent(options.language)}`;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", ...options.auth }));
    ws.onmessage = (event) => {
      let message: LiveServerMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveServerMessage;
      } catch {
        return;
      }
      if (message.type === "ready") {
        ready = true;
        pause = 1000;
        options.onState?.("ready");
        ping = setInterval(() => ws.readyState === ws.OPEN && ws.send('{"type":"ping"}'), PING_MS);
      }
      options.onMessage(message);
    };
    ws.onclose = (event) => {
      ready = false;
      clearInterval(ping);
      options.onState?.("closed");
      if (stopped) return;
      if (event.code === 4600 || event.code === 4903) {
        options.onRefused?.(event.code);
        return;
      }
      retry = setTimeout(open, pause);
      pause = Math.min(pause * 2, 10_000);
    };
  };
  open();

  const stop = () => {
    stopped = true;
    ready = false;
    clearTimeout(retry);
    clearInterval(ping);
    socket?.close(1000, "done");
  };
  return Object.assign(stop, {
    send(message: LiveClientMessage) {
      if (!ready || socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
  });
}
