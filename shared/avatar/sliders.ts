/**
 * The face editor's catalogue (spec section 3): groups and sliders, their labels in the three
 * interface languages, and each slider's region: the ellipsoids (metres, the model's frame) outside
 * which its morph moves nothing. Every slider ranges -1..1 with 0 neutral; one morph target per
 * slider holds the +1 delta and -1 is the same target at weight -1.
 */
import type { Ellipsoid } from "./math.ts";

export type Labels = { EN: string; ZH_CN: string; ZH_TN: string };

export const FACE_GROUPS = [
  { id: "head", labelKey: "face.group.head", labels: { EN: "Head", ZH_CN: "头部", ZH_TN: "頭部" } },
  { id: "face", labelKey: "face.group.face", labels: { EN: "Face", ZH_CN: "脸型", ZH_TN: "臉型" } },
  { id: "mouth", labelKey: "face.group.mouth", labels: { EN: "Mouth", ZH_CN: "嘴巴", ZH_TN: "嘴巴" } },
  { id: "teeth", labelKey: "face.group.teeth", labels: { EN: "Teeth", ZH_CN: "牙齿", ZH_TN: "牙齒" } },
  { id: "nose", labelKey: "face.group.nose", labels: { EN: "Nose", ZH_CN: "鼻子", ZH_TN: "鼻子" } },
  { id: "eye", labelKey: "face.group.eye", labels: { EN: "Eyes", ZH_CN: "眼睛", ZH_TN: "眼睛" } },
  { id: "ears", labelKey: "face.group.ears", labels: { EN: "Ears", ZH_CN: "耳朵", ZH_TN: "耳朵" } },
  { id: "eyebrow", labelKey: "face.group.eyebrow", labels: { EN: "Eyebrows", ZH_CN: "眉毛", ZH_TN: "眉毛" } },
  { id: "chin", labelKey: "face.group.chin", labels: { EN: "Chin", ZH_CN: "下巴", ZH_TN: "下巴" } },
  { id: "mandible", labelKey: "face.group.mandible", labels: { EN: "Jaw", ZH_CN: "下颌", ZH_TN: "下頜" } },
] as const satisfies readonly { id: string; labelKey: string; labels: Labels }[];

export type FaceGroupId = (typeof FACE_GROUPS)[number]["id"];

const e = (center: [number, number, number], radii: [number, number, number]): Ellipsoid => ({ center, radii });
/** The same ellipsoid on both sides of the face. */
const pair = (center: [number, number, number], radii: [number, number, number]): Ellipsoid[] => [
  e(center, radii),
  e([-center[0], center[1], center[2]], radii),
];

// landmark neighbourhoods shared by several sliders (both base shapes fit inside)
const HEAD = e([0, 0.02, -0.01], [0.17, 0.2, 0.2]);
const FRONT = e([0, -0.03, 0.075], [0.1, 0.1, 0.075]);
const MOUTH = e([0, -0.058, 0.085], [0.045, 0.024, 0.035]);
const INSIDE = e([0, -0.06, 0.062], [0.04, 0.028, 0.035]);
const NOSE = e([0, -0.012, 0.094], [0.03, 0.045, 0.036]);
const EYE = pair([0.0315, 0.0105, 0.06], [0.026, 0.021, 0.03]);
const BROW = pair([0.033, 0.042, 0.072], [0.036, 0.019, 0.032]);
const CHIN = e([0, -0.1, 0.06], [0.04, 0.036, 0.045]);

interface SliderDef {
  id: string;
  labels: Labels;
  region: Ellipsoid[];
  /** What +1 does; -1 does the opposite. */
  plus: string;
}

const group = <G extends FaceGroupId, const S extends readonly SliderDef[]>(g: G, sliders: S) =>
  sliders.map((s) => ({ ...s, group: g, labelKey: `face.slider.${s.id}` })) as {
    [K in keyof S]: S[K] & { group: G; labelKey: `face.slider.${S[K]["id"]}` };
  };

