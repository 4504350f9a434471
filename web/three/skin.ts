/**
 * The realistic skin's material: three's MeshStandardMaterial with its direct diffuse light wrapped
 * past the terminator (SKIN_WRAP, shared/avatar/palette.ts), as the portraits' rasteriser lights
 * skin, so the shadow side of a face is soft and a card looks like the 3D view (decision 039).
 */
import { MeshStandardMaterial, type MeshStandardMaterialParameters, ShaderChunk } from "three";
import { SKIN_WRAP } from "../../shared/avatar/palette.ts";
import { setBasePatch } from "./basePatch.ts";

/** The line of three's physical lighting that adds a direct light's diffuse part (three r187). */
const DIFFUSE = "reflectedLight.directDiffuse += irradiance * diffuseBRDF * ( 1.0 - F );";

/** three's physical lighting chunk with its direct diffuse light wrapped, or null if three changed it. */
export function wrapLighting(chunk: string, wrap: number): string | null {
  if (!chunk.includes(DIFFUSE)) return null;
  return chunk.replace(
    DIFFUSE,
    `float wrapNL = saturate( ( dot( geometryNormal, directLight.direction ) + ${wrap.toFixed(4)} ) / ${(1 + wrap).toFixed(4)} );\n` +
      "\treflectedLight.directDiffuse += wrapNL * directLight.color * diffuseBRDF * ( 1.0 - F );",
  );
}

const wrapped = wrapLighting(ShaderChunk.lights_physical_pars_fragment, SKIN_WRAP);

/**
 * The skin's material. `shine`: the geometry carries a `roughnessScale` per vertex (where the skin
 * shines, shared/avatar/zones.ts), which multiplies the material's roughness.
 */
export function skinMaterial(parameters: MeshStandardMaterialParameters, { shine = false } = {}): MeshStandardMaterial {
  const material = new MeshStandardMaterial(parameters);
  setBasePatch(material, `skin${wrapped ? ":wrap" : ""}${shine ? ":shine" : ""}`, (shader) => {
    // three changed its lighting chunk: plain lighting rather than a broken shader (skin.test.ts fails)
    if (wrapped)
      shader.fragmentShader = shader.fragmentShader.replace("#include <lights_physical_pars_fragment>", wrapped);
    if (!shine) return;
    shader.vertexShader =
      `attribute float roughnessScale;\nvarying float vRoughnessScale;\n${shader.vertexShader}`.replace(
        "#include <begin_vertex>",
        "#include <begin_vertex>\nvRoughnessScale = roughnessScale;",
      );
    shader.fragmentShader = `varying float vRoughnessScale;\n${shader.fragmentShader}`.replace(
      "#include <roughnessmap_fragment>",
      "#include <roughnessmap_fragment>\nroughnessFactor = clamp(roughnessFactor * vRoughnessScale, 0.05, 1.0);",
    );
  });
  return material;
}
