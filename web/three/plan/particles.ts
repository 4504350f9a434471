/**
 * Particle motion for the effects, as flat arrays stepped in place (no allocation per frame). The
 * renderer turns each particle into an instance matrix; this module only knows positions, speeds,
 * ages and sizes. Deterministic for a seed, so tests can check the motion.
 */
import type { ParticleStyle } from "./parse.ts";

/** The space particles live in, around the bust (metres). */
export const VOLUME = { x: [-0.5, 0.5], y: [-0.42, 0.45], z: [-0.45, 0.28] } as const;

export const PARTICLE_COUNTS: Record<ParticleStyle, number> = {
  hearts: 56,
  snow: 200,
  sparkles: 110,
  confetti: 150,
  bubbles: 60,
  petals: 110,
};

interface StyleMotion {
  /** Base velocity range (m/s) on y; x drifts by a sine. */
  vy: [number, number];
  /** Size range (metres). */
  size: [number, number];
  /** Lifetime range (seconds). */
  life: [number, number];
  /** Where ambient particles appear: the top (falling), the bottom (rising) or anywhere. */
  from: "top" | "bottom" | "anywhere";
  sway: number;
  /** Tumbling speed (rad/s). */
  spin: number;
}

export const STYLE_MOTION: Record<ParticleStyle, StyleMotion> = {
  hearts: { vy: [0.07, 0.13], size: [0.014, 0.026], life: [5, 8], from: "bottom", sway: 0.03, spin: 0.8 },
  snow: { vy: [-0.09, -0.045], size: [0.0045, 0.01], life: [9, 14], from: "top", sway: 0.025, spin: 1 },
  sparkles: { vy: [0.005, 0.025], size: [0.011, 0.021], life: [0.9, 1.8], from: "anywhere", sway: 0.006, spin: 2 },
  confetti: { vy: [-0.22, -0.13], size: [0.008, 0.014], life: [5, 7], from: "top", sway: 0.05, spin: 7 },
  bubbles: { vy: [0.045, 0.085], size: [0.008, 0.024], life: [6, 10], from: "bottom", sway: 0.02, spin: 0.3 },
  petals: { vy: [-0.09, -0.05], size: [0.011, 0.018], life: [8, 12], from: "top", sway: 0.06, spin: 2.2 },
};

export interface Particles {
  style: ParticleStyle;
  count: number;
  /** Position (3 per particle), velocity (3), base velocity on y (1). */
  pos: Float32Array;
  vel: Float32Array;
  vy0: Float32Array;
  /** Age and lifetime in seconds; a particle with life 0 is not alive. */
  age: Float32Array;
  life: Float32Array;
  size: Float32Array;
  /** Tumble axis angles and current spin angle, and a random phase for sways and twinkles. */
  spin: Float32Array;
  phase: Float32Array;
  /** A palette index per particle (confetti colours, petal shades). */
  tone: Uint8Array;
  /** Seeded random state. */
  seed: number;
  /** Ambient particles to spawn per second, and the fraction carried between frames. */
  rate: number;
  carry: number;
}