export const FACE_SLIDERS = [
  ...group("head", [
    {
      id: "head.craniumHeight",
      labels: { EN: "Cranium height", ZH_CN: "颅顶高度", ZH_TN: "顱頂高度" },
      region: [e([0, 0.1, -0.01], [0.15, 0.12, 0.17])],
      plus: "taller crown",
    },
    {
      id: "head.width",
      labels: { EN: "Head width", ZH_CN: "头部宽度", ZH_TN: "頭部寬度" },
      region: [HEAD],
      plus: "wider head",
    },
    {
      id: "head.upperWidth",
      labels: { EN: "Upper head width", ZH_CN: "头部上宽", ZH_TN: "頭部上寬" },
      region: [e([0, 0.08, -0.01], [0.16, 0.12, 0.17])],
      plus: "wider upper head",
    },
    {
      id: "head.lowerWidth",
      labels: { EN: "Lower head width", ZH_CN: "头部下宽", ZH_TN: "頭部下寬" },
      region: [e([0, -0.05, 0.0], [0.13, 0.08, 0.14])],
      plus: "wider lower head",
    },
    {
      id: "head.backFlatten",
      labels: { EN: "Back of head", ZH_CN: "后脑扁平", ZH_TN: "後腦扁平" },
      region: [e([0, 0.03, -0.1], [0.14, 0.16, 0.1])],
      plus: "flatter back of head",
    },
    {
      id: "head.size",
      labels: { EN: "Head size", ZH_CN: "头部大小", ZH_TN: "頭部大小" },
      region: [e([0, 0.0, 0.0], [0.2, 0.28, 0.22])],
      plus: "larger head",
    },
  ]),
  ...group("face", [
    {
      id: "face.angle",
      labels: { EN: "Face angle", ZH_CN: "脸部倾角", ZH_TN: "臉部傾角" },
      region: [FRONT],
      plus: "lower face tilts forward",
    },
    {
      id: "face.depth",
      labels: { EN: "Face depth", ZH_CN: "脸部深度", ZH_TN: "臉部深度" },
      region: [FRONT],
      plus: "deeper, more prominent face",
    },
    {
      id: "face.length",
      labels: { EN: "Face length", ZH_CN: "脸部长度", ZH_TN: "臉部長度" },
      region: [e([0, -0.075, 0.035], [0.1, 0.075, 0.09])],
      plus: "longer face",
    },
    {
      id: "face.lower",
      labels: { EN: "Lower face", ZH_CN: "下庭", ZH_TN: "下庭" },
      region: [e([0, -0.08, 0.05], [0.075, 0.05, 0.065])],
      plus: "fuller lower face",
    },
    {
      id: "face.upper",
      labels: { EN: "Upper face", ZH_CN: "上庭", ZH_TN: "上庭" },
      region: [e([0, 0.06, 0.06], [0.09, 0.05, 0.06])],
      plus: "more prominent upper face",
    },
    {
      id: "face.middle",
      labels: { EN: "Middle face", ZH_CN: "中庭", ZH_TN: "中庭" },
      region: [e([0, -0.012, 0.06], [0.09, 0.036, 0.065])],
      plus: "fuller mid-face",
    },
    {
      id: "face.cheeks",
      labels: { EN: "Cheeks", ZH_CN: "脸颊", ZH_TN: "臉頰" },
      region: pair([0.048, -0.035, 0.045], [0.034, 0.034, 0.04]),
      plus: "fuller cheeks",
    },
    {
      id: "face.forehead",
      labels: { EN: "Forehead", ZH_CN: "额头", ZH_TN: "額頭" },
      region: [e([0, 0.075, 0.065], [0.08, 0.05, 0.05])],
      plus: "rounder, fuller forehead",
    },
  ]),
  ...group("mouth", [
    {
      id: "mouth.lipLine",
      labels: { EN: "Lip line", ZH_CN: "唇线", ZH_TN: "唇線" },
      region: [MOUTH],
      plus: "mouth sits higher",
    },
    {
      id: "mouth.lowerLip",
      labels: { EN: "Lower lip", ZH_CN: "下唇", ZH_TN: "下唇" },
      region: [MOUTH],
      plus: "fuller lower lip",
    },
    {
      id: "mouth.upperLip",
      labels: { EN: "Upper lip", ZH_CN: "上唇", ZH_TN: "上唇" },
      region: [MOUTH],
      plus: "fuller upper lip",
    },
    {
      id: "mouth.peaks",
      labels: { EN: "Lip peaks", ZH_CN: "唇峰", ZH_TN: "唇峰" },
      region: [MOUTH],
      plus: "higher lip peaks",
    },
    {
      id: "mouth.width",
      labels: { EN: "Mouth width", ZH_CN: "嘴巴宽度", ZH_TN: "嘴巴寬度" },
      region: [MOUTH],
      plus: "wider mouth",
    },
    {
      id: "mouth.corners",
      labels: { EN: "Mouth corners", ZH_CN: "嘴角", ZH_TN: "嘴角" },
      region: pair([0.024, -0.056, 0.075], [0.016, 0.015, 0.025]),
      plus: "corners turn up",
    },
    {
      id: "mouth.centerLips",
      labels: { EN: "Centre lips", ZH_CN: "唇中", ZH_TN: "唇中" },
      region: [e([0, -0.058, 0.088], [0.02, 0.018, 0.025])],
      plus: "centre of the lips forward",
    },
  ]),
  ...group("teeth", [
    {
      id: "teeth.size",
      labels: { EN: "Teeth size", ZH_CN: "牙齿大小", ZH_TN: "牙齒大小" },
      region: [INSIDE],
      plus: "larger teeth",
    },
    {
      id: "teeth.protrusion",
      labels: { EN: "Teeth protrusion", ZH_CN: "牙齿前突", ZH_TN: "牙齒前突" },
      region: [INSIDE],
      plus: "teeth further forward",
    },
  ]),
  ...group("nose", [
    {
      id: "nose.scale",
      labels: { EN: "Nose size", ZH_CN: "鼻子大小", ZH_TN: "鼻子大小" },
      region: [NOSE],
      plus: "larger nose",
    },
    {
      id: "nose.style",
      labels: { EN: "Nose tip", ZH_CN: "鼻型", ZH_TN: "鼻型" },
      region: [e([0, -0.026, 0.097], [0.02, 0.016, 0.02])],
      plus: "tip turns up",
    },
    {
      id: "nose.bridge",
      labels: { EN: "Nose bridge", ZH_CN: "鼻梁", ZH_TN: "鼻樑" },
      region: [e([0, 0.0, 0.09], [0.014, 0.03, 0.022])],
      plus: "higher bridge",
    },
    {
      id: "nose.nostrils",
      labels: { EN: "Nostrils", ZH_CN: "鼻孔", ZH_TN: "鼻孔" },
      region: pair([0.008, -0.032, 0.088], [0.009, 0.008, 0.012]),
      plus: "larger nostrils",
    },
    {
      id: "nose.wings",
      labels: { EN: "Nose wings", ZH_CN: "鼻翼", ZH_TN: "鼻翼" },
      region: pair([0.012, -0.03, 0.084], [0.013, 0.013, 0.016]),
      plus: "wider nose wings",
    },
  ]),
  ...group("eye", [
    {
      id: "eye.size",
      labels: { EN: "Eye size", ZH_CN: "眼睛大小", ZH_TN: "眼睛大小" },
      region: EYE,
      plus: "larger eyes",
    },
    { id: "eye.lids", labels: { EN: "Eyelids", ZH_CN: "眼睑", ZH_TN: "眼瞼" }, region: EYE, plus: "lids open wider" },
    {
      id: "eye.height",
      labels: { EN: "Eye height", ZH_CN: "眼睛上下", ZH_TN: "眼睛上下" },
      region: EYE,
      plus: "eyes higher",
    },
    {
      id: "eye.spacing",
      labels: { EN: "Eye spacing", ZH_CN: "眼距", ZH_TN: "眼距" },
      region: EYE,
      plus: "eyes further apart",
    },
    {
      id: "eye.inner",
      labels: { EN: "Inner corners", ZH_CN: "内眼角", ZH_TN: "內眼角" },
      region: EYE,
      plus: "inner corners reach toward the nose",
    },
    {
      id: "eye.droop",
      labels: { EN: "Eye droop", ZH_CN: "眼角下垂", ZH_TN: "眼角下垂" },
      region: EYE,
      plus: "outer corners droop",
    },
    {
      id: "eye.lacrimal",
      labels: { EN: "Tear duct", ZH_CN: "泪腺", ZH_TN: "淚腺" },
      region: EYE,
      plus: "inner corners lower",
    },
    {
      id: "eye.outer",
      labels: { EN: "Outer corners", ZH_CN: "外眼角", ZH_TN: "外眼角" },
      region: EYE,
      plus: "outer corners reach further out",
    },
  ]),
  ...group("ears", [
    {
      id: "ears.size",
      labels: { EN: "Ear size", ZH_CN: "耳朵大小", ZH_TN: "耳朵大小" },
      region: pair([0.074, -0.005, -0.015], [0.04, 0.05, 0.04]),
      plus: "larger ears",
    },
    {
      id: "ears.angle",
      labels: { EN: "Ear angle", ZH_CN: "耳朵角度", ZH_TN: "耳朵角度" },
      region: pair([0.074, -0.005, -0.015], [0.04, 0.05, 0.04]),
      plus: "ears stand out more",
    },
  ]),
  ...group("eyebrow", [
    {
      id: "eyebrow.height",
      labels: { EN: "Eyebrow height", ZH_CN: "眉毛高度", ZH_TN: "眉毛高度" },
      region: BROW,
      plus: "brows higher",
    },
    {
      id: "eyebrow.angle",
      labels: { EN: "Eyebrow angle", ZH_CN: "眉毛角度", ZH_TN: "眉毛角度" },
      region: BROW,
      plus: "outer ends higher",
    },
    {
      id: "eyebrow.thickness",
      labels: { EN: "Eyebrow thickness", ZH_CN: "眉毛粗细", ZH_TN: "眉毛粗細" },
      region: BROW,
      plus: "thicker brows",
    },
    {
      id: "eyebrow.arch",
      labels: { EN: "Eyebrow arch", ZH_CN: "眉峰弧度", ZH_TN: "眉峰弧度" },
      region: BROW,
      plus: "more arched brows",
    },
  ]),
  ...group("chin", [
    {
      id: "chin.length",
      labels: { EN: "Chin length", ZH_CN: "下巴长度", ZH_TN: "下巴長度" },
      region: [CHIN],
      plus: "longer chin",
    },
    {
      id: "chin.width",
      labels: { EN: "Chin width", ZH_CN: "下巴宽度", ZH_TN: "下巴寬度" },
      region: [CHIN],
      plus: "wider chin",
    },
    {
      id: "chin.protrusion",
      labels: { EN: "Chin protrusion", ZH_CN: "下巴前突", ZH_TN: "下巴前突" },
      region: [CHIN],
      plus: "chin further forward",
    },
  ]),
  ...group("mandible", [
    {
      id: "mandible.width",
      labels: { EN: "Jaw width", ZH_CN: "下颌宽度", ZH_TN: "下頜寬度" },
      region: pair([0.05, -0.06, 0.0], [0.04, 0.045, 0.055]),
      plus: "wider jaw",
    },
    {
      id: "mandible.angle",
      labels: { EN: "Jaw angle", ZH_CN: "下颌角", ZH_TN: "下頜角" },
      region: pair([0.05, -0.06, 0.0], [0.04, 0.045, 0.055]),
      plus: "lower, more defined jaw angle",
    },
    {
      id: "mandible.taper",
      labels: { EN: "Jaw taper", ZH_CN: "下颌收窄", ZH_TN: "下頜收窄" },
      // the jaw's angle alone, below the cheek and behind the chin: with `mandible.width` and
      // `chin.width` it draws the line from cheek to chin straighter (a "V-line"; decision 010, "A jaw
      // that tapers")
      region: pair([0.05, -0.07, 0.01], [0.04, 0.035, 0.05]),
      plus: "jaw's angle tucked in",
    },
  ]),
] as const;

export type FaceSlider = (typeof FACE_SLIDERS)[number];
export type FaceSliderId = FaceSlider["id"];
export const FACE_SLIDER_IDS = FACE_SLIDERS.map((s) => s.id) as FaceSliderId[];
