/**
 * The toon style's materials (docs/decisions/039-art-direction.md): three's MeshToonMaterial whose
 * light is replaced by a fixed three-band toon light with a rim (TOON_FRAGMENT), and an inverted-hull outline per
 * part: the same geometry (and morph influences) drawn again, back faces only, pushed out along its
 * normals in the vertex shader, in a dark shade of the part's colour. No post-processing pass, so
 * drawing on demand works unchanged; the outline costs one more draw call per outlined part.
 */
import {
  BackSide,
  type Color,
  type Material,
  Mesh,
  MeshBasicMaterial,
  MeshToonMaterial,
  Vector2,
  Vector3,
  type WebGLProgramParametersWithUniforms,
} from "three";
import type { PartId } from "../../shared/avatar/index.ts";

/** Outline width (metres) by part; parts not listed get none (eyes, lashes, brows, lips, the mouth inside). */
export const OUTLINE_WIDTH: Partial<Record<PartId, number>> = {
  skin: 0.0015,
  ears: 0.0012,
  hair: 0.0014,
  clothing: 0.0019,
};

/**
 * The toon light: one key light fixed to the view (up, left, in front), so the face reads the same
 * from every side the viewer turns it to, as in VRoid's and most anime viewers. Three bands: lit
 * (the part's own colour), shade and deep shade (the colour times a tint, warm on skin, cool
 * elsewhere), with edges a pixel soft; and a rim of light where the surface turns away.
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
  vec3 keyDir = normalize(vec3(-0.34, 0.42, 0.84));
  float nl = dot(n, keyDir);
  float aa = fwidth(nl) + 1e-4;
  float lit = smoothstep(0.08 - aa, 0.08 + aa, nl);
  float deep = 1.0 - smoothstep(-0.5 - aa, -0.5 + aa, nl);
  vec3 shade = base * uShade;
  vec3 c = mix(mix(shade, shade * 0.82, deep), base, lit);
  float facing = abs(dot(n, viewDir));
  float rim = smoothstep(0.70 - aa, 0.70 + aa, 1.0 - facing) * (0.35 + 0.65 * lit);
  return c + base * uRim * rim;
}
`;

/** Per part: the shade tint, the rim's strength, and whether it is an iris (darker toward the top). */
interface ToonLook {
  shade: [number, number, number];
  rim: number;
  iris?: boolean;
  /** Shade the head as if it were rounder (normals bent toward a sphere): a clean shadow line. */
  round?: number;
  /** Pink on the cheeks. */
  blush?: number;
  /** The shadow the chin casts on the neck. */
  neck?: boolean;
}
const LOOK: Partial<Record<PartId, ToonLook>> = {
  skin: { shade: [0.88, 0.72, 0.74], rim: 0.22, round: 0.8, blush: 0.32, neck: true },
  ears: { shade: [0.88, 0.72, 0.74], rim: 0.22 },
  lips: { shade: [0.86, 0.72, 0.74], rim: 0 },
  hair: { shade: [0.62, 0.6, 0.72], rim: 0.3, round: 0.45 },
  clothing: { shade: [0.66, 0.64, 0.78], rim: 0.2 },
  iris: { shade: [0.8, 0.8, 0.85], rim: 0, iris: true },
  pupil: { shade: [0.8, 0.8, 0.85], rim: 0 },
  sclera: { shade: [0.86, 0.86, 0.94], rim: 0 },
};
const PLAIN: ToonLook = { shade: [0.78, 0.76, 0.84], rim: 0 };

/**
 * A patch every toon material carries, run first by whoever patches the material further
 * (web/three/plan/headBend.ts patchMaterial calls `userData.basePatch`).
 */
export type BasePatch = (shader: WebGLProgramParametersWithUniforms) => void;

function setBasePatch(material: Material, key: string, patch: BasePatch): void {
  material.userData.basePatch = patch;
  material.userData.baseKey = key;
  material.customProgramCacheKey = () => key;
  material.onBeforeCompile = patch;
}

