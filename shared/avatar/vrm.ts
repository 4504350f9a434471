/**
 * VRM 1.0 from the bust's GLB (docs/decisions/034-avatar-export.md): the same glTF with the
 * `VRMC_vrm` extension written onto its JSON (meta, a humanoid skeleton of nodes, the preset
 * expressions bound to the ARKit morph targets, every ARKit and viseme target as a custom
 * expression, expression-driven look-at) and, for cartoon avatars, `VRMC_materials_mtoon` on every
 * textured material. The mesh is skinned to the chest, neck and head bones (`bustSkin`), so a
 * tracker turning the head bone turns the head on the neck while the shoulders stay: the BIN chunk
 * gains each primitive's joints and weights and the skin's inverse bind matrices. Given the arms in
 * a T-pose (decision 043), the humanoid's arm bones stand at their joints and move them.
 */
import { VISEMES } from "./expressions.ts";
import { BinWriter, packGlb } from "./gltf.ts";
import { smoothstep } from "./math.ts";
import type { AvatarPrimitive } from "./mesh.ts";
import { readGlbBin, readGlbJson } from "./read-glb.ts";
import { BONES, type Rig } from "./rig.ts";

export interface VrmMeta {
  name: string;
  authors: string[];
  version?: string;
  copyrightInformation?: string;
}

export interface VrmOptions {
  meta: VrmMeta;
  /** Cartoon style: MToon on every textured material. */
  toon?: boolean;
  /**
   * The half-body's arms in a T-pose (rig.ts, `applyPose(mesh, "T")`): the humanoid's arm bones
   * stand at its joints and carry the arm vertices by its weights (one skin per GLB primitive, in
   * order). Without it the arms hang from the chest.
   */
  arms?: { rig: Rig; skins: readonly (AvatarPrimitive["skin"] | undefined)[] };
}

type Json = Record<string, unknown>;
type Vec3 = readonly [number, number, number];

/** Where the bust's origin (the head's centre, decision 009) stands in the VRM: a person about 1.6 m tall, feet at y = 0. */
export const BUST_ORIGIN_HEIGHT = 1.45;

/**
 * The humanoid skeleton: every bone VRM 1.0 requires plus chest, neck and shoulders, in T-pose,
 * facing +z with the model's left at +x (VRM 1.0's frame and ours alike). Positions are in the
 * VRM frame; parents come before children. The bust has no legs or arms: those bones stand where
 * a body would have them, so animation retargeting finds a complete humanoid.
 */
const SKELETON: readonly (readonly [bone: string, parent: string | null, at: Vec3])[] = [
  ["hips", null, [0, 0.95, 0]],
  ["spine", "hips", [0, 1.05, 0]],
  ["chest", "spine", [0, 1.18, 0]],
  ["neck", "chest", [0, 1.32, 0]],
  ["head", "neck", [0, 1.39, 0]],
  ...(["left", "right"] as const).flatMap((side) => {
    const s = side === "left" ? 1 : -1;
    return [
      [`${side}Shoulder`, "chest", [0.03 * s, 1.29, 0]],
      [`${side}UpperArm`, `${side}Shoulder`, [0.16 * s, 1.28, 0]],
      [`${side}LowerArm`, `${side}UpperArm`, [0.42 * s, 1.28, 0]],
      [`${side}Hand`, `${side}LowerArm`, [0.66 * s, 1.28, 0]],
      [`${side}UpperLeg`, "hips", [0.09 * s, 0.9, 0]],
      [`${side}LowerLeg`, `${side}UpperLeg`, [0.09 * s, 0.5, 0]],
      [`${side}Foot`, `${side}LowerLeg`, [0.09 * s, 0.08, 0]],
    ] as const;
  }),
];

/** The bones VRM 1.0 requires (the spec's humanoid section). */
export const VRM_REQUIRED_BONES = [
  "hips",
  "spine",
  "head",
  ...["left", "right"].flatMap((s) =>
    ["UpperLeg", "LowerLeg", "Foot", "UpperArm", "LowerArm", "Hand"].map((b) => `${s}${b}`),
  ),
] as const;

/**
 * Which bones move the bust, by height in the bust's own frame (the head's centre at 0): the head
 * bone everything from the jaw up, the neck bone the neck, blending into the chest at the collar.
 * The same heights as the preview's head bend (web/three/plan/headBend.ts: whole above -0.065,
 * nothing below -0.195), so an exported avatar turns its head as it does in the plan. The arms
 * hang from the chest: they are not in the T-pose the arm bones stand in, so they follow the chest
 * rather than bones a VRM application would swing down by a T-pose's 70°.
 */
