/**
 * The skin's wrapped light (web/three/skin.ts): the patch finds its line in the three.js the
 * project installs, and the skin material compiles with it (the shader text three hands over).
 */
import { ShaderChunk, ShaderLib } from "three";
import { describe, expect, it } from "vitest";
import { SKIN_WRAP } from "../../shared/avatar/palette.ts";
import { skinMaterial, wrapLighting } from "./skin.ts";

describe("skin material", () => {
  it("wraps the direct diffuse light in three's own physical lighting chunk", () => {
    const chunk = wrapLighting(ShaderChunk.lights_physical_pars_fragment, SKIN_WRAP);
    // null would mean three changed the line: the skin would fall back to plain lighting
    expect(chunk).not.toBeNull();
    expect(chunk).toContain("wrapNL * directLight.color * diffuseBRDF");
    expect(chunk).not.toContain("reflectedLight.directDiffuse += irradiance * diffuseBRDF");
    // the specular light is not wrapped: it stays on the lit side
    expect(chunk).toContain("reflectedLight.directSpecular += irradiance * specularBRDF");
    expect(wrapLighting("no such line", SKIN_WRAP)).toBeNull();
  });

  it("puts the wrapped chunk into the standard material's fragment shader", () => {
    const material = skinMaterial({ roughness: 0.5, metalness: 0 });
    const shader = {
      uniforms: {},
      vertexShader: ShaderLib.standard.vertexShader,
      fragmentShader: ShaderLib.standard.fragmentShader,
    };
    expect(shader.fragmentShader).toContain("#include <lights_physical_pars_fragment>");
    (material.onBeforeCompile as (s: typeof shader) => void)(shader);
    expect(shader.fragmentShader).not.toContain("#include <lights_physical_pars_fragment>");
    expect(shader.fragmentShader).toContain("wrapNL");
    expect(material.customProgramCacheKey()).toBe("skin:wrap");
  });

  it("scales the roughness per vertex where the skin shines, and only when asked", () => {
    const shader = () => ({
      uniforms: {},
      vertexShader: ShaderLib.standard.vertexShader,
      fragmentShader: ShaderLib.standard.fragmentShader,
    });
    const shiny = skinMaterial({ roughness: 0.55, metalness: 0 }, { shine: true });
    const s = shader();
    expect(s.vertexShader).toContain("#include <begin_vertex>");
    expect(s.fragmentShader).toContain("#include <roughnessmap_fragment>");
    (shiny.onBeforeCompile as (s: ReturnType<typeof shader>) => void)(s);
    expect(s.vertexShader).toContain("vRoughnessScale = roughnessScale;");
    expect(s.fragmentShader).toContain("roughnessFactor * vRoughnessScale");
    expect(shiny.customProgramCacheKey()).toBe("skin:wrap:shine");

    const plain = skinMaterial({ roughness: 0.55, metalness: 0 });
    const p = shader();
    (plain.onBeforeCompile as (s: ReturnType<typeof shader>) => void)(p);
    expect(p.vertexShader).not.toContain("roughnessScale");
  });
});
