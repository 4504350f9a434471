/**
 * The head turns on the neck. The bust is one sculpted surface (skin runs from the crown into the
 * collar), so instead of a skeleton a small vertex-shader patch rotates each vertex about the neck
 * pivot by a share of the head's rotation that grows from 0 at the collar to 1 at the jaw. One set
 * of uniforms drives every patched material; accessories on the head take the full rotation through
 * `headMatrix`, so they move exactly with it.
 *
 * The same patch can also weave a pattern into a fabric's colour (knit ribs, brocade), computed from
 * the rest position, as the bust has no texture coordinates.
 */
import {
  type Color,
  type Material,
  Matrix4,
  Quaternion,
  Euler as ThreeEuler,
  Vector2,
  Vector3,
  Vector4,
  type WebGLProgramParametersWithUniforms,
} from "three";
import type { Vec3 } from "../../../shared/avatar/math.ts";
import type { Euler3 } from "./animation.ts";
import type { BustFit } from "./fit.ts";

export interface Bend {
  pivot: { value: Vector3 };
  /** Rotation as axis times angle (radians). */
  rot: { value: Vector3 };
  /** Heights (y) where the bend starts and where it is whole. */
  range: { value: Vector2 };
  /** The full rotation, for the head's accessories. */
  quaternion: Quaternion;
  /** Under a snug hat the hair above this plane (normal, offset; rest space) is not drawn. */
  clip: { value: Vector4 };
  clipOn: { value: number };
}

export function createBend(fit: BustFit): Bend {
  return {
    pivot: { value: new Vector3(...fit.pivot) },
    rot: { value: new Vector3() },
    range: { value: new Vector2(fit.pivot[1] - 0.1, fit.pivot[1] + 0.03) },
    quaternion: new Quaternion(),
    clip: { value: new Vector4(0, 1, 0, 10) },
    clipOn: { value: 0 },
  };
}

/**
 * Hides the hair above a hat's rim plane, which passes through `front` and `back` (both at x = 0)
 * and runs level across; `lift` moves it up a little, so the hat's lower edge still has hair under it.
 */
export function setHairClip(bend: Bend, plane: { front: Vec3; back: Vec3; lift: number } | null): void {
  if (!plane) {
    bend.clipOn.value = 0;
    return;
  }
  const dy = plane.front[1] - plane.back[1];
  const dz = plane.front[2] - plane.back[2];
  const len = Math.hypot(dy, dz);
  const ny = dz / len;
  const nz = -dy / len;
  bend.clip.value.set(0, ny, nz, ny * plane.back[1] + nz * plane.back[2] + plane.lift);
  bend.clipOn.value = 1;
}

const euler = new ThreeEuler();

/** Sets the head's rotation (x nod, y turn, z tilt; applied turn first, then nod and tilt). */
export function setBend(bend: Bend, head: Euler3): void {
  euler.set(head.x, head.y, head.z, "YXZ");
  bend.quaternion.setFromEuler(euler);
  const q = bend.quaternion;
  const w = Math.min(1, Math.max(-1, q.w));
  const angle = 2 * Math.acos(w);
  const s = Math.sqrt(1 - w * w);
  if (s < 1e-6) bend.rot.value.set(0, 0, 0);
  else bend.rot.value.set((q.x / s) * angle, (q.y / s) * angle, (q.z / s) * angle);
}

const toPivot = new Matrix4();
const rotation = new Matrix4();

/** The head accessories' transform: the full rotation about the pivot. */
export function headMatrix(bend: Bend, out: Matrix4): Matrix4 {
  const p = bend.pivot.value;
  out.makeTranslation(p.x, p.y, p.z);
  rotation.makeRotationFromQuaternion(bend.quaternion);
  toPivot.makeTranslation(-p.x, -p.y, -p.z);
  return out.multiply(rotation).multiply(toPivot);
}

/** 0 plain, 1 knit ribs, 2 brocade motifs (accent coloured), 3 fine twill. */
export type FabricPattern = 0 | 1 | 2 | 3;

export interface Fabric {
  pattern: { value: number };
  accent: { value: Color };
  /** Pattern size: 1 is the bust's scale. */
  scale: { value: number };
}

const BEND_VERTEX = /* glsl */ `
uniform vec3 uBendPivot;
uniform vec3 uBendRot;
uniform vec2 uBendRange;
varying vec3 vRestPos;
vec3 bendRotate(vec3 v, float w) {
  float len = length(uBendRot);
  float a = len * w;
  if (a < 1e-5) return v;
  vec3 k = uBendRot / len;
  float c = cos(a);
  return v * c + cross(k, v) * sin(a) + k * dot(k, v) * (1.0 - c);
}
`;

const CLIP_FRAGMENT = /* glsl */ `
uniform vec4 uClip;
uniform float uClipOn;
`;

