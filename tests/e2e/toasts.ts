/**
 * Toasts as the page saw them: each one's text, kind and time on screen, recorded inside the page
 * (a MutationObserver), so a toast is never missed because the test looked between two frames or
 * after a busy main thread let it go.
 */
import type { Page } from "playwright-core";

export interface ToastRecord {
  text: string;
  kind: string;
  role: string;
  /** How long it was on screen, measured in the page. */
  ms: number;
}

declare global {
  interface Window {
    __toasts?: ToastRecord[];
  }
}

/**
 * Records, inside the page, when each toast appears and disappears (performance.now), so the
 * durations are measured by the browser's own clock rather than across the test's IPC.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const done: ToastRecord[] = [];
    window.__toasts = done;
    const shown = new Map<Element, { text: string; kind: string; role: string; at: number }>();
    new MutationObserver(() => {
      const now = performance.now();
      const present = new Set(document.querySelectorAll('[data-testid="toast"]'));
      for (const el of present) {
        if (shown.has(el)) continue;
        const html = el as HTMLElement;
        const text = html.querySelector(".toast__text")?.textContent ?? "";
        shown.set(el, { text, kind: html.dataset.kind ?? "", role: html.getAttribute("role") ?? "", at: now });
      }
      for (const [el, record] of shown) {
        if (present.has(el)) continue;
        shown.delete(el);
        done.push({ text: record.text, kind: record.kind, role: record.role, ms: now - record.at });
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/** Waits for the first finished toast whose text matches and answers it. */
export async function finishedToast(page: Page, text: string | RegExp, timeoutMs = 15_000): Promise<ToastRecord> {
  const deadline = Date.now() + timeoutMs;
  let records: ToastRecord[] = [];
  while (Date.now() < deadline) {
    records = await page.evaluate(() => window.__toasts ?? []);
    const found = records.find((r) => (typeof text === "string" ? r.text === text : text.test(r.text)));
    if (found) return found;
    await page.waitForTimeout(100);
  }
  const seen = records.map((r) => `${r.kind}: ${r.text}`).join("; ") || "none";
  throw new Error(`no toast matching ${String(text)} finished within ${timeoutMs} ms (toasts seen: ${seen})`);
}
