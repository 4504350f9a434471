/**
 * The face on screen, outside React: a mutable map of slider values that input handlers write and
 * the render loop reads (no React state per frame). `version` tells the loop something changed;
 * `inputAt` is when, for the input-to-frame measurement.
 */
/** Slider id to value; stored faces may leave sliders out (neutral). */
export type FaceValues = Readonly<Record<string, number | undefined>>;

/** The values that are set, as a plain map. */
export function definedValues(values: FaceValues): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, v] of Object.entries(values)) if (typeof v === "number") out[id] = v;
  return out;
}

export interface FaceState {
  params: Record<string, number>;
  version: number;
  inputAt: number;
  lastInput: { id: string; value: number } | null;
  /** Called after each change: the view on screen asks for a frame (on-demand rendering). */
  changed?: () => void;
}

export function createFaceState(params: FaceValues = {}): FaceState {
  return { params: definedValues(params), version: 1, inputAt: 0, lastInput: null };
}

/** One slider moved. */
export function setSlider(face: FaceState, id: string, value: number): void {
  face.params[id] = value;
  face.version++;
  face.inputAt = performance.now();
  face.lastInput = { id, value };
  face.changed?.();
}

/** A whole face at once (load, undo, reset, blend). */
export function setFace(face: FaceState, params: FaceValues): void {
  face.params = definedValues(params);
  face.version++;
  face.inputAt = performance.now();
  face.lastInput = null;
  face.changed?.();
}
