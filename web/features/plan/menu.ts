/**
 * The plan editor's menu in levels (spec section 3, "plan menu levels (type, name)"): the first
 * level is what to assemble, the second the kinds within it. The session store keeps the levels
 * as {type, name} pairs, so the editor reopens where the user left it (after editing the face).
 */
import { OUTFIT_SLOTS } from "../../../shared/plan/catalogue.ts";
import type { PlanMenuLevel } from "../../lib/session.ts";

export const MENU = [
  { key: "avatar", subs: [] },
  { key: "outfit", subs: OUTFIT_SLOTS },
  { key: "expression", subs: [] },
  { key: "scene", subs: ["backdrop", "scene"] },
  { key: "pets", subs: [] },
  { key: "interaction", subs: ["all", "gift", "like", "comment", "follow"] },
  { key: "sounds", subs: [] },
  { key: "effects", subs: [] },
] as const satisfies readonly { key: string; subs: readonly string[] }[];

export type MenuKey = (typeof MENU)[number]["key"];

export interface MenuState {
  key: MenuKey;
  /** The second level; null where the first level has none. */
  sub: string | null;
}

export const DEFAULT_MENU: MenuState = { key: "avatar", sub: null };

const entryOf = (key: string) => MENU.find((m) => m.key === key);

export const subsOf = (key: MenuKey): readonly string[] => entryOf(key)?.subs ?? [];

/** A first-level choice opens its first kind. */
export function openMenu(key: MenuKey, sub?: string | null): MenuState {
  const subs = subsOf(key);
  if (subs.length === 0) return { key, sub: null };
  return { key, sub: sub && subs.includes(sub) ? sub : (subs[0] ?? null) };
}

/** The menu state the stored levels describe; anything unknown falls back to the first menu. */
export function menuFromLevels(levels: readonly PlanMenuLevel[]): MenuState {
  const [first, second] = levels;
  const entry = first && entryOf(first.type);
  if (!entry) return DEFAULT_MENU;
  return openMenu(entry.key, second?.type);
}

/** The levels to store for a menu state; `name` gives each level's shown name. */
export function levelsOf(state: MenuState, name: (level: number, type: string) => string): PlanMenuLevel[] {
  const levels: PlanMenuLevel[] = [{ type: state.key, name: name(1, state.key) }];
  if (state.sub) levels.push({ type: state.sub, name: name(2, state.sub) });
  return levels;
}

/**
 * Toggles an id in a selection that holds at most `max` (pets, effects). Adding beyond the limit
 * is refused: the selection stays as it was.
 */
export function toggleLimited(ids: readonly string[], id: string, max: number): { ids: string[]; refused: boolean } {
  if (ids.includes(id)) return { ids: ids.filter((x) => x !== id), refused: false };
  if (ids.length >= max) return { ids: [...ids], refused: true };
  return { ids: [...ids, id], refused: false };
}

/** A checkbox selection: toggles one id, and forgets ids no longer listed. */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function keepListed(selected: ReadonlySet<string>, listed: readonly { id: string }[]): Set<string> {
  const ids = new Set(listed.map((x) => x.id));
  return new Set([...selected].filter((id) => ids.has(id)));
}
