/**
 * The toon style's proportions (docs/decisions/039-art-direction.md): a smooth, mirror-symmetric
 * warp of the built toon bust. The eyes are enlarged in the face's plane (lids, brows' inner ends
 * and the eyeball together, so the eyeball still only shows through the opening), the lower face
 * is shortened, narrowed to the chin and set back under the nose, and the head grows on the neck,
 * so the head reads larger against the shoulders. The body below the collar is
 * left exactly as it is (outfits fit it from the same profile functions).
 *
 * Every morph target is carried through the same warp: a delta d at rest point p becomes
 * W(p + d) - W(p). A vertex a target does not move stays still (locality holds), and W is its own
 * mirror image across x = 0 (symmetry holds); tests/unit/avatar/toon.test.ts checks both.
 */
import type { Anatomy } from "./anatomy.ts";
import { smoothstep } from "./math.ts";
import { type AvatarMesh, computeNormals } from "./mesh.ts";

/** Eye enlargement in the face's plane (x, y) and depth (z), at the eye; it fades out by EYE_FADE. */
const EYE_SCALE = [1.28, 1.32, 1] as const;
const EYE_CORE = 0.016;
const EYE_FADE = 0.04;
/** The lower face is raised by up to this much (a shorter lower third, a small chin). */
const LOWER_LIFT = 0.011;
/** The head grows by this much above the neck, fading in between the collar and the jaw. */
const HEAD_GROWTH = 0.15;
const GROW_FROM = -0.125;
const GROW_TO = -0.055;
/**
 * The lower face narrows toward the chin by up to this share (the anime "V line"): from
 * TAPER_BELOW_EYES under the eyes, in full at TAPER_FULL (the chin), back to nothing at the collar.
 * Without it the toon kept the realistic jaw's width under a small chin, and from the front the
 * jaw's sides showed beside the chin as two lit flaps (decision 039).
 */
const TAPER = 0.12;
/**
 * And the outer face by up to this share more, from TAPER_OUTER_FROM out (beside the mouth) to
 * TAPER_OUTER_TO (the jaw's sides): the cheeks and jaw then run in a straight line to the chin
 * rather than bulging beside the mouth and turning in under it (decision 039, "A face over a slim
 * neck").
 */
const TAPER_OUTER = 0.3;
const TAPER_OUTER_FROM = 0.02;
const TAPER_OUTER_TO = 0.05;
const TAPER_BELOW_EYES = 0.035;
const TAPER_FULL = -0.085;
/**
 * The mouth and chin are set back by up to this much (z), in full from MUZZLE_FULL (the chin) and
 * fading out up to MUZZLE_FROM (under the nose), on the front of the face only (fading in over
 * MUZZLE_FRONT from the ears' plane): anime draws the profile receding from a small nose to a small
 * chin. Without it the toon kept the realistic muzzle under its small nose and the chin jutted
 * under it, so at a three-quarter turn and in profile a man's toon showed a heavy lower face
 * (decision 039, "A face over a slim neck").
 */
const MUZZLE_BACK = 0.012;
const MUZZLE_FROM = -0.02;
const MUZZLE_FULL = -0.065;
const MUZZLE_FRONT = 0.05;
/** The neck narrows (toward its axis) by this share at its middle. */
const NECK_THIN = 0.16;

export type Warp = (x: number, y: number, z: number, out: Float64Array) => void;

