/**
 * The toon style's materials (docs/decisions/039-art-direction.md): three's MeshToonMaterial whose
 * light is replaced by a fixed three-band toon light with a rim (TOON_FRAGMENT), and an inverted-hull outline per
 * part: the same geometry (and morph influences) drawn again, back faces only, pushed out along its
 * normals in the vertex shader, in a dark shade of the part's colour. No post-processing pass, so
 * drawing on demand works unchanged; the outline costs one more draw call per outlined part.
 */
import { BackSide, type Color, Mesh, MeshBasicMaterial, MeshToonMaterial, SkinnedMesh, Vector2, Vector3 } from "three";
import type { PartId } from "../../shared/avatar/index.ts";
import {
  OUTLINE_WIDTH,
  outlineRgb,
  outlineWidth,
  TOON_BANDS,
  TOON_BLUSH,
  TOON_IRIS,
  TOON_KEY,
  TOON_NECK,
  TOON_RIM,
  TOON_ROUND,
  type ToonFace,
  toonPartLook,
} from "../../shared/avatar/toon-look.ts";
import { setBasePatch } from "./basePatch.ts";

export { OUTLINE_WIDTH, outlineWidth, type ToonFace };

/** A number as a GLSL float literal (always with a decimal point). */
const f = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(n));
const v3 = (v: readonly number[]): string => `vec3(${v.map(f).join(", ")})`;

/**
 * The toon light: one key light fixed to the view (up, left, in front), so the face reads the same
 * from every side the viewer turns it to, as in VRoid's and most anime viewers. Three bands: lit
 * (the part's own colour), shade and deep shade (the colour times a tint, warm on skin, cool
 * elsewhere), with edges a pixel soft; and a rim of light where the surface turns away. The numbers
 * are shared/avatar/toon-look.ts's, which the worker's portrait rasteriser reads too.
 */
const TOON_FRAGMENT = /* glsl */ `
uniform vec3 uShade;
uniform float uRim;
uniform float uIris;
uniform float uBlush;
uniform vec2 uCheek;
uniform float uChin;
varying vec3 vToonPos;
vec3 toonShade(vec3 base, vec3 n, vec3 viewDir) {
  vec3 keyDir = ${v3(TOON_KEY)};
  float nl = dot(n, keyDir);
  float aa = fwidth(nl) + 1e-4;
  float lit = smoothstep(${f(TOON_BANDS.lit)} - aa, ${f(TOON_BANDS.lit)} + aa, nl);
  float deep = 1.0 - smoothstep(${f(TOON_BANDS.deep)} - aa, ${f(TOON_BANDS.deep)} + aa, nl);
  vec3 shade = base * uShade;
  vec3 c = mix(mix(shade, shade * ${f(TOON_BANDS.deepFactor)}, deep), base, lit);
  float facing = abs(dot(n, viewDir));
  float rim = smoothstep(${f(TOON_RIM.edge)} - aa, ${f(TOON_RIM.edge)} + aa, 1.0 - facing) * (${f(TOON_RIM.inShade)} + ${f(1 - TOON_RIM.inShade)} * lit);
  return c + base * uRim * rim;
}
`;

/**
 * A part's toon material. `irisY`: for the iris, the height of the eyes' centre (object space), so
 * the iris darkens toward its top like a drawn anime eye.
 */
