/** Assemble the bust from its parts and sample every morph target. */
import { type AvatarStyle, anatomyFor } from "./anatomy.ts";
import { bounds, type Field, type FieldContext, type PartSample, regionWeight, sampleField } from "./deform.ts";
import { EXPRESSIONS, VISEMES } from "./expressions.ts";
import { hairStyleOf, type LookShapes } from "./look.ts";
import type { Vec3 } from "./math.ts";
import type { AvatarMesh, AvatarPrimitive, PartBuilder, PartId } from "./mesh.ts";
import { computeNormals } from "./mesh.ts";
import { type Colors, materialsFor } from "./palette.ts";
import { buildBeard, shadeStubble } from "./parts/beard.ts";
import { buildBody } from "./parts/body.ts";
import { buildBrows } from "./parts/brows.ts";
import { buildEars } from "./parts/ears.ts";
import { buildEyes } from "./parts/eyes.ts";
import { buildGlasses, FOLLOW, type GlassesBuild } from "./parts/glasses.ts";
import { buildHair } from "./parts/hair.ts";
import { HeadShape } from "./parts/head.ts";
import { buildMouth, mouthFrame } from "./parts/mouth.ts";
import { buildSkin } from "./parts/skin.ts";
import { rigOf } from "./rig.ts";
import { SLIDER_FIELDS } from "./slider-fields.ts";
import { FACE_SLIDER_IDS } from "./sliders.ts";
import { toonWarp, warpMesh } from "./stylise.ts";
import { skinRoughness, skinZones } from "./zones.ts";

/** Smallest move (metres, summed over axes) worth storing: a thousandth of a millimetre. */
const EPS = 1e-6;

/** The parts inside the mouth. */
const INSIDE: readonly PartId[] = ["teeth", "tongue", "mouth"];

/**
 * A face slider that reshapes the skin around the mouth without being about the lips' own shape:
 * the face's proportions, and the height of the lip line (the mouth moves up or down as a whole).
 * The lips' fullness, width and corners leave the teeth where they are.
 */
const SHAPES_THE_FACE = (name: string, field: Field) =>
  (/^(head|face)\./.test(name) || name === "mouth.lipLine") && field.parts.includes("skin");

/**
 * The inside of the mouth as the face's surface in front of it: each vertex moved forward onto the
 * lips' plane, read as skin. A field sampled there moves the inside as it moves the lips.
 */
function faceInFront(s: PartSample, lipsZ: number): PartSample {
  const onFace = (points: ArrayLike<number>) => {
    const out = new Float32Array(points);
    for (let i = 2; i < out.length; i += 3) out[i] = lipsZ;
    return out;
  };
  const anchors = onFace(s.anchors);
  return {
    part: "skin",
    positions: onFace(s.positions),
    anchors,
    sides: new Int8Array(s.sides.length),
    box: bounds(anchors),
  };
}

function keepInside(deltas: Float32Array, anchors: ArrayLike<number>, field: Field): void {
  for (let i = 0; i < deltas.length; i += 3) {
    const a: Vec3 = [anchors[i] as number, anchors[i + 1] as number, anchors[i + 2] as number];
    if (regionWeight(a, field.region, field.core ?? 0.35) > 0) continue;
    deltas[i] = 0;
    deltas[i + 1] = 0;
    deltas[i + 2] = 0;
  }
}

/** A part's bones as glTF's four joints and weights per vertex; none if the chest carries all of it. */
function skinOf(b: PartBuilder): { skin?: AvatarPrimitive["skin"] } {
  const n = b.count;
  if (!b.bones.some((v, i) => i % 3 !== 2 && v !== 0)) return {};
  const joints = new Uint8Array(n * 4);
  const weights = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    const a = b.bones[i * 3] as number;
    const c = b.bones[i * 3 + 1] as number;
    const w = a === c ? 0 : (b.bones[i * 3 + 2] as number);
    // a bone that does not weigh on the vertex is left out (joint 0, weight 0), as glTF wants
    if (w >= 1) {
      joints[i * 4] = c;
      weights[i * 4] = 1;
    } else {
      joints[i * 4] = a;
      weights[i * 4] = 1 - w;
      if (w > 0) {
        joints[i * 4 + 1] = c;
        weights[i * 4 + 1] = w;
      }
    }
  }
  return { skin: { joints, weights } };
}

/**
 * The glasses' morph targets: the face sliders' deltas at the skin points the frame rests on,
 * blended per vertex (parts/glasses.ts). Expressions leave the frame where it is.
 */
function glassesTargets(
  g: GlassesBuild,
  ctx: FieldContext,
  { count, follow }: { count: number; follow: readonly number[] },
): Record<string, Float32Array> {
  const flat = g.points.flat();
  const sample: PartSample = {
    part: "skin",
    positions: flat,
    anchors: flat,
    sides: new Int8Array(g.points.length),
    box: bounds(flat),
  };
  const targets: Record<string, Float32Array> = {};
  for (const id of FACE_SLIDER_IDS) {
    const at = sampleField(SLIDER_FIELDS[id], ctx, sample, EPS);
    if (!at) continue;
    const out = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) {
      for (let f = 0; f < FOLLOW; f++) {
        const point = follow[(i * FOLLOW + f) * 2] as number;
        const w = follow[(i * FOLLOW + f) * 2 + 1] as number;
        if (w === 0) continue;
        for (let k = 0; k < 3; k++) out[i * 3 + k] = (out[i * 3 + k] as number) + (at[point * 3 + k] as number) * w;
      }
    }
    targets[id] = out;
  }
  return targets;
}