/** mulberry32: small, fast, good enough for motion. */
export function random(p: { seed: number }): number {
  p.seed = (p.seed + 0x6d2b79f5) | 0;
  let t = p.seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const range = (p: Particles, r: readonly [number, number]) => r[0] + (r[1] - r[0]) * random(p);

export function createParticles(style: ParticleStyle, seed = 1, count = PARTICLE_COUNTS[style]): Particles {
  const m = STYLE_MOTION[style];
  const meanLife = (m.life[0] + m.life[1]) / 2;
  return {
    style,
    count,
    pos: new Float32Array(count * 3),
    vel: new Float32Array(count * 3),
    vy0: new Float32Array(count),
    age: new Float32Array(count),
    life: new Float32Array(count),
    size: new Float32Array(count),
    spin: new Float32Array(count * 3),
    phase: new Float32Array(count),
    tone: new Uint8Array(count),
    seed,
    // steady state: the whole pool alive on average
    rate: count / meanLife,
    carry: 0,
  };
}

/** Starts particle i. A burst throws it out from the chest; ambient ones appear at their edge. */
export function spawn(p: Particles, i: number, burst = false): void {
  const m = STYLE_MOTION[p.style];
  const [x0, x1] = VOLUME.x;
  const [y0, y1] = VOLUME.y;
  const [z0, z1] = VOLUME.z;
  let x = x0 + (x1 - x0) * random(p);
  let y: number;
  const z = z0 + (z1 - z0) * random(p);
  if (m.from === "top") y = y1 - 0.02 * random(p);
  else if (m.from === "bottom") y = y0 + 0.02 * random(p);
  else y = y0 + (y1 - y0) * random(p);
  const vy = range(p, m.vy);
  let vx = 0;
  let vz = 0;
  let vyNow = vy;
  if (burst) {
    if (m.from === "top") {
      // falling styles: a dense curtain that starts across the upper half at once
      y = y0 + (y1 - y0) * (0.35 + 0.65 * random(p));
    } else {
      // rising and twinkling styles pop out of the chest in every direction
      const a = random(p) * Math.PI * 2;
      const up = 0.2 + 0.8 * random(p);
      const speed = 0.25 + 0.35 * random(p);
      x = 0.06 * Math.cos(a);
      y = -0.16 + 0.04 * random(p);
      vx = Math.cos(a) * speed;
      vyNow = up * speed + vy;
      vz = 0.25 * (random(p) - 0.3) * speed;
    }
  }
  p.pos.set([x, y, z], i * 3);
  p.vel.set([vx, vyNow, vz], i * 3);
  p.vy0[i] = vy;
  p.age[i] = 0;
  p.life[i] = range(p, m.life);
  p.size[i] = range(p, m.size);
  p.spin.set([random(p) * Math.PI * 2, random(p) * Math.PI * 2, random(p) * Math.PI * 2], i * 3);
  p.phase[i] = random(p) * Math.PI * 2;
  p.tone[i] = Math.floor(random(p) * 6);
}

/** Fills the pool at once, every particle at a random point of its life (a look that is already running). */
export function prefill(p: Particles): void {
  for (let i = 0; i < p.count; i++) {
    spawn(p, i);
    const age = random(p) * (p.life[i] as number);
    p.age[i] = age;
    // move it along as if it had lived that long
    const k = i * 3;
    p.pos[k + 1] = (p.pos[k + 1] as number) + (p.vel[k + 1] as number) * age;
  }
  for (let i = 0; i < p.count; i++) if (outside(p, i)) p.age[i] = random(p) * 0.5 * (p.life[i] as number);
  for (let i = 0; i < p.count; i++) if (outside(p, i)) spawn(p, i);
}

/** Throws the whole pool out at once. */
export function burst(p: Particles): void {
  for (let i = 0; i < p.count; i++) {
    spawn(p, i, true);
    p.age[i] = random(p) * 0.15;
  }
}

function outside(p: Particles, i: number): boolean {
  const k = i * 3;
  const y = p.pos[k + 1] as number;
  const x = p.pos[k] as number;
  return y < VOLUME.y[0] - 0.05 || y > VOLUME.y[1] + 0.05 || Math.abs(x) > VOLUME.x[1] + 0.1;
}

/**
 * Advances every particle by dt. With `respawn`, dead particles come back at the ambient rate;
 * without (a fading burst), they stay dead.
 */
export function step(p: Particles, dt: number, time: number, respawn = true): void {
  const m = STYLE_MOTION[p.style];
  const drag = 1 - Math.exp(-2.5 * dt);
  let budget = 0;
  if (respawn) {
    p.carry += p.rate * dt;
    budget = Math.floor(p.carry);
    p.carry -= budget;
  }
  for (let i = 0; i < p.count; i++) {
    const life = p.life[i] as number;
    if (life > 0) {
      const age = (p.age[i] as number) + dt;
      p.age[i] = age;
      if (age >= life || outside(p, i)) p.life[i] = 0;
    }
    if ((p.life[i] as number) === 0) {
      if (budget > 0) {
        spawn(p, i);
        budget--;
      }
      continue;
    }
    const k = i * 3;
    // velocities relax toward the style's drift (bursts slow down into the ambient motion)
    const phase = p.phase[i] as number;
    const sway = m.sway * Math.cos(time * 1.3 + phase) * 1.3;
    p.vel[k] = (p.vel[k] as number) + (sway - (p.vel[k] as number)) * drag;
    p.vel[k + 1] = (p.vel[k + 1] as number) + ((p.vy0[i] as number) - (p.vel[k + 1] as number)) * drag;
    p.vel[k + 2] = (p.vel[k + 2] as number) + (0 - (p.vel[k + 2] as number)) * drag;
    p.pos[k] = (p.pos[k] as number) + (p.vel[k] as number) * dt;
    p.pos[k + 1] = (p.pos[k + 1] as number) + (p.vel[k + 1] as number) * dt;
    p.pos[k + 2] = (p.pos[k + 2] as number) + (p.vel[k + 2] as number) * dt;
    p.spin[k + 2] = (p.spin[k + 2] as number) + m.spin * dt * (0.5 + 0.5 * Math.sin(phase));
  }
}

/** A particle's drawn scale (0 when dead): grows in, shrinks out, twinkles for sparkles, pops for bubbles. */
export function drawnScale(p: Particles, i: number, time: number): number {
  const life = p.life[i] as number;
  if (life <= 0) return 0;
  const age = p.age[i] as number;
  const size = p.size[i] as number;
  const x = age / life;
  switch (p.style) {
    case "sparkles": {
      const s = Math.sin(Math.PI * x);
      return size * s * s * (0.75 + 0.25 * Math.sin(time * 18 + (p.phase[i] as number)));
    }
    case "bubbles":
      // swells a little just before it pops
      return size * Math.min(1, age / 0.4) * (x > 0.93 ? 1.3 : 1 + 0.3 * Math.max(0, (x - 0.8) / 0.13));
    default:
      return size * Math.min(1, age / 0.35, (life - age) / 0.6);
  }
}

/** How many particles are alive (for tests and the probe). */
export function aliveCount(p: Particles): number {
  let n = 0;
  for (let i = 0; i < p.count; i++) if ((p.life[i] as number) > 0) n++;
  return n;
}
