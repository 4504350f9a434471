/**
 * Base proportions of the two base shapes (sex 1 male, sex 2 female), in metres: y up, the face
 * looks toward +z, the origin is the centre of the head at ear level. Values for the subject's left
 * side (+x) only; the right side is always the mirror image.
 */
import type { Vec3 } from "./math.ts";

export interface Blob {
  c: Vec3;
  r: Vec3;
}

export interface Anatomy {
  sex: 1 | 2;
  /** Rays for the head surface start here; every head point is seen from it exactly once. */
  rayCenter: Vec3;
  cranium: Blob;
  face: Blob;
  jaw: Blob;
  jawAngle: Blob;
  chin: Blob;
  cheek: Blob;
  /**
   * The fullness below the cheekbone, beside the mouth: without it the lower cheek reads hollow and
   * the mouth sticks out (issue 17). None in the toon style, whose lower face narrows to the chin.
   */
  cheekLow: Blob | null;
  browRidge: Blob;
  /** Smooth-union widths: larger is softer (`neck`: the neck into the head; wide, it fills under the jaw). */
  blend: { face: number; feature: number; neck: number };
  neck: { top: Vec3; bottom: Vec3; radius: number };
  nose: {
    bridgeTop: Vec3;
    bridgeBottom: Vec3;
    bridgeR: [number, number];
    tip: Vec3;
    tipR: number;
    ala: Vec3;
    alaR: number;
  };
  eye: {
    center: Vec3;
    radius: number;
    /** Half widths of the opening toward the nose and toward the ear. */
    halfIn: number;
    halfOut: number;
    /** Heights of the upper and lower lid margins above and below the eye centre. */
    upper: number;
    lower: number;
    /** Outer corner lift per metre of width (a stylised upward cant). */
    tilt: number;
    lid: number;
    iris: number;
    pupil: number;
  };
  mouth: {
    center: Vec3;
    halfWidth: number;
    upperH: number;
    lowerH: number;
    upperFull: number;
    lowerFull: number;
  };
  brow: { inner: [number, number]; peak: [number, number]; tail: [number, number]; thickIn: number; thickOut: number };
  /**
   * How far below the shared brow this style's brow is drawn (metres). The brow fields (slider and
   * expression regions) were laid out for the shared brow and read their region that much higher on
   * the brow itself (deform.ts `lift`, parts/brows.ts `browBand`), so they move it the same.
   */
  browDrop: number;
  ear: { center: Vec3; height: number; width: number; flare: number };
  torso: { shoulderHalf: number; chestDepth: number; top: number; bottom: number };
  hair: "short" | "long";
}

