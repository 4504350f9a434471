/**
 * axe-core in a Playwright page: the accessibility check run on every screen the E2E suite
 * screenshots (see `screenshot` in browser.ts). Serious and critical violations fail the test.
 */

import fs from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** How long to let animations and transitions (toasts fading, dialogs opening) finish. */
const SETTLE_MS = 2000;

/** Finite animations finished and fonts loaded, so colours are the ones a reader ends up seeing. */
async function settle(frame: Frame) {
  await frame.evaluate(async (timeout) => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, timeout)),
    ]);
  }, SETTLE_MS);
}

/** Our frames (same origin, or srcdoc/blank) get axe; third-party frames are left out of the run. */
function isOurs(frame: Frame, origin: string) {
  const url = frame.url();
  if (!url || url.startsWith("about:")) return true;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The serious and critical axe violations on the page as it is now, one line per node:
 * `rule (impact) at target: what is wrong`. An empty list means the page passes.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const frames = page.frames().filter((frame) => !frame.isDetached() && isOurs(frame, origin));
  for (const frame of frames) {
    await settle(frame);
    // evaluate, not a script tag: the app's Content-Security-Policy forbids inline scripts.
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  }
  return page.evaluate(async (pageOrigin) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time, untyped here.
    const axe = (window as any).axe;
    const thirdParty = [...document.querySelectorAll("iframe[src]")]
      .filter((frame) => {
        const src = (frame as HTMLIFrameElement).src;
        return src.startsWith("http") && new URL(src).origin !== pageOrigin;
      })
      .map((frame) => [`iframe[src="${CSS.escape((frame as HTMLIFrameElement).getAttribute("src") ?? "")}"]`]);
    const context = thirdParty.length ? { include: [["html"]], exclude: thirdParty } : document;
    const results = await axe.run(context, { resultTypes: ["violations"] });
    const lines: string[] = [];
    for (const rule of results.violations) {
      if (rule.impact !== "serious" && rule.impact !== "critical") continue;
      for (const node of rule.nodes) {
        const checks = [...node.any, ...node.all, ...node.none];
        const why = checks.map((check: { message: string }) => check.message).join("; ") || rule.help;
        lines.push(`${rule.id} (${node.impact ?? rule.impact}) at ${JSON.stringify(node.target)}: ${why}`);
      }
    }
    return lines;
  }, origin);
}
