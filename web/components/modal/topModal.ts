import { useSyncExternalStore } from "react";

/**
 * The open modals, topmost last. A modal dialog makes the rest of the page inert and covers it,
 * so the toasts and the loading overlay render inside the topmost one while there is one.
 */
let stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function changed(next: HTMLDialogElement[]) {
  stack = next;
  for (const listener of listeners) listener();
}

export const openedModal = (dialog: HTMLDialogElement) => changed([...stack.filter((d) => d !== dialog), dialog]);
export const closedModal = (dialog: HTMLDialogElement) => changed(stack.filter((d) => d !== dialog));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const top = () => stack.at(-1) ?? null;

/** The topmost open modal, or null: where page-wide layers (toasts, loading) must render. */
export function useTopModal(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, top, () => null);
}