export const FEMALE: Anatomy = {
  sex: 2,
  rayCenter: [0, -0.012, 0.004],
  cranium: { c: [0, 0.03, -0.012], r: [0.071, 0.098, 0.097] },
  face: { c: [0, -0.006, 0.02], r: [0.054, 0.058, 0.064] },
  jaw: { c: [0, -0.051, 0.022], r: [0.039, 0.038, 0.06] },
  jawAngle: { c: [0.039, -0.052, -0.018], r: [0.01, 0.019, 0.018] },
  chin: { c: [0, -0.078, 0.058], r: [0.016, 0.014, 0.017] },
  // a tall cheek: a short one left a dark, hollow band under the cheekbone (decision 039, "Fuller cheeks")
  cheek: { c: [0.04, -0.01, 0.05], r: [0.021, 0.024, 0.023] },
  cheekLow: { c: [0.034, -0.034, 0.048], r: [0.016, 0.029, 0.022] },
  browRidge: { c: [0, 0.036, 0.062], r: [0.054, 0.013, 0.02] },
  blend: { face: 0.016, feature: 0.013, neck: 0.035 },
  neck: { top: [0, -0.055, -0.02], bottom: [0, -0.27, -0.028], radius: 0.047 },
  nose: {
    bridgeTop: [0, 0.02, 0.079],
    bridgeBottom: [0, -0.015, 0.092],
    bridgeR: [0.0048, 0.0056],
    tip: [0, -0.022, 0.094],
    tipR: 0.0078,
    ala: [0.0095, -0.026, 0.083],
    alaR: 0.0062,
  },
  eye: {
    center: [0.031, 0.011, 0.0605],
    radius: 0.0135,
    halfIn: 0.0123,
    halfOut: 0.0134,
    upper: 0.0083,
    lower: 0.006,
    tilt: 0.12,
    lid: 0.0011,
    iris: 0.0076,
    pupil: 0.0028,
  },
  mouth: {
    center: [0, -0.05, 0.083],
    halfWidth: 0.022,
    upperH: 0.0068,
    lowerH: 0.0088,
    upperFull: 0.0022,
    lowerFull: 0.0028,
  },
  brow: { inner: [0.011, 0.029], peak: [0.034, 0.036], tail: [0.053, 0.027], thickIn: 0.0042, thickOut: 0.0012 },
  browDrop: 0,
  ear: { center: [0.071, -0.004, -0.012], height: 0.056, width: 0.03, flare: 0.3 },
  torso: { shoulderHalf: 0.158, chestDepth: 0.084, top: -0.127, bottom: -0.62 },
  hair: "long",
};

/** Male base: larger head, wider jaw and brow ridge, longer nose, thinner lips, thicker neck. */
export const MALE: Anatomy = {
  ...FEMALE,
  sex: 1,
  cranium: { c: [0, 0.031, -0.013], r: [0.074, 0.1, 0.1] },
  face: { c: [0, -0.007, 0.02], r: [0.054, 0.06, 0.066] },
  jaw: { c: [0, -0.058, 0.022], r: [0.045, 0.041, 0.062] },
  jawAngle: { c: [0.045, -0.062, -0.02], r: [0.012, 0.019, 0.021] },
  chin: { c: [0, -0.088, 0.06], r: [0.021, 0.016, 0.018] },
  cheek: { c: [0.044, -0.007, 0.049], r: [0.02, 0.022, 0.022] },
  cheekLow: { c: [0.038, -0.036, 0.047], r: [0.017, 0.028, 0.022] },
  browRidge: { c: [0, 0.036, 0.066], r: [0.058, 0.014, 0.021] },
  neck: { top: [0, -0.06, -0.02], bottom: [0, -0.27, -0.03], radius: 0.053 },
  nose: {
    bridgeTop: [0, 0.021, 0.081],
    bridgeBottom: [0, -0.017, 0.096],
    bridgeR: [0.0058, 0.0066],
    tip: [0, -0.025, 0.097],
    tipR: 0.0086,
    ala: [0.0106, -0.029, 0.084],
    alaR: 0.0062,
  },
  eye: {
    ...FEMALE.eye,
    center: [0.032, 0.01, 0.061],
    radius: 0.0132,
    upper: 0.0071,
    lower: 0.0054,
    tilt: 0.06,
    iris: 0.0072,
  },
  mouth: {
    center: [0, -0.054, 0.085],
    halfWidth: 0.0245,
    upperH: 0.0058,
    lowerH: 0.0078,
    upperFull: 0.0016,
    lowerFull: 0.0024,
  },
  brow: { inner: [0.011, 0.026], peak: [0.034, 0.031], tail: [0.055, 0.025], thickIn: 0.0062, thickOut: 0.0026 },
  ear: { center: [0.075, -0.006, -0.013], height: 0.06, width: 0.032, flare: 0.32 },
  torso: { shoulderHalf: 0.185, chestDepth: 0.096, top: -0.13, bottom: -0.64 },
  hair: "short",
};

/** The two looks one model draws (docs/decisions/039-art-direction.md). */
export type AvatarStyle = "realistic" | "toon";