const FABRIC_FRAGMENT = /* glsl */ `
uniform float uFabricPattern;
uniform vec3 uFabricAccent;
uniform float uFabricScale;
float fabricMix(vec3 p) {
  // around the body (arc length) and up: the bust has no texture coordinates
  float u = atan(p.x, p.z + 0.025) * 0.13 / uFabricScale;
  float v = p.y / uFabricScale;
  if (uFabricPattern < 0.5) return 0.0;
  if (uFabricPattern < 1.5) {
    float rib = 0.5 + 0.5 * sin(u * 880.0);
    float stitch = 0.5 + 0.5 * sin(v * 1300.0 + abs(fract(u * 140.0) - 0.5) * 6.0);
    return -0.16 * rib - 0.06 * stitch;
  }
  if (uFabricPattern < 2.5) {
    // small four-petalled flowers on a staggered lattice, woven in the accent
    vec2 q = vec2(u, v) / 0.026;
    vec2 cell = floor(q);
    vec2 f = fract(q + vec2(mod(cell.y, 2.0) * 0.5, 0.0)) - 0.5;
    float d = length(f);
    float a = atan(f.y, f.x);
    float petal = 0.16 + 0.13 * abs(cos(2.0 * a));
    float flower = smoothstep(petal + 0.03, petal, d) * smoothstep(0.035, 0.06, d);
    return 0.24 * flower;
  }
  return -0.07 * (0.5 + 0.5 * sin((u + v) * 1400.0));
}
`;

/**
 * Patches a lit material: `weighted` bends it with the head by the height of each vertex (skin,
 * hair, eyes, a turtleneck's collar; not the clothing); a fabric weaves its pattern in. Patched
 * materials keep their own program cache key.
 */
export function patchMaterial(
  material: Material,
  bend: Bend | null,
  mode: "weighted" | "none",
  fabric: Fabric | null = null,
  clip = false,
): void {
  // a toon material's own patch (web/three/toon.ts: rim light, outline hull) runs first
  const base = material.userData.basePatch as ((shader: WebGLProgramParametersWithUniforms) => void) | undefined;
  const key = `${material.userData.baseKey ?? ""}plan:${bend && mode === "weighted" ? "bend" : "flat"}:${fabric ? "fabric" : "plain"}:${clip ? "clip" : ""}`;
  material.customProgramCacheKey = () => key;
  material.onBeforeCompile = (shader) => {
    base?.(shader);
    const bent = bend !== null && mode === "weighted";
    const clipped = clip && bend !== null;
    if (!bent && !fabric && !clipped) return;
    let vertex = `${BEND_VERTEX}\n${shader.vertexShader}`;
    if (bent && bend) {
      shader.uniforms.uBendPivot = bend.pivot;
      shader.uniforms.uBendRot = bend.rot;
      shader.uniforms.uBendRange = bend.range;
      // the weight first thing in main: an unlit material (an outline hull) has no normal chunk to hang it on
      vertex = vertex
        .replace("void main() {", "void main() {\nfloat bendW = smoothstep(uBendRange.x, uBendRange.y, position.y);")
        .replace(
          "#include <skinnormal_vertex>",
          "#include <skinnormal_vertex>\nobjectNormal = bendRotate(objectNormal, bendW);",
        )
        .replace(
          "#include <skinning_vertex>",
          "#include <skinning_vertex>\ntransformed = uBendPivot + bendRotate(transformed - uBendPivot, bendW);",
        );
    } else {
      shader.uniforms.uBendPivot = { value: new Vector3() };
      shader.uniforms.uBendRot = { value: new Vector3() };
      shader.uniforms.uBendRange = { value: new Vector2() };
    }
    vertex = vertex.replace("#include <begin_vertex>", "#include <begin_vertex>\nvRestPos = position;");
    shader.vertexShader = vertex;
    let fragment = `varying vec3 vRestPos;\n${shader.fragmentShader}`;
    if (clipped && bend) {
      shader.uniforms.uClip = bend.clip;
      shader.uniforms.uClipOn = bend.clipOn;
      fragment = `${CLIP_FRAGMENT}\n${fragment}`.replace(
        "#include <clipping_planes_fragment>",
        "#include <clipping_planes_fragment>\nif (uClipOn > 0.5 && dot(vRestPos, uClip.xyz) > uClip.w) discard;",
      );
    }
    if (fabric) {
      shader.uniforms.uFabricPattern = fabric.pattern;
      shader.uniforms.uFabricAccent = fabric.accent;
      shader.uniforms.uFabricScale = fabric.scale;
      fragment = `${FABRIC_FRAGMENT}\n${fragment}`.replace(
        "#include <color_fragment>",
        "#include <color_fragment>\n{ float m = fabricMix(vRestPos); diffuseColor.rgb = m >= 0.0 ? mix(diffuseColor.rgb, uFabricAccent, m) : diffuseColor.rgb * (1.0 + m); }",
      );
    }
    shader.fragmentShader = fragment;
  };
  material.needsUpdate = true;
}

export function createFabric(pattern: FabricPattern, accent: Color, scale = 1): Fabric {
  return { pattern: { value: pattern }, accent: { value: accent }, scale: { value: scale } };
}