/**
 * The bust of a sex in a style. The toon style is built from its own anatomy (anatomy.ts) and then
 * given its proportions (stylise.ts); `proportions: false` leaves that last step out (tests). A
 * bust wears the cut `hair` (each sex's own where none is named): anime shapes in the toon style,
 * realistic locks in the other; and the `glasses` and `beard` named (none where none is).
 */
export function assemble(
  sex: 1 | 2,
  colors: Colors,
  style: AvatarStyle = "realistic",
  { proportions = true, hair, glasses, beard }: { proportions?: boolean } & LookShapes = {},
): AvatarMesh {
  const anatomy = anatomyFor(sex, style);
  const shape = new HeadShape(anatomy);
  const { skin, lips, rows: skinRows } = buildSkin(shape);
  const eyes = buildEyes(shape);
  const inside = buildMouth(shape);
  const body = buildBody(shape);
  const frame = glasses ? buildGlasses(shape, glasses, style === "toon") : null;
  const facialHair = beard
    ? buildBeard(shape, beard, style === "toon", { rows: skinRows, positions: skin.positions })
    : null;
  const builders: PartBuilder[] = [
    skin,
    lips,
    buildEars(shape),
    eyes.sclera,
    eyes.iris,
    eyes.pupil,
    eyes.lashes,
    buildBrows(shape),
    inside.teeth,
    inside.tongue,
    inside.mouth,
    buildHair(shape, hairStyleOf(sex, hair), style === "toon"),
    ...(frame ? [frame.part, frame.lenses] : []),
    ...(facialHair ? [facialHair.part] : []),
    body.clothing,
    body.hands,
  ];
  const zonesFor = (b: PartBuilder, positions: Float32Array): { colors?: Float32Array; roughness?: Float32Array } => {
    if (style !== "realistic") return {};
    let tint = skinZones(anatomy, b.part, positions, b.light);
    if (beard && b.part === "skin") {
      tint ??= new Float32Array(positions.length).fill(1);
      shadeStubble(shape, beard, positions, tint);
    }
    const roughness = skinRoughness(anatomy, b.part, positions);
    return { ...(tint ? { colors: tint } : {}), ...(roughness ? { roughness } : {}) };
  };
  const lipLine = mouthFrame(shape);
  const ctx: FieldContext = { shape, mouthY: lipLine.y, teethFront: lipLine.front };
  const materials = materialsFor(colors, style, { glasses, beard });
  const fields: [string, Field][] = [
    ...FACE_SLIDER_IDS.map((id): [string, Field] => [id, SLIDER_FIELDS[id]]),
    ...Object.entries(EXPRESSIONS),
  ];
  const targetNames = [...fields.map(([n]) => n), ...Object.keys(VISEMES)];
  let vertexCount = 0;
  let triangleCount = 0;
  const primitives: AvatarPrimitive[] = builders.map((b) => {
    const positions = new Float32Array(b.positions);
    const n = positions.length / 3;
    vertexCount += n;
    triangleCount += b.indices.length / 3;
    // the frame and its lenses follow the sliders through the skin they rest on, and no expression (parts/glasses.ts)
    const isFrame = frame !== null && (b === frame.part || b === frame.lenses);
    const targets: Record<string, Float32Array> = isFrame
      ? glassesTargets(frame, ctx, { count: b.count, follow: b === frame.part ? frame.follow : frame.lensFollow })
      : {};
    // the beard is moved as the skin under it is (parts/beard.ts)
    const sample =
      facialHair && b === facialHair.part
        ? {
            part: "skin" as const,
            positions: facialHair.base,
            anchors: facialHair.base,
            sides: b.sides,
            box: bounds(facialHair.base),
          }
        : { part: b.part, positions, anchors: b.anchors, sides: b.sides, box: bounds(b.anchors) };
    const follow = INSIDE.includes(b.part) ? faceInFront(sample, shape.A.mouth.center[2]) : null;
    for (const [name, field] of isFrame ? [] : fields) {
      let out = sampleField(field, ctx, sample, EPS);
      // The inside of the mouth goes where the face in front of it goes: a smaller, flatter or
      // turned face takes its teeth along, so they never come through the lips (tests/unit/avatar/teeth.test.ts).
      if (!out && follow && SHAPES_THE_FACE(name, field)) {
        out = sampleField({ ...field, parts: ["skin"] }, ctx, follow, EPS);
        // still local: nothing moves whose own place is outside the slider's region
        if (out) keepInside(out, b.anchors, field);
      }
      if (out) targets[name] = out;
    }
    for (const [name, mix] of Object.entries(VISEMES)) {
      let out: Float32Array | undefined;
      for (const [expr, w] of Object.entries(mix)) {
        const src = targets[expr];
        if (!src) continue;
        out ??= new Float32Array(n * 3);
        for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) + (src[i] as number) * w;
      }
      if (out) targets[name] = out;
    }
    return {
      name: b.part,
      positions,
      normals: computeNormals(positions, b.indices),
      indices: n < 65536 ? new Uint16Array(b.indices) : new Uint32Array(b.indices),
      material: materials[b.part],
      targets,
      ...skinOf(b),
      ...zonesFor(b, positions),
    };
  });
  const mesh: AvatarMesh = { sex, style, primitives, targetNames, vertexCount, triangleCount, rig: rigOf(anatomy) };
  mesh.hair = hairStyleOf(sex, hair);
  if (glasses) mesh.glasses = glasses;
  if (beard) mesh.beard = beard;
  return style === "toon" && proportions ? warpMesh(mesh, toonWarp(anatomy)) : mesh;
}