/**
 * The toon base: the same head with anime features. A larger iris and pupil on the same eyeball
 * (the eye itself is enlarged afterwards by stylise.ts), a small button nose, a small mouth with
 * slightly thinner lips (thin enough to read as a line, full enough to cover the teeth), a small
 * chin, finer brows, and a slimmer neck joined to the head over a narrow blend, so the jaw's line
 * shows over it. Everything else (sliders, expressions, the mouth inside) is built from these
 * numbers exactly as for the realistic base.
 */
function toonOf(a: Anatomy): Anatomy {
  const n = a.nose;
  return {
    ...a,
    nose: {
      bridgeTop: [0, n.bridgeTop[1] - 0.004, n.bridgeTop[2] - 0.006],
      bridgeBottom: [0, n.bridgeBottom[1] + 0.002, n.bridgeBottom[2] - 0.006],
      bridgeR: [n.bridgeR[0] * 0.7, n.bridgeR[1] * 0.7],
      tip: [0, n.tip[1] + 0.003, n.tip[2] - 0.005],
      tipR: n.tipR * 0.68,
      ala: [n.ala[0] * 0.75, n.ala[1] + 0.003, n.ala[2] - 0.004],
      alaR: n.alaR * 0.62,
    },
    eye: { ...a.eye, iris: a.eye.radius * 0.74, pupil: a.eye.radius * 0.3, upper: a.eye.upper * 1.12 },
    mouth: {
      ...a.mouth,
      halfWidth: a.mouth.halfWidth * 0.82,
      upperFull: a.mouth.upperFull * 0.8,
      lowerFull: a.mouth.lowerFull * 0.85,
    },
    brow: { ...a.brow, thickIn: a.brow.thickIn * 0.7, thickOut: a.brow.thickOut * 0.8 },
    // the jaw's line over the neck (decision 039, "The toon's jaw over its neck")
    blend: { ...a.blend, neck: 0.01 },
    // an anime neck, so the face's outline shows against it (decision 039, "A face over a slim neck")
    neck: { ...a.neck, radius: a.neck.radius * 0.72 },
    // a small chin: its round underside stood below the jaw's as a lump in profile
    chin: { c: [0, a.chin.c[1] + 0.004, a.chin.c[2]], r: [a.chin.r[0], a.chin.r[1] * 0.75, a.chin.r[2] * 0.75] },
    ...TOON_CHEEKS[a.sex],
    cheekLow: null,
    // a smaller ear, a little higher and further forward: the realistic one, a plain oval in the
    // toon's flat shading, filled the side of the head in profile (decision 039, "A smaller ear")
    ear: {
      ...a.ear,
      center: [a.ear.center[0], a.ear.center[1] + 0.002, a.ear.center[2] + 0.006],
      height: a.ear.height * 0.8,
      width: a.ear.width * 0.8,
    },
  };
}

/**
 * The toon face's side: one long, soft cheek that runs from under the eye down into the jaw, so the
 * outline at a three-quarter turn is a single convex curve to the chin. The realistic cheekbone (a
 * small round blob) made a bump under the eye with a hollow below it, and the male jaw a second
 * bulge under that (issue 17). The cheek sits low and forward, beside the mouth: higher, the V
 * line's taper pulled it in under the cheekbone while the mouth and chin stayed where they were,
 * so at a three-quarter turn the far outline fell steeply and then ran straight down past the
 * mouth (a notch), and the man's jaw angle stood out beside the chin from the front (decision
 * 039, "One line from cheek to chin").
 */
const TOON_CHEEKS: Record<1 | 2, Pick<Anatomy, "cheek"> & Partial<Pick<Anatomy, "jaw" | "jawAngle">>> = {
  1: {
    cheek: { c: [0.036, -0.036, 0.055], r: [0.022, 0.045, 0.026] },
    jaw: { c: [0, -0.058, 0.024], r: [0.043, 0.041, 0.062] },
    jawAngle: { c: [0.04, -0.056, -0.018], r: [0.01, 0.019, 0.018] },
  },
  2: { cheek: { c: [0.035, -0.03, 0.047], r: [0.022, 0.038, 0.026] } },
};

