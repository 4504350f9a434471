/**
 * Catalogue looks arrive as plain JSON (PreviewItem.look): these turn them into typed looks with
 * safe defaults, so an unknown style, a missing colour or a stray field never breaks the preview.
 * An unknown style falls back to the first known one of its kind (listed first below).
 */
import { EXPRESSION_NAMES } from "../../../shared/avatar/index.ts";
import type {
  ExpressionLook,
  MotionLook,
  OutfitLook,
  OutfitSlot,
  PetLook,
  SceneLook,
} from "../../../shared/plan/looks.ts";
import type { PreviewItem } from "./types.ts";

export const OUTFIT_STYLES = {
  top: ["tee", "hoodie", "blazer", "turtleneck", "sweater", "qipao"],
  headwear: ["cap", "beanie", "beret", "catEars", "crown", "halo"],
  glasses: ["round", "square", "aviator", "heart"],
  accessory: ["pearls", "chain", "hoops", "bowtie", "scarf", "headphones"],
} as const satisfies Record<OutfitSlot, readonly string[]>;

export const SCENE_STYLES = [
  "gradient",
  "studio",
  "grid",
  "neonStage",
  "beach",
  "nightSky",
  "garden",
  "livingRoom",
  "space",
] as const;
export const PET_SPECIES = [
  "cat",
  "dog",
  "bunny",
  "chick",
  "fox",
  "panda",
  "slime",
  "bot",
  "butterfly",
  "fish",
] as const;
export const PET_MOTIONS = ["sway", "hop", "float", "flutter", "walk"] as const;
export const PARTICLE_STYLES = ["sparkles", "hearts", "snow", "confetti", "bubbles", "petals"] as const;
export const LIGHTING_STYLES = ["spotlight", "neonRim", "sunset", "disco", "moonlight"] as const;
export const MOTION_STYLES = ["nod", "shake", "tilt", "bounce", "lean", "spin", "wave", "clap"] as const;

export type SceneStyle = (typeof SCENE_STYLES)[number];
export type PetSpecies = (typeof PET_SPECIES)[number];
export type PetMotion = (typeof PET_MOTIONS)[number];
export type ParticleStyle = (typeof PARTICLE_STYLES)[number];
export type LightingStyle = (typeof LIGHTING_STYLES)[number];
export type MotionStyle = (typeof MOTION_STYLES)[number];

export interface Scene extends SceneLook {
  style: SceneStyle;
}
export interface Pet extends PetLook {
  species: PetSpecies;
  motion: PetMotion;
}
export type Effect =
  | { category: "particles"; style: ParticleStyle; color: string }
  | { category: "lighting"; style: LightingStyle; color: string };
