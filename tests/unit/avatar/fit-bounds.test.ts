/**
 * The photo fit's bounded solve (worker/face/fit.ts `solveBoxed`, decision 010 "Sliders held at
 * their ends"): a value that would pass its slider's end is held there and the others are solved
 * again with it, which fits closer than solving once and clamping.
 */
import { describe, expect, it } from "vitest";
import { solveBoxed } from "../../../worker/face/fit.ts";

/** The least-squares objective x'Mx - 2v'x (what the normal equations M x = v minimise). */
const objective = (M: number[][], v: number[], x: number[]) =>
  x.reduce((s, xa, a) => s + xa * (M[a] as number[]).reduce((t, m, b) => t + m * (x[b] as number), 0), 0) -
  2 * x.reduce((s, xa, a) => s + xa * (v[a] as number), 0);

describe("the fit's bounded solve", () => {
  // two correlated sliders: the free solution (1.5, 0.5) is past the first one's end
  const M = [
    [2, 1],
    [1, 1],
  ];
  const v = [3.5, 2];

  it("holds a value at its end and solves the other again", () => {
    const x = solveBoxed(M, v, [-1, -1], [1, 1]);
    expect(x[0]).toBe(1);
    // with x0 held at 1: x1 = (2 - 1 * 1) / 1 = 1, not the free solution's 0.5
    expect(x[1]).toBeCloseTo(1, 12);
    const clamped = [1, 0.5];
    expect(objective(M, v, x)).toBeLessThan(objective(M, v, clamped));
  });

  it("is the plain solution when nothing passes its bounds", () => {
    const x = solveBoxed(M, [1.5, 1], [-1, -1], [1, 1]);
    expect(x[0]).toBeCloseTo(0.5, 12);
    expect(x[1]).toBeCloseTo(0.5, 12);
  });

  it("holds every value that passes, at either end", () => {
    const x = solveBoxed(
      [
        [1, 0],
        [0, 1],
      ],
      [5, -5],
      [-1, 0],
      [1, 1],
    );
    expect(x).toEqual([1, 0]);
  });
});