export const SKIN_HEIGHTS = { chestTop: -0.195, neckTop: -0.13, headFrom: -0.065 } as const;

/** The chest, neck and head weights of a point at height `y` (bust frame); they sum to 1. */
export function bustSkin(y: number): { chest: number; neck: number; head: number } {
  const moved = smoothstep(SKIN_HEIGHTS.chestTop, SKIN_HEIGHTS.neckTop, y);
  const head = smoothstep(SKIN_HEIGHTS.neckTop, SKIN_HEIGHTS.headFrom, y);
  return { chest: 1 - moved, neck: moved - head, head };
}

/** The eyes, from the head bone (the look-at origin). */
const EYE_OFFSET: Vec3 = [0, BUST_ORIGIN_HEIGHT + 0.011 - 1.39, 0.06];

const both = (name: string, w: number): Record<string, number> => ({ [`${name}Left`]: w, [`${name}Right`]: w });

/** VRM 1.0's preset expressions as mixes of the ARKit morph targets (the mouth shapes from VISEMES). */
export const VRM_PRESETS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  happy: { ...both("mouthSmile", 1), ...both("cheekSquint", 0.6), ...both("eyeSquint", 0.4) },
  angry: { ...both("browDown", 1), ...both("noseSneer", 0.5), ...both("mouthFrown", 0.6), ...both("eyeSquint", 0.3) },
  sad: { browInnerUp: 0.9, ...both("mouthFrown", 0.8), mouthShrugLower: 0.3 },
  relaxed: { ...both("mouthSmile", 0.45), ...both("eyeBlink", 0.3) },
  surprised: { browInnerUp: 1, ...both("browOuterUp", 1), ...both("eyeWide", 1), jawOpen: 0.4 },
  aa: VISEMES.viseme_aa ?? {},
  ih: VISEMES.viseme_I ?? {},
  ou: VISEMES.viseme_U ?? {},
  ee: VISEMES.viseme_E ?? {},
  oh: VISEMES.viseme_O ?? {},
  blink: both("eyeBlink", 1),
  blinkLeft: { eyeBlinkLeft: 1 },
  blinkRight: { eyeBlinkRight: 1 },
  lookUp: both("eyeLookUp", 1),
  lookDown: both("eyeLookDown", 1),
  // the model's left is +x: its left eye looks out, its right eye in
  lookLeft: { eyeLookOutLeft: 1, eyeLookInRight: 1 },
  lookRight: { eyeLookInLeft: 1, eyeLookOutRight: 1 },
  neutral: {},
};

/** MToon over the toon atlas: the atlas already holds the cel bands, MToon adds a light shade and an outline. */
function mtoon(material: Json): Json {
  const texture = (material.pbrMetallicRoughness as Json | undefined)?.baseColorTexture as Json | undefined;
  // thin sheets (hair locks, lashes) and the small eye parts would only show an outline as noise
  const outlined = material.name === "skin" || material.name === "clothing";
  return {
    specVersion: "1.0",
    transparentWithZWrite: false,
    renderQueueOffsetNumber: 0,
    shadeColorFactor: [0.8, 0.76, 0.78],
    ...(texture ? { shadeMultiplyTexture: { index: texture.index } } : {}),
    shadingShiftFactor: -0.1,
    shadingToonyFactor: 0.95,
    giEqualizationFactor: 0.9,
    matcapFactor: [0, 0, 0],
    parametricRimColorFactor: [0, 0, 0],
    rimLightingMixFactor: 1,
    parametricRimFresnelPowerFactor: 5,
    parametricRimLiftFactor: 0,
    outlineWidthMode: outlined ? "worldCoordinates" : "none",
    outlineWidthFactor: outlined ? 0.0008 : 0,
    outlineColorFactor: [0.12, 0.09, 0.09],
    outlineLightingMixFactor: 1,
  };
}

