/** Assemble the bust from its parts and sample every morph target. */
import { anatomyFor } from "./anatomy.ts";
import { bounds, type Field, type FieldContext, sampleField } from "./deform.ts";
import { EXPRESSIONS, VISEMES } from "./expressions.ts";
import type { AvatarMesh, AvatarPrimitive, PartBuilder } from "./mesh.ts";
import { computeNormals } from "./mesh.ts";
import { type Colors, materialsFor } from "./palette.ts";
import { buildBody } from "./parts/body.ts";
import { buildBrows } from "./parts/brows.ts";
import { buildEars } from "./parts/ears.ts";
import { buildEyes } from "./parts/eyes.ts";
import { buildHair } from "./parts/hair.ts";
import { HeadShape } from "./parts/head.ts";
import { buildMouth, mouthFrame } from "./parts/mouth.ts";
import { buildSkin } from "./parts/skin.ts";
import { SLIDER_FIELDS } from "./slider-fields.ts";
import { FACE_SLIDER_IDS } from "./sliders.ts";

/** Smallest move (metres, summed over axes) worth storing: a thousandth of a millimetre. */
const EPS = 1e-6;

export function assemble(sex: 1 | 2, colors: Colors): AvatarMesh {
  const shape = new HeadShape(anatomyFor(sex));
  const { skin, lips } = buildSkin(shape);
  const eyes = buildEyes(shape);
  const inside = buildMouth(shape);
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
    buildHair(shape),
    buildBody(shape),
  ];
  const frame = mouthFrame(shape);
  const ctx: FieldContext = { shape, mouthY: frame.y, teethFront: frame.front };
  const materials = materialsFor(colors);
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
    const targets: Record<string, Float32Array> = {};
    const sample = { part: b.part, positions, anchors: b.anchors, sides: b.sides, box: bounds(b.anchors) };
    for (const [name, field] of fields) {
      const out = sampleField(field, ctx, sample, EPS);
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
    };
  });
  return { sex, primitives, targetNames, vertexCount, triangleCount };
}
