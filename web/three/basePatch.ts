/**
 * A material's own shader patch (the toon look, the skin's wrapped light), run first by whoever
 * patches the material further: web/three/plan/headBend.ts patchMaterial calls `userData.basePatch`
 * and keys its program by `userData.baseKey`.
 */
import type { Material, WebGLProgramParametersWithUniforms } from "three";

export type BasePatch = (shader: WebGLProgramParametersWithUniforms) => void;

export function setBasePatch(material: Material, key: string, patch: BasePatch): void {
  material.userData.basePatch = patch;
  material.userData.baseKey = key;
  material.customProgramCacheKey = () => key;
  material.onBeforeCompile = patch;
}