/** The VRM 1.0 of a bust GLB written by exportGlb (one mesh on node 0, its target names in mesh.extras). */
export function toVrm(glb: Uint8Array, options: VrmOptions): Uint8Array {
  const json = readGlbJson(glb);
  const bin = readGlbBin(glb);
  const nodes = json.nodes as Json[];
  const mesh = (json.meshes as Json[])[0];
  const targetNames = ((mesh?.extras as Json | undefined)?.targetNames ?? []) as string[];
  const meshNode = nodes.findIndex((n) => n.mesh === 0);
  if (meshNode < 0) throw new Error("no mesh node");

  // the skeleton: translations relative to the parent, the bust hung from the head; with the
  // arms in a T-pose, their bones at the arms' own joints
  const armAt = new Map<string, Vec3>();
  for (const b of options.arms?.rig.bones ?? [])
    if (b.name !== "chest") armAt.set(b.name, [b.pivot[0], b.pivot[1] + BUST_ORIGIN_HEIGHT, b.pivot[2]]);
  const boneNode = new Map<string, number>();
  const at = new Map<string, Vec3>();
  for (const [bone, parent, standard] of SKELETON) {
    const position = armAt.get(bone) ?? standard;
    const base = parent ? (at.get(parent) as Vec3) : [0, 0, 0];
    const index = nodes.push({ name: bone, translation: position.map((v, k) => round(v - (base[k] as number))) }) - 1;
    boneNode.set(bone, index);
    at.set(bone, position);
    if (parent) {
      const p = nodes[boneNode.get(parent) as number] as Json;
      p.children = [...((p.children as number[] | undefined) ?? []), index];
    }
  }
  // the skin: the mesh stands at the scene's root (a skinned mesh's own transform is ignored) and
  // each joint's inverse bind matrix also lifts the bust's frame to the VRM's
  const views = json.bufferViews as Json[];
  const accessors = json.accessors as Json[];
  const writer = new BinWriter(views, bin.byteLength);
  const joints = SKELETON.map(([bone]) => bone);
  const inverseBind = new Float32Array(joints.length * 16);
  joints.forEach((bone, j) => {
    const p = at.get(bone) as Vec3;
    const m = inverseBind.subarray(j * 16, j * 16 + 16);
    m[0] = m[5] = m[10] = m[15] = 1;
    m[12] = -p[0];
    m[13] = BUST_ORIGIN_HEIGHT - p[1];
    m[14] = -p[2];
  });
  const ibm =
    accessors.push({ bufferView: writer.view(inverseBind), componentType: 5126, count: joints.length, type: "MAT4" }) -
    1;
  const slot = { chest: joints.indexOf("chest"), neck: joints.indexOf("neck"), head: joints.indexOf("head") };
  // the rig's bones (rig.ts BONES) as the humanoid's joints: its chest is the humanoid's chest
  const armJoint = BONES.map((name) => (name === "chest" ? slot.chest : joints.indexOf(name)));
  ((mesh as Json).primitives as Json[]).forEach((primitive, pi) => {
    const armSkin = options.arms?.skins[pi];
    const attributes = primitive.attributes as Json;
    const positions = readVec3(bin, views, accessors[attributes.POSITION as number] as Json);
    const count = positions.length / 3;
    const jointIds = new Uint8Array(count * 4);
    const weights = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) {
      if (armSkin && armOf(armSkin, v)) {
        // an arm's vertex: the arm bones (and the chest, at the shoulder) as the rig weighs it
        let k = 0;
        for (let i = 0; i < 4; i++) {
          const weight = armSkin.weights[v * 4 + i] as number;
          // only the bones that weigh on it (glTF wants an unused slot at joint 0, weight 0)
          if (weight <= 0) continue;
          jointIds[v * 4 + k] = armJoint[armSkin.joints[v * 4 + i] as number] as number;
          weights[v * 4 + k] = weight;
          k++;
        }
        continue;
      }
      const w = bustSkin(positions[v * 3 + 1] as number);
      // the bones that weigh on it (head, neck, chest); unused slots joint 0 with weight 0
      const used = (
        [
          [slot.head, w.head],
          [slot.neck, w.neck],
          [slot.chest, w.chest],
        ] as const
      ).filter(([, weight]) => weight > 0);
      used.forEach(([joint, weight], k) => {
        jointIds[v * 4 + k] = joint;
        weights[v * 4 + k] = weight;
      });
    }
    attributes.JOINTS_0 =
      accessors.push({ bufferView: writer.view(jointIds, 34962), componentType: 5121, count, type: "VEC4" }) - 1;
    attributes.WEIGHTS_0 =
      accessors.push({ bufferView: writer.view(weights, 34962), componentType: 5126, count, type: "VEC4" }) - 1;
  });
  json.skins = [
    {
      name: "bust",
      joints: joints.map((bone) => boneNode.get(bone)),
      inverseBindMatrices: ibm,
      skeleton: boneNode.get("hips"),
    },
  ];
  const meshJson = nodes[meshNode] as Json;
  delete meshJson.translation;
  meshJson.skin = 0;
  json.scenes = [{ nodes: [boneNode.get("hips"), meshNode] }];

  const bind = (mix: Readonly<Record<string, number>>) =>
    Object.entries(mix).map(([name, weight]) => {
      const index = targetNames.indexOf(name);
      if (index < 0) throw new Error(`the mesh has no morph target ${name}`);
      return { node: meshNode, index, weight };
    });
  const expression = (mix: Readonly<Record<string, number>>) => ({
    morphTargetBinds: bind(mix),
    isBinary: false,
    overrideBlink: "none",
    overrideLookAt: "none",
    overrideMouth: "none",
  });
  const custom: Json = {};
  for (const name of targetNames) {
    // the face sliders are baked into an export; expressions and visemes stay as targets
    if (!name.includes(".") && !(name in VRM_PRESETS)) custom[name] = expression({ [name]: 1 });
  }

  const range = { inputMaxValue: 90, outputScale: 1 };
  const vrm = {
    specVersion: "1.0",
    meta: {
      name: options.meta.name,
      ...(options.meta.version ? { version: options.meta.version } : {}),
      authors: options.meta.authors,
      ...(options.meta.copyrightInformation ? { copyrightInformation: options.meta.copyrightInformation } : {}),
      licenseUrl: "https://vrm.dev/licenses/1.0/",
      avatarPermission: "onlyAuthor",
      allowExcessivelyViolentUsage: false,
      allowExcessivelySexualUsage: false,
      commercialUsage: "personalNonProfit",
      allowPoliticalOrReligiousUsage: false,
      allowAntisocialOrHateUsage: false,
      creditNotation: "required",
      allowRedistribution: false,
      modification: "prohibited",
    },
    humanoid: { humanBones: Object.fromEntries([...boneNode].map(([bone, node]) => [bone, { node }])) },
    firstPerson: { meshAnnotations: [{ node: meshNode, type: "thirdPersonOnly" }] },
    lookAt: {
      offsetFromHeadBone: EYE_OFFSET.map(round),
      type: "expression",
      rangeMapHorizontalInner: range,
      rangeMapHorizontalOuter: range,
      rangeMapVerticalDown: range,
      rangeMapVerticalUp: range,
    },
    expressions: {
      preset: Object.fromEntries(Object.entries(VRM_PRESETS).map(([name, mix]) => [name, expression(mix)])),
      custom,
    },
  };

  const used = new Set((json.extensionsUsed as string[] | undefined) ?? []);
  used.add("VRMC_vrm");
  if (options.toon) {
    for (const material of json.materials as Json[]) {
      material.extensions = {
        ...((material.extensions as Json | undefined) ?? {}),
        VRMC_materials_mtoon: mtoon(material),
      };
    }
    used.add("VRMC_materials_mtoon");
  }
  json.extensionsUsed = [...used];
  json.extensions = { ...((json.extensions as Json | undefined) ?? {}), VRMC_vrm: vrm };
  (json.buffers as Json[])[0] = { byteLength: writer.length };
  return packGlb(json, [bin, ...writer.parts], writer.length);
}

/** Whether the rig moves vertex v by an arm's bone (not the chest alone). */
function armOf(skin: NonNullable<AvatarPrimitive["skin"]>, v: number): boolean {
  for (let k = 0; k < 4; k++) if ((skin.weights[v * 4 + k] as number) > 0 && skin.joints[v * 4 + k] !== 0) return true;
  return false;
}

/** A dense float VEC3 accessor's values, read from the BIN chunk. */
function readVec3(bin: Uint8Array, views: Json[], accessor: Json): Float32Array {
  const view = views[accessor.bufferView as number] as Json;
  const start = ((view.byteOffset as number | undefined) ?? 0) + ((accessor.byteOffset as number | undefined) ?? 0);
  const count = (accessor.count as number) * 3;
  const dv = new DataView(bin.buffer, bin.byteOffset + start, count * 4);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = dv.getFloat32(i * 4, true);
  return out;
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;
