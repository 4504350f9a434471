import { describe, expect, it } from "vitest";
import { OneEuro, OneEuroBank } from "./oneEuro.ts";

const std = (xs: number[]) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
};

describe("One Euro filter", () => {
  it("smooths jitter at rest", () => {
    const f = new OneEuro({ minCutoff: 1, beta: 0.5 });
    const raw: number[] = [];
    const out: number[] = [];
    for (let i = 0; i < 120; i++) {
      // 30 Hz, ±0.05 alternating noise around 0.5
      const v = 0.5 + (i % 2 === 0 ? 0.05 : -0.05);
      raw.push(v);
      out.push(f.filter(v, i / 30));
    }
    expect(std(out.slice(30))).toBeLessThan(std(raw.slice(30)) / 4);
    expect(out.at(-1)).toBeCloseTo(0.5, 1);
  });

  it("follows a quick move with little lag once the speed opens it", () => {
    const slow = new OneEuro({ minCutoff: 1, beta: 0 });
    const fast = new OneEuro({ minCutoff: 1, beta: 4 });
    let s = 0;
    let q = 0;
    for (let i = 0; i <= 6; i++) {
      // a step from 0 to 1 at the first sample after the start, at 30 Hz
      const v = i === 0 ? 0 : 1;
      s = slow.filter(v, i / 30);
      q = fast.filter(v, i / 30);
    }
    expect(q).toBeGreaterThan(s);
    expect(q).toBeGreaterThan(0.8);
  });

  it("starts at the first value, ignores repeated times, and keeps channels apart", () => {
    const f = new OneEuro({ minCutoff: 1, beta: 0 });
    expect(f.filter(3, 1)).toBe(3);
    expect(f.filter(10, 1)).toBe(3);
    const bank = new OneEuroBank(() => ({ minCutoff: 1, beta: 0 }));
    expect(bank.filter("a", 1, 0)).toBe(1);
    expect(bank.filter("b", -1, 0)).toBe(-1);
    expect(bank.filter("a", 1, 0.1)).toBe(1);
  });
});
