/**
 * The confirm dialog's state. `confirm()` opens it and resolves true (confirm) or false (cancel,
 * Escape). One dialog at a time: a second request while one is open waits its turn.
 */

import { createStore } from "zustand/vanilla";

export interface ConfirmOptions {
  title: string;
  message: string;
  /** Button texts; the dialog falls back to the catalogue's Confirm / Cancel. */
  confirmText?: string;
  cancelText?: string;
  /** Styles the confirm button as destructive (delete, cancel account). */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

export const confirmStore = createStore<{ queue: Pending[] }>()(() => ({ queue: [] }));

let nextId = 1;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.setState((s) => ({ queue: [...s.queue, { ...options, id: nextId++, resolve }] }));
  });
}

/** Closes the dialog on screen with the user's answer. */
export function answerConfirm(ok: boolean): void {
  const [current, ...rest] = confirmStore.getState().queue;
  if (!current) return;
  confirmStore.setState({ queue: rest });
  current.resolve(ok);
}
