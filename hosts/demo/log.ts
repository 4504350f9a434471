/**
 * The message log both demo pages keep: on the page (newest first) and in `window.hostDemo.log`,
 * where the E2E suite and a curious developer's console read it.
 */

export type Direction = "out" | "in" | "refused";

export interface LogEntry {
  dir: Direction;
  type: string;
  data: unknown;
  origin: string;
  at: string;
}

declare global {
  interface Window {
    /** The log, and (on the smallest host page) a way to send Avalive a message. */
    hostDemo?: { log: LogEntry[]; send?: (message: import("../../shared/host/messages.ts").HostToAppMessage) => void };
  }
}

const ARROWS: Record<Direction, string> = { out: "→", in: "←", refused: "✕" };

/** A token is shown by its first characters only: the log is on screen. */
function shown(data: unknown): string {
  return JSON.stringify(data, (key, value) =>
    key === "token" && typeof value === "string" ? `${value.slice(0, 8)}…` : value,
  );
}

export function createLog(list: HTMLElement) {
  const entries: LogEntry[] = [];
  window.hostDemo = { log: entries };
  return (dir: Direction, type: string, data: unknown, origin: string) => {
    const entry: LogEntry = { dir, type, data, origin, at: new Date().toISOString() };
    entries.push(entry);
    const item = document.createElement("li");
    item.dataset.dir = dir;
    item.dataset.type = type;
    const arrow = document.createElement("span");
    arrow.className = "log__dir";
    arrow.textContent = ARROWS[dir];
    const name = document.createElement("span");
    name.className = "log__type";
    name.textContent = type;
    item.append(arrow, name, ` ${shown(data)} `, dir === "out" ? "" : `(${origin || "no origin"})`);
    list.prepend(item);
  };
}