/** The toon warp for an anatomy (its eye centres and neck). */
export function toonWarp(a: Anatomy): Warp {
  const [ex, ey, ez] = a.eye.center;
  const pivotY = GROW_FROM;
  const axisZ = (a.neck.top[2] + a.neck.bottom[2]) / 2;
  const neckR = a.neck.radius;
  const eye = (dx: number, dy: number, dz: number, out: Float64Array) => {
    const r = Math.hypot(dx, dy, dz);
    const g = 1 - smoothstep(EYE_CORE, EYE_FADE, r);
    out[0] = dx * (EYE_SCALE[0] - 1) * g;
    out[1] = dy * (EYE_SCALE[1] - 1) * g;
    out[2] = dz * (EYE_SCALE[2] - 1) * g;
  };
  const left = new Float64Array(3);
  const right = new Float64Array(3);
  return (x, y, z, out) => {
    // the eyes: both sides' displacements added (a + b == b + a exactly, so the warp stays symmetric)
    eye(x - ex, y - ey, z - ez, left);
    eye(-x - ex, y - ey, z - ez, right);
    let px = x + (left[0] as number) - (right[0] as number);
    let py = y + ((left[1] as number) + (right[1] as number));
    let pz = z + ((left[2] as number) + (right[2] as number));
    // a shorter lower face: below the eyes everything rises, most from the mouth down, back to
    // nothing at the collar (the neck takes the difference and reads a little longer and slimmer)
    py += LOWER_LIFT * (1 - smoothstep(ey - 0.07, ey, y)) * smoothstep(GROW_FROM, -0.085, y);
    // a slimmer neck: toward its axis, strongest halfway up, only near the axis (not the jaw's rim)
    const band = smoothstep(GROW_FROM - 0.02, -0.1, py) * (1 - smoothstep(-0.085, -0.05, py));
    if (band > 0) {
      const dz = pz - axisZ;
      const r = Math.hypot(px, dz);
      const k = NECK_THIN * band * (1 - smoothstep(neckR * 1.05, neckR * 1.9, r));
      px *= 1 - k;
      pz = axisZ + dz * (1 - k);
    }
    // the lower face tapers to the chin (the anime "V line"), and the top of the neck with it
    const taperOff = 1 - smoothstep(TAPER_FULL - 0.005, GROW_FROM, py);
    const taper = smoothstep(ey - TAPER_BELOW_EYES, TAPER_FULL, py) * taperOff;
    px *= 1 - (TAPER + TAPER_OUTER * smoothstep(TAPER_OUTER_FROM, TAPER_OUTER_TO, Math.abs(px))) * taper;
    // the mouth and chin set back under the nose, the front of the face only (not the jaw's angle)
    pz -= MUZZLE_BACK * smoothstep(MUZZLE_FROM, MUZZLE_FULL, py) * taperOff * smoothstep(0, MUZZLE_FRONT, pz);
    // the head grows about the neck's base
    const s = 1 + HEAD_GROWTH * smoothstep(GROW_FROM, GROW_TO, py);
    out[0] = px * s;
    out[1] = pivotY + (py - pivotY) * s;
    out[2] = axisZ + (pz - axisZ) * s;
  };
}

/** The bust through a warp: positions, every morph target, and normals recomputed. */
export function warpMesh(mesh: AvatarMesh, warp: Warp): AvatarMesh {
  const a = new Float64Array(3);
  const b = new Float64Array(3);
  const primitives = mesh.primitives.map((prim) => {
    const src = prim.positions;
    const positions = new Float32Array(src.length);
    for (let i = 0; i < src.length; i += 3) {
      warp(src[i] as number, src[i + 1] as number, src[i + 2] as number, a);
      positions[i] = a[0] as number;
      positions[i + 1] = a[1] as number;
      positions[i + 2] = a[2] as number;
    }
    const targets: Record<string, Float32Array> = {};
    for (const [name, d] of Object.entries(prim.targets)) {
      const out = new Float32Array(d.length);
      for (let i = 0; i < d.length; i += 3) {
        const dx = d[i] as number;
        const dy = d[i + 1] as number;
        const dz = d[i + 2] as number;
        if (dx === 0 && dy === 0 && dz === 0) continue;
        const x = src[i] as number;
        const y = src[i + 1] as number;
        const z = src[i + 2] as number;
        warp(x, y, z, a);
        warp(x + dx, y + dy, z + dz, b);
        out[i] = (b[0] as number) - (a[0] as number);
        out[i + 1] = (b[1] as number) - (a[1] as number);
        out[i + 2] = (b[2] as number) - (a[2] as number);
      }
      targets[name] = out;
    }
    return { ...prim, positions, targets, normals: computeNormals(positions, prim.indices) };
  });
  return { ...mesh, primitives };
}
