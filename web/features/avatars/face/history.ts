/**
 * Undo and redo for the face editor. The history holds whole snapshots (a face is ~50 numbers);
 * `commit` records one step, so a slider drag (many input events, one change event) is one step.
 */
import type { Appearance } from "../../../../shared/schemas/roles.ts";

export interface Snapshot {
  params: Record<string, number>;
  appearance: Appearance;
}

const LIMIT = 100;

function same(a: Snapshot, b: Snapshot): boolean {
  const keys = new Set([...Object.keys(a.params), ...Object.keys(b.params)]);
  for (const k of keys) if ((a.params[k] ?? 0) !== (b.params[k] ?? 0)) return false;
  // every field of the look, so a new one (the hair's cut was missed once) is never ignored
  const fields = new Set([...Object.keys(a.appearance), ...Object.keys(b.appearance)]) as Set<keyof Appearance>;
  for (const f of fields) if (a.appearance[f] !== b.appearance[f]) return false;
  return true;
}

export class History {
  private past: Snapshot[] = [];
  private future: Snapshot[] = [];
  constructor(private current: Snapshot) {}

  get present(): Snapshot {
    return this.current;
  }
  get canUndo(): boolean {
    return this.past.length > 0;
  }
  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Records a step; nothing happens when the snapshot equals the present one. Clears redo. */
  commit(next: Snapshot): boolean {
    if (same(next, this.current)) return false;
    this.past.push(this.current);
    if (this.past.length > LIMIT) this.past.shift();
    this.current = clone(next);
    this.future = [];
    return true;
  }

  undo(): Snapshot | null {
    const previous = this.past.pop();
    if (!previous) return null;
    this.future.push(this.current);
    this.current = previous;
    return clone(previous);
  }

  redo(): Snapshot | null {
    const next = this.future.pop();
    if (!next) return null;
    this.past.push(this.current);
    this.current = next;
    return clone(next);
  }
}

const clone = (s: Snapshot): Snapshot => ({ params: { ...s.params }, appearance: { ...s.appearance } });
