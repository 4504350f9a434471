/**
 * The full-screen loading overlay's state: a counter, so two overlapping operations keep it up
 * until both finish. `withLoading` wraps a promise and always takes the overlay down again.
 */

import { createStore } from "zustand/vanilla";

export const loadingStore = createStore<{ count: number; label: string | null }>()(() => ({ count: 0, label: null }));

export function showLoading(label: string | null = null): void {
  loadingStore.setState((s) => ({ count: s.count + 1, label: label ?? s.label }));
}

export function hideLoading(): void {
  loadingStore.setState((s) => ({ count: Math.max(0, s.count - 1), label: s.count > 1 ? s.label : null }));
}

export async function withLoading<T>(work: Promise<T> | (() => Promise<T>), label: string | null = null): Promise<T> {
  showLoading(label);
  try {
    return await (typeof work === "function" ? work() : work);
  } finally {
    hideLoading();
  }
}