const TOON: Record<1 | 2, Anatomy> = { 1: toonOf(MALE), 2: toonOf(FEMALE) };

/**
 * The realistic base: the shared proportions with the eyes at rest and a softer nose (issue 17;
 * decision 039, "Eyes at rest, a softer nose" and "Lids a little lower"). The shared lids opened
 * above the iris, so white showed over it (a stare); here the upper lid crosses the iris's top, as
 * on a relaxed face, and the lids open about as far as photographed eyes do. The
 * shared bridge was narrow and high off the face, which shaded dark bands down both its sides and
 * read long; here it is 4 mm lower at the root and broader, falling to the same tip (the tip and
 * wings stay where the photo fit measured them). The shared mouth was 8 to 12 % narrower than
 * faces' (decision 039, "A mouth as wide as faces'"). The toon keeps the shared numbers (its own
 * eye, nose and mouth are derived from them).
 */
function realisticOf(a: Anatomy): Anatomy {
  const female = a.sex === 2;
  return {
    ...a,
    eye: { ...a.eye, upper: female ? 0.0066 : 0.0055, lower: female ? 0.0051 : 0.0046 },
    // the mouth as wide as faces' (Farkas's ch-ch: 50 mm for women, 53.5 for men)
    mouth: { ...a.mouth, halfWidth: female ? 0.0245 : 0.0265 },
    nose: female
      ? {
          bridgeTop: [0, 0.02, 0.075],
          bridgeBottom: [0, -0.015, 0.091],
          bridgeR: [0.0062, 0.0068],
          tip: [0, -0.022, 0.094],
          tipR: 0.0078,
          ala: [0.0095, -0.026, 0.083],
          alaR: 0.0062,
        }
      : {
          bridgeTop: [0, 0.021, 0.077],
          bridgeBottom: [0, -0.017, 0.095],
          bridgeR: [0.0072, 0.0076],
          tip: [0, -0.025, 0.097],
          tipR: 0.0086,
          ala: [0.0106, -0.029, 0.084],
          alaR: 0.0062,
        },
    ...realisticBrow(a, a.eye.center[1]),
  };
}

/**
 * The realistic brow. It is drawn `drop` lower than the shared one: the brow stroke's heights are
 * over the eye's centre (parts/brows.ts), which drew the shared brow 29 to 36 mm over it, where
 * photos put the brows 16 to 25 mm over it (decision 039, "Brows where faces have them"). Its inner
 * end is 16 mm from the middle, over the nose's wing and just inside the eye's inner corner, where
 * faces start their brows: the shared 11 mm drew them nearly meeting over the nose, and the photo
 * fit found every photo's inner ends 5 to 6 mm further out (decision 010, "Brows apart"). A man's
 * brow is flatter: its inner end 3 mm higher and its tail 2 mm lower. The toon keeps the shared,
 * higher and closer brows over its larger eyes.
 */
function realisticBrow(a: Anatomy, drop: number): Pick<Anatomy, "brow" | "browDrop"> {
  const b = a.brow;
  const male = a.sex === 1;
  const inner: [number, number] = [0.016, b.inner[1] - drop + (male ? 0.003 : 0)];
  const peak: [number, number] = [b.peak[0], b.peak[1] - drop];
  const tail: [number, number] = [b.tail[0], b.tail[1] - drop - (male ? 0.002 : 0)];
  return { brow: { ...b, inner, peak, tail }, browDrop: drop };
}

const REALISTIC: Record<1 | 2, Anatomy> = { 1: realisticOf(MALE), 2: realisticOf(FEMALE) };

export function anatomyFor(sex: 1 | 2, style: AvatarStyle = "realistic"): Anatomy {
  return style === "toon" ? TOON[sex] : REALISTIC[sex];
}
