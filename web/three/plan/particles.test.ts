import { describe, expect, it } from "vitest";
import { PARTICLE_STYLES } from "./parse.ts";
import {
  aliveCount,
  burst,
  createParticles,
  drawnScale,
  PARTICLE_COUNTS,
  prefill,
  random,
  STYLE_MOTION,
  step,
  VOLUME,
} from "./particles.ts";

const inside = (p: ReturnType<typeof createParticles>, i: number) => {
  const y = p.pos[i * 3 + 1] as number;
  return y >= VOLUME.y[0] - 0.06 && y <= VOLUME.y[1] + 0.06;
};

describe("particles", () => {
  it("keeps every effect to a few hundred particles", () => {
    for (const style of PARTICLE_STYLES) expect(PARTICLE_COUNTS[style]).toBeLessThanOrEqual(300);
  });

  it("is deterministic for a seed", () => {
    const a = createParticles("snow", 5);
    const b = createParticles("snow", 5);
    prefill(a);
    prefill(b);
    expect(a.pos).toEqual(b.pos);
    expect(random({ seed: 1 })).toBe(random({ seed: 1 }));
  });

  it("runs ambient effects at a steady, mostly full pool inside the volume", () => {
    for (const style of PARTICLE_STYLES) {
      const p = createParticles(style, 3);
      prefill(p);
      for (let i = 0; i < 600; i++) step(p, 1 / 30, i / 30);
      const alive = aliveCount(p);
      expect(alive, style).toBeGreaterThan(p.count * 0.4);
      for (let i = 0; i < p.count; i++) if ((p.life[i] as number) > 0) expect(inside(p, i), style).toBe(true);
    }
  });

  it("moves falling styles down and rising ones up", () => {
    for (const style of PARTICLE_STYLES) {
      const p = createParticles(style, 9);
      prefill(p);
      const y0 = p.pos[1] as number;
      step(p, 0.2, 0);
      const dy = (p.pos[1] as number) - y0;
      const [lo, hi] = STYLE_MOTION[style].vy;
      if (hi < 0) expect(dy, style).toBeLessThan(0);
      if (lo > 0 && (p.life[0] as number) > 0) expect(dy, style).toBeGreaterThan(0);
    }
  });

  it("throws a burst out of the chest, then lets it die away without respawning", () => {
    const p = createParticles("hearts", 2);
    burst(p);
    expect(aliveCount(p)).toBe(p.count);
    const spread0 = Math.abs(p.pos[0] as number);
    for (let i = 0; i < 10; i++) step(p, 0.05, i * 0.05, false);
    expect(Math.abs(p.pos[0] as number)).toBeGreaterThan(spread0);
    for (let i = 0; i < 400; i++) step(p, 0.05, i * 0.05, false);
    expect(aliveCount(p)).toBe(0);
  });

  it("draws dead particles at size zero and live ones at about their size", () => {
    const p = createParticles("confetti", 4);
    expect(drawnScale(p, 0, 0)).toBe(0);
    prefill(p);
    step(p, 0.5, 0);
    const sizes = Array.from({ length: p.count }, (_, i) => drawnScale(p, i, 1));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(STYLE_MOTION.confetti.size[1] * 1.01);
    expect(Math.max(...sizes)).toBeGreaterThan(0);
  });
});