/** Where the face's features are (object space): the pupils' middle and the chin's underside. */
export interface ToonFace {
  eyeY: number;
  eyeX: number;
  chinY: number;
}

/**
 * A part's toon material. `irisY`: for the iris, the height of the eyes' centre (object space), so
 * the iris darkens toward its top like a drawn anime eye.
 */
export function toonMaterial(part: PartId, face: ToonFace = { eyeY: 0, eyeX: 0.03, chinY: -0.07 }): MeshToonMaterial {
  const material = new MeshToonMaterial();
  // the colours as picked: no filmic tone mapping on flat colour
  material.toneMapped = false;
  const look = LOOK[part] ?? PLAIN;
  const uniforms = {
    uShade: { value: new Vector3(...look.shade) },
    uRim: { value: look.rim },
    uIris: { value: look.iris ? face.eyeY : -10 },
    uChin: { value: face.chinY },
    uRound: { value: look.round ?? 0 },
    uBlush: { value: look.blush ?? 0 },
    // the blush sits under the outer half of each eye
    uCheek: { value: new Vector2(face.eyeX * 1.12, face.eyeY - 0.026) },
  };
  setBasePatch(material, `toon:${look.iris ? "iris" : "part"}`, (shader) => {
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = `varying vec3 vToonPos;\nuniform float uRound;\n${shader.vertexShader}`
      .replace(
        "#include <beginnormal_vertex>",
        // above the neck, normals lean toward the head's centre: one clean shadow line on the face
        "#include <beginnormal_vertex>\nobjectNormal = normalize(mix(objectNormal, normalize((position - vec3(0.0, -0.01, -0.02)) * vec3(1.0, 0.55, 1.0)), uRound * smoothstep(-0.11, -0.06, position.y)));",
      )
      .replace("#include <begin_vertex>", "#include <begin_vertex>\nvToonPos = position;");
    shader.fragmentShader = `${TOON_FRAGMENT}\n${shader.fragmentShader}`.replace(
      "#include <opaque_fragment>",
      // the scene's lights are left out: the toon light is the same wherever the avatar stands
      (look.iris ? "diffuseColor.rgb *= mix(1.3, 0.42, smoothstep(uIris - 0.012, uIris + 0.012, vToonPos.y));\n" : "") +
        (look.blush
          ? "{ vec2 d = vec2((abs(vToonPos.x) - uCheek.x) / 0.013, (vToonPos.y - uCheek.y) / 0.0065);\n" +
            "  float b = exp(-dot(d, d)) * step(0.03, vToonPos.z) * uBlush;\n" +
            "  diffuseColor.rgb = mix(diffuseColor.rgb, vec3(0.95, 0.36, 0.4), b); }\n"
          : "") +
        "outgoingLight = toonShade(diffuseColor.rgb, normal, normalize(vViewPosition));\n" +
        (look.neck
          ? // under the jaw, a V-shaped shadow down to the collar
            "if (vToonPos.y < uChin - 0.006 + 0.3 * abs(vToonPos.x)) outgoingLight = diffuseColor.rgb * uShade;\n"
          : "") +
        "#include <opaque_fragment>",
    );
  });
  return material;
}

/** The line colour for a part's colour (linear RGB): much darker, a little warmer. */
export function outlineColor(out: Color, r: number, g: number, b: number): Color {
  return out.setRGB(r * 0.22 + 0.012, g * 0.2 + 0.006, b * 0.22 + 0.008);
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
  const mesh = new Mesh(source.geometry, material);
  mesh.name = `${source.name}-outline`;
  mesh.userData.part = source.name;
  mesh.frustumCulled = false;
  mesh.renderOrder = source.renderOrder;
  // the same morph weights as the part it outlines (one array, written once per frame)
  mesh.morphTargetInfluences = source.morphTargetInfluences;
  mesh.morphTargetDictionary = source.morphTargetDictionary;
  return mesh;
}
