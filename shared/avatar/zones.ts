/**
 * The realistic skin's colour zones (decision 039, "Skin colour zones"). One flat colour over the
 * whole head is much of why it read as a mask (issue 17): a real face is redder where the blood is
 * near the surface (cheeks, nose, ears), darker and cooler in the eye sockets, a little warmer and
 * lighter on the forehead, and on a man greyer where the beard grows even when shaved. These are a
 * portrait painter's zones, as per-vertex multipliers of the skin's colour (glTF COLOR_0), so every
 * skin tone keeps its own hue and the swatch the user picked is still the face's colour between the
 * zones. The toon style has none: its colour is flat by design, with its own blush.
 *
 * The same channel carries the realistic hair's own shade (the light its builder records per vertex,
 * "Hair in its own shade") and, as a separate attribute, where the skin shines (`skinRoughness`).
 */
import type { Anatomy } from "./anatomy.ts";
import type { Vec3 } from "./math.ts";
import type { PartId } from "./mesh.ts";

interface Zone {
  /** Centre (the +x side; mirrored) and radii, metres. */
  c: Vec3;
  r: Vec3;
  /** The colour multiplier at the centre, falling off as a Gaussian. */
  tint: Vec3;
}

/** Redder: less green and blue. */
const FLUSH: Vec3 = [1, 0.84, 0.83];
/** The nose's tip and wings: half the cheeks' flush. */
const NOSE: Vec3 = [1, 0.92, 0.91];
/** The eye sockets: darker, a little cooler. */
const SOCKET: Vec3 = [0.8, 0.76, 0.82];
/** The forehead: a little warmer. */
const BROW: Vec3 = [1, 0.99, 0.94];
/** A shaved beard's shadow: darker, greyer (less red than blue). */
const BEARD: Vec3 = [0.68, 0.72, 0.8];

/**
 * The product over soft zones of `1 + (k - 1) · g`, g a zone's Gaussian weight at the vertex (the
 * +x side's zone mirrored to both sides), for each vertex of `positions`: `k(zone)` gives a zone's
 * value at its centre per channel. `out` holds `channels` values a vertex.
 */
function blendZones<Z extends { c: Vec3; r: Vec3 }>(
  zones: readonly Z[],
  positions: Float32Array,
  channels: number,
  k: (zone: Z) => readonly number[],
): Float32Array {
  const out = new Float32Array((positions.length / 3) * channels).fill(1);
  for (let v = 0; v < positions.length / 3; v++) {
    const x = Math.abs(positions[v * 3] as number);
    const y = positions[v * 3 + 1] as number;
    const z = positions[v * 3 + 2] as number;
    for (const zone of zones) {
      const dx = (x - zone.c[0]) / zone.r[0];
      const dy = (y - zone.c[1]) / zone.r[1];
      const dz = (z - zone.c[2]) / zone.r[2];
      const w = Math.exp(-(dx * dx + dy * dy + dz * dz));
      if (w < 1e-4) continue;
      const at = k(zone);
      for (let ch = 0; ch < channels; ch++)
        out[v * channels + ch] = (out[v * channels + ch] as number) * (1 + ((at[ch] as number) - 1) * w);
    }
  }
  return out;
}

export function zonesOf(a: Anatomy): Zone[] {
  const [ex, ey, ez] = a.eye.center;
  const [cx, cy, cz] = a.cheek.c;
  const [, my, mz] = a.mouth.center;
  const zones: Zone[] = [
    // the cheeks, below and outside the cheekbone's front
    { c: [cx + 0.002, cy - 0.008, cz + 0.01], r: [0.017, 0.015, 0.03], tint: FLUSH },
    // the nose's tip and wings
    { c: a.nose.tip, r: [0.013, 0.012, 0.03], tint: NOSE },
    // the eye sockets: the lids, the crease and the hollow under the eye
    { c: [ex, ey - 0.002, ez], r: [0.02, 0.013, 0.03], tint: SOCKET },
    // the forehead
    { c: [0, ey + 0.04, ez + 0.01], r: [0.05, 0.022, 0.04], tint: BROW },
  ];
  if (a.sex === 1) {
    const [, chy, chz] = a.chin.c;
    zones.push(
      // the upper lip, the chin and along the jaw to the ear
      { c: [0, my + 0.012, mz], r: [0.024, 0.007, 0.03], tint: BEARD },
      { c: [0, chy + 0.006, chz], r: [0.026, 0.024, 0.04], tint: BEARD },
      { c: [a.jaw.r[0] * 0.85, my - 0.008, a.jaw.c[2] + 0.01], r: [0.02, 0.028, 0.045], tint: BEARD },
    );
  }
  return zones;
}

/** The ears: thin skin, a little redder all over. */
const EAR: Vec3 = [1, 0.88, 0.87];

/**
 * Per-vertex colour multipliers (RGB, linear) for a realistic part, or undefined for a part that
 * keeps its flat colour. The skin's and ears' are a function of the rest position alone, the hair's
 * its builder's `light`: mirror-symmetric either way, and unmoved by sliders and expressions (a blush
 * does not slide with the cheek).
 */
export function skinZones(
  a: Anatomy,
  part: PartId,
  positions: Float32Array,
  light: readonly number[] = [],
): Float32Array | undefined {
  if (part === "hair" || part === "beard") {
    // the hair in its own shade: its builder's light per vertex (parts/hair.ts, parts/beard.ts), as grey
    if (!light.some((l) => l !== 1)) return undefined;
    const out = new Float32Array(positions.length);
    for (let i = 0; i < out.length / 3; i++) out.fill(light[i] ?? 1, i * 3, i * 3 + 3);
    return out;
  }
  if (part === "ears") {
    const out = new Float32Array(positions.length);
    for (let i = 0; i < out.length; i += 3) out.set(EAR, i);
    return out;
  }
  if (part !== "skin") return undefined;
  return blendZones(zonesOf(a), positions, 3, (zone) => zone.tint);
}

/**
 * Where the skin shines: the T-zone (the forehead's middle, the nose's bridge and tip) and the chin
 * are oilier, so smoother; the cheeks are drier. Per-vertex multipliers of the material's roughness.
 */
const SHINY = [0.72];
const MATTE = [1.12];

export function skinRoughness(a: Anatomy, part: PartId, positions: Float32Array): Float32Array | undefined {
  if (part !== "skin") return undefined;
  const [, ey, ez] = a.eye.center;
  const [cx, cy, cz] = a.cheek.c;
  const zones: { c: Vec3; r: Vec3; k: readonly number[] }[] = [
    { c: [0, ey + 0.035, ez + 0.012], r: [0.028, 0.025, 0.04], k: SHINY },
    { c: [0, (a.nose.bridgeTop[1] + a.nose.tip[1]) / 2, a.nose.tip[2]], r: [0.009, 0.026, 0.03], k: SHINY },
    { c: [0, a.chin.c[1], a.chin.c[2]], r: [0.016, 0.014, 0.03], k: SHINY },
    { c: [cx, cy - 0.006, cz + 0.01], r: [0.018, 0.016, 0.03], k: MATTE },
  ];
  return blendZones(zones, positions, 1, (zone) => zone.k);
}
