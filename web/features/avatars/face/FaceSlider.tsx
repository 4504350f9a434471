import { useEffect, useId, useRef } from "react";
import { setSlider } from "../../../three/faceState.ts";
import type { FaceEditor } from "./useFaceEditor.ts";

const show = (v: number) => (v > 0 ? `+${v.toFixed(2)}` : v.toFixed(2));

/**
 * One face slider, -1..1. Uncontrolled on purpose: its input events write into the face the
 * render loop reads (no React state per input, none per frame); the change event at the end of a
 * drag records one undo step. Native listeners, so scripted input events count too.
 */
export function FaceSlider({ id, label, editor }: { id: string; label: string; editor: FaceEditor }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const readout = useRef<HTMLOutputElement>(null);
  const { face, commit } = editor;
  const value = face.params[id] ?? 0;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onInput = () => {
      const v = Number(el.value);
      setSlider(face, id, v);
      if (readout.current) readout.current.textContent = show(v);
    };
    el.addEventListener("input", onInput);
    el.addEventListener("change", commit);
    return () => {
      el.removeEventListener("input", onInput);
      el.removeEventListener("change", commit);
    };
  }, [face, id, commit]);

  return (
    <div className="face-slider">
      <label htmlFor={inputId}>{label}</label>
      <output ref={readout} htmlFor={inputId}>
        {show(value)}
      </output>
      <input ref={input} id={inputId} type="range" min={-1} max={1} step={0.01} defaultValue={value} data-slider={id} />
    </div>
  );
}