export interface Motion extends MotionLook {
  style: MotionStyle;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function hexOr(value: unknown, fallback: string): string {
  return typeof value === "string" && HEX.test(value) ? value.toLowerCase() : fallback;
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function isSlot(value: unknown): value is OutfitSlot {
  return typeof value === "string" && value in OUTFIT_STYLES;
}

const SLOT_COLORS: Record<OutfitSlot, [string, string]> = {
  top: ["#f2f2f0", "#d8d8d4"],
  headwear: ["#2b2b2b", "#f2f2f2"],
  glasses: ["#1a1a1a", "#cfe8ff"],
  accessory: ["#e3b53c", "#c9971f"],
};

/** An outfit's look, or null when it names no slot (nothing sensible to wear). */
export function parseOutfit(look: Record<string, unknown>): OutfitLook | null {
  if (!isSlot(look.slot)) return null;
  const slot = look.slot;
  const styles = OUTFIT_STYLES[slot];
  const [color, accent] = SLOT_COLORS[slot];
  return {
    slot,
    style: pick(look.style, styles, styles[0]),
    color: hexOr(look.color, color),
    accent: hexOr(look.accent, accent),
  };
}

/** At most one outfit per slot: the first one listed wins. */
export function outfitsBySlot(items: readonly PreviewItem[]): Partial<Record<OutfitSlot, OutfitLook>> {
  const out: Partial<Record<OutfitSlot, OutfitLook>> = {};
  for (const item of items) {
    const look = parseOutfit(item.look);
    if (look && !out[look.slot]) out[look.slot] = look;
  }
  return out;
}

/** Palettes used when a scene lists fewer colours than it draws. */
export const SCENE_DEFAULTS: Record<SceneStyle, string[]> = {
  gradient: ["#ffb88c", "#ff7eb3", "#7a5cff"],
  studio: ["#d9dbe0", "#8b8f99"],
  grid: ["#140a2e", "#ff2fd0", "#27e1ff"],
  neonStage: ["#0b0820", "#ff3db8", "#3dd6ff", "#7a5cff"],
  beach: ["#ff9a5a", "#ffd27a", "#2a6f97", "#f1d8a8"],
  nightSky: ["#050a1f", "#1b2a5a", "#ffffff"],
  garden: ["#cfe9ff", "#7fb069", "#ffb7c5", "#6b4f3a"],
  livingRoom: ["#f3e6d3", "#b07d52", "#6b8f71", "#e9c46a"],
  space: ["#02030a", "#2b3a67", "#9ad1ff", "#ff8c42"],
};

export function parseScene(look: Record<string, unknown>): Scene {
  const style = pick(look.style, SCENE_STYLES, "gradient");
  const defaults = SCENE_DEFAULTS[style];
  const given = Array.isArray(look.colors) ? look.colors : [];
  const colors = defaults.map((d, i) => hexOr(given[i], d));
  // A gradient may list more stops than the default three.
  for (let i = defaults.length; i < Math.min(given.length, 6); i++) {
    const c = given[i];
    if (typeof c === "string" && HEX.test(c)) colors.push(c.toLowerCase());
  }
  return { style, colors };
}

/** Each species' own way of moving, used when a look names none (or one we do not know). */
export const SPECIES_MOTION: Record<PetSpecies, PetMotion> = {
  cat: "sway",
  dog: "hop",
  bunny: "hop",
  chick: "hop",
  fox: "sway",
  panda: "sway",
  slime: "hop",
  bot: "float",
  butterfly: "flutter",
  fish: "float",
};

export function parsePet(look: Record<string, unknown>): Pet {
  const species = pick(look.species, PET_SPECIES, "cat");
  return {
    species,
    color: hexOr(look.color, "#e8944a"),
    accent: hexOr(look.accent, "#fff3e6"),
    motion: pick(look.motion, PET_MOTIONS, SPECIES_MOTION[species]),
  };
}

export function parseEffect(look: Record<string, unknown>): Effect {
  const color = hexOr(look.color, "#ffe27a");
  // The style decides: a lighting style filed under particles (or the reverse) still draws.
  if ((LIGHTING_STYLES as readonly unknown[]).includes(look.style))
    return { category: "lighting", style: look.style as LightingStyle, color };
  if ((PARTICLE_STYLES as readonly unknown[]).includes(look.style))
    return { category: "particles", style: look.style as ParticleStyle, color };
  return look.category === "lighting"
    ? { category: "lighting", style: "spotlight", color }
    : { category: "particles", style: "sparkles", color };
}

const ARKIT = new Set(EXPRESSION_NAMES);

/** Known ARKit names only, weights clamped to 0..1. */
export function parseExpression(look: Record<string, unknown>): ExpressionLook {
  const weights: Record<string, number> = {};
  const given = look.weights;
  if (given && typeof given === "object") {
    for (const [name, w] of Object.entries(given as Record<string, unknown>)) {
      if (!ARKIT.has(name) || typeof w !== "number" || !Number.isFinite(w)) continue;
      weights[name] = Math.min(1, Math.max(0, w));
    }
  }
  return { weights };
}

export function parseMotion(look: Record<string, unknown>): Motion {
  const d = typeof look.duration === "number" && Number.isFinite(look.duration) ? look.duration : 1.4;
  return { style: pick(look.style, MOTION_STYLES, "nod"), duration: Math.min(6, Math.max(0.5, d)) };
}
