/**
 * Which ARKit morph targets the bust carries. Each carried target costs every vertex a little on
 * every frame, so the preview carries the ones the catalogue's expressions (and the idle blink)
 * move, and grows the set the first time a played expression names another.
 */
import { EXPRESSION_NAMES } from "../../../shared/avatar/index.ts";
import { CATALOGUE } from "../../../shared/plan/catalogue.ts";

const ORDER = new Map(EXPRESSION_NAMES.map((n, i) => [n, i]));

function ordered(names: Iterable<string>): string[] {
  return [...new Set(names)]
    .filter((n) => ORDER.has(n))
    .sort((a, b) => (ORDER.get(a) as number) - (ORDER.get(b) as number));
}

/** The catalogue's expression shapes plus the blink. */
export const DEFAULT_TARGETS: readonly string[] = ordered([
  "eyeBlinkLeft",
  "eyeBlinkRight",
  ...CATALOGUE.flatMap((item) =>
    item.kind === "expression" ? Object.keys((item.look as { weights: Record<string, number> }).weights) : [],
  ),
]);

/** `current` if it already carries every shape `weights` moves, else the union (a new array). */
export function withTargets(current: readonly string[], weights: Readonly<Record<string, number>>): readonly string[] {
  const missing = Object.keys(weights).filter((n) => ORDER.has(n) && !current.includes(n));
  return missing.length === 0 ? current : ordered([...current, ...missing]);
}
