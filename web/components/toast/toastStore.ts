/**
 * The toast queue. Toasts stack in the order they arrive and each leaves after its own duration:
 * 1.5 s by default, 3 s for errors, 5 s for network errors (spec section 9). Kept outside React
 * so the API client can raise toasts from anywhere.
 */

import { createStore } from "zustand/vanilla";
import { TOAST_MS } from "../../../shared/constants.ts";

export type ToastKind = "info" | "success" | "error" | "network";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

interface ToastState {
  toasts: Toast[];
}

export const toastStore = createStore<ToastState>()(() => ({ toasts: [] }));

const DURATION: Record<ToastKind, number> = {
  info: TOAST_MS.default,
  success: TOAST_MS.default,
  error: TOAST_MS.error,
  network: TOAST_MS.network,
};

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Shows a toast and returns its id. The same text already on screen is not shown twice. */
export function showToast(message: string, kind: ToastKind = "info", durationMs = DURATION[kind]): number {
  const same = toastStore.getState().toasts.find((t) => t.message === message && t.kind === kind);
  if (same) {
    // Parallel calls failing the same way (say, five requests after the network drops) make one toast,
    // which stays for the full duration from the last failure.
    restartTimer(same.id, durationMs);
    return same.id;
  }
  const toast: Toast = { id: nextId++, kind, message, durationMs };
  toastStore.setState((s) => ({ toasts: [...s.toasts, toast] }));
  restartTimer(toast.id, durationMs);
  return toast.id;
}

function restartTimer(id: number, durationMs: number): void {
  const old = timers.get(id);
  if (old) clearTimeout(old);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
}

/** Whether any toast is on screen (some messages are shown only when no other one is). */
export const hasToast = (): boolean => toastStore.getState().toasts.length > 0;

export const toast = {
  info: (message: string) => showToast(message, "info"),
  success: (message: string) => showToast(message, "success"),
  error: (message: string) => showToast(message, "error"),
  network: (message: string) => showToast(message, "network"),
};
