import { useCallback, useMemo, useRef, useState } from "react";
import type { Appearance } from "../../../../shared/schemas/roles.ts";
import { createFaceState, type FaceState, setFace } from "../../../three/faceState.ts";
import { History, type Snapshot } from "./history.ts";

export interface FaceEditor {
  /** The mutable face the 3D view reads every frame; sliders write into it directly. */
  face: FaceState;
  appearance: Appearance;
  /** Bumped when the whole face changes (undo, reset, blend): sliders re-read their values. */
  revision: number;
  canUndo: boolean;
  canRedo: boolean;
  /** The sliders moved: record one undo step (on a slider's change event, i.e. at the end of a drag). */
  commit(): void;
  undo(): void;
  redo(): void;
  /** A new face and/or colours in one undo step (reset, blend, a swatch). */
  replace(next: Partial<Snapshot>): void;
  /** Show a face without recording it (the blend preview); `restore` brings back the present. */
  preview(params: Record<string, number>): void;
  restore(): void;
  snapshot(): Snapshot;
}

/** The editor's state: the face outside React, colours and the undo steps inside. */
export function useFaceEditor(initial: Snapshot): FaceEditor {
  const [face] = useState(() => createFaceState(initial.params));
  const [history] = useState(() => new History(initial));
  const [appearance, setAppearance] = useState(initial.appearance);
  const appearanceRef = useRef(appearance);
  const [revision, setRevision] = useState(0);
  const [steps, setSteps] = useState({ canUndo: false, canRedo: false });

  const sync = useCallback(() => setSteps({ canUndo: history.canUndo, canRedo: history.canRedo }), [history]);
  const snapshot = useCallback(
    (): Snapshot => ({ params: { ...face.params }, appearance: { ...appearanceRef.current } }),
    [face],
  );
  const show = useCallback(
    (s: Snapshot) => {
      setFace(face, s.params);
      appearanceRef.current = s.appearance;
      setAppearance(s.appearance);
      setRevision((r) => r + 1);
    },
    [face],
  );

  return useMemo(
    () => ({
      face,
      appearance,
      revision,
      ...steps,
      commit: () => {
        history.commit(snapshot());
        sync();
      },
      undo: () => {
        const s = history.undo();
        if (s) show(s);
        sync();
      },
      redo: () => {
        const s = history.redo();
        if (s) show(s);
        sync();
      },
      replace: (next) => {
        const s = { ...snapshot(), ...next };
        history.commit(s);
        show(s);
        sync();
      },
      preview: (params) => setFace(face, params),
      restore: () => setFace(face, history.present.params),
      snapshot,
    }),
    [face, appearance, revision, steps, history, snapshot, show, sync],
  );
}