export function toonMaterial(part: PartId, face: ToonFace = { eyeY: 0, eyeX: 0.03, chinY: -0.07 }): MeshToonMaterial {
  const material = new MeshToonMaterial();
  // the colours as picked: no filmic tone mapping on flat colour
  material.toneMapped = false;
  const look = toonPartLook(part);
  const uniforms = {
    uShade: { value: new Vector3(...look.shade) },
    uRim: { value: look.rim },
    uIris: { value: look.iris ? face.eyeY : -10 },
    uChin: { value: face.chinY },
    uRound: { value: look.round ?? 0 },
    uBlush: { value: look.blush ?? 0 },
    // the blush sits under the outer half of each eye
    uCheek: { value: new Vector2(face.eyeX * TOON_BLUSH.xScale, face.eyeY - TOON_BLUSH.yBelow) },
  };
  setBasePatch(material, `toon:${look.iris ? "iris" : "part"}`, (shader) => {
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = `varying vec3 vToonPos;\nuniform float uRound;\n${shader.vertexShader}`
      .replace(
        "#include <beginnormal_vertex>",
        // above the neck, normals lean toward the head's centre: one clean shadow line on the face
        `#include <beginnormal_vertex>\nobjectNormal = normalize(mix(objectNormal, normalize((position - ${v3(TOON_ROUND.center)}) * ${v3(TOON_ROUND.scale)}), uRound * smoothstep(${f(TOON_ROUND.from)}, ${f(TOON_ROUND.to)}, position.y)));`,
      )
      .replace("#include <begin_vertex>", "#include <begin_vertex>\nvToonPos = position;");
    shader.fragmentShader = `${TOON_FRAGMENT}\n${shader.fragmentShader}`.replace(
      "#include <opaque_fragment>",
      // the scene's lights are left out: the toon light is the same wherever the avatar stands
      (look.iris
        ? `diffuseColor.rgb *= mix(${f(TOON_IRIS.bottom)}, ${f(TOON_IRIS.top)}, smoothstep(uIris - ${f(TOON_IRIS.half)}, uIris + ${f(TOON_IRIS.half)}, vToonPos.y));\n`
        : "") +
        (look.blush
          ? `{ vec2 d = vec2((abs(vToonPos.x) - uCheek.x) / ${f(TOON_BLUSH.radius[0])}, (vToonPos.y - uCheek.y) / ${f(TOON_BLUSH.radius[1])});\n` +
            `  float b = exp(-dot(d, d)) * step(${f(TOON_BLUSH.minZ)}, vToonPos.z) * uBlush;\n` +
            `  diffuseColor.rgb = mix(diffuseColor.rgb, ${v3(TOON_BLUSH.color)}, b); }\n`
          : "") +
        "outgoingLight = toonShade(diffuseColor.rgb, normal, normalize(vViewPosition));\n" +
        (look.neck
          ? // under the jaw, a V-shaped shadow down to the collar
            `if (vToonPos.y < uChin + ${f(TOON_NECK.offset)} + ${f(TOON_NECK.slope)} * abs(vToonPos.x)) outgoingLight = diffuseColor.rgb * uShade;\n`
          : "") +
        "#include <opaque_fragment>",
    );
  });
  return material;
}

/** The line colour for a part's colour (linear RGB): much darker, a little warmer. */
export function outlineColor(out: Color, r: number, g: number, b: number): Color {
  return out.setRGB(...outlineRgb(r, g, b));
}

/** The outline hull of a mesh: its geometry again, back faces, pushed out by `width`; morphs shared. */
export function outlineMesh(source: Mesh, width: number): Mesh<typeof source.geometry, MeshBasicMaterial> {
  const material = new MeshBasicMaterial({ side: BackSide });
  material.toneMapped = false;
  const uniform = { value: width };
  setBasePatch(material, "toon:outline", (shader) => {
    shader.uniforms.uOutline = uniform;
    shader.vertexShader = `uniform float uOutline;\n${shader.vertexShader}`.replace(
      "#include <morphtarget_vertex>",
      "#include <morphtarget_vertex>\ntransformed += normalize(normal) * uOutline;",
    );
  });
  // an arm's outline bends with it: the same bones as the part it outlines
  const skinned = (source as SkinnedMesh).isSkinnedMesh ? (source as SkinnedMesh) : null;
  const mesh = skinned ? new SkinnedMesh(source.geometry, material) : new Mesh(source.geometry, material);
  if (skinned && mesh instanceof SkinnedMesh) mesh.bind(skinned.skeleton, skinned.bindMatrix);
  mesh.name = `${source.name}-outline`;
  mesh.userData.part = source.name;
  mesh.frustumCulled = false;
  mesh.renderOrder = source.renderOrder;
  // the same morph weights as the part it outlines (one array, written once per frame)
  mesh.morphTargetInfluences = source.morphTargetInfluences;
  mesh.morphTargetDictionary = source.morphTargetDictionary;
  return mesh;
}
