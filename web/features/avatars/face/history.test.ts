import { describe, expect, it } from "vitest";
import { History } from "./history.ts";

const face = (v: number, hair = "#000000") => ({ params: { "nose.scale": v }, appearance: { hairColor: hair } });

describe("face editor history", () => {
  it("undoes and redoes steps in order, and a new step clears redo", () => {
    const h = new History(face(0));
    expect(h.canUndo).toBe(false);
    h.commit(face(0.2));
    h.commit(face(0.5, "#111111"));
    expect(h.undo()).toEqual(face(0.2));
    expect(h.undo()).toEqual(face(0));
    expect(h.undo()).toBeNull();
    expect(h.redo()).toEqual(face(0.2));
    h.commit(face(-0.4));
    expect(h.canRedo).toBe(false);
    expect(h.redo()).toBeNull();
    expect(h.undo()).toEqual(face(0.2));
  });

  it("records a new hair cut or eye colour as a step", () => {
    const h = new History(face(0));
    expect(h.commit({ ...face(0), appearance: { hairColor: "#000000", hairStyle: "short" } })).toBe(true);
    expect(
      h.commit({ ...face(0), appearance: { hairColor: "#000000", hairStyle: "short", eyeColor: "#4d7aad" } }),
    ).toBe(true);
    expect(h.undo()?.appearance.eyeColor).toBeUndefined();
    expect(h.undo()?.appearance.hairStyle).toBeUndefined();
  });

  it("records nothing for an unchanged face (a click on a slider without a move)", () => {
    const h = new History(face(0.3));
    expect(h.commit(face(0.3))).toBe(false);
    expect(h.canUndo).toBe(false);
    // a missing slider equals a neutral one
    expect(h.commit({ params: { "nose.scale": 0.3, "eye.outer": 0 }, appearance: { hairColor: "#000000" } })).toBe(
      false,
    );
  });

  it("hands out copies: changing a snapshot later does not rewrite history", () => {
    const h = new History(face(0));
    const step = face(0.1);
    h.commit(step);
    step.params["nose.scale"] = 0.9;
    const back = h.undo();
    expect(back).toEqual(face(0));
    expect(h.redo()).toEqual(face(0.1));
  });
});
