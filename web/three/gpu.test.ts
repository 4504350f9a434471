/**
 * Which WebGL renderers are software (web/three/gpu.ts, decision 045): the names browsers report,
 * as ANGLE spells them in Chromium and as other browsers give them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { isSoftwareRenderer } from "./gpu.ts";

describe("software renderers", () => {
  it("knows SwiftShader, llvmpipe, lavapipe and Windows' Basic Render Driver", () => {
    for (const name of [
      "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",
      "ANGLE (Google, SwiftShader Device (Subzero), SwiftShader driver-5.0.0)",
      "ANGLE (Mesa, llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2)",
      "llvmpipe (LLVM 15.0.6, 256 bits)",
      "ANGLE (Mesa, Vulkan 1.3.255 (llvmpipe (LLVM 15.0.6, 256 bits) (0x10005)), lavapipe)",
      "ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)",
    ])
      expect(isSoftwareRenderer(name), name).toBe(true);
  });

  it("takes GPUs for GPUs", () => {
    for (const name of [
      "ANGLE (Intel, Intel(R) UHD Graphics 620 (0x00005917) Direct3D11 vs_5_0 ps_5_0, D3D11)",
      "ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002503) Direct3D11 vs_5_0 ps_5_0, D3D11)",
      "ANGLE (AMD, AMD Radeon(TM) Graphics (0x00001638) Direct3D11 vs_5_0 ps_5_0, D3D11)",
      "ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)",
      "Apple GPU",
      "Mali-G78",
      "Adreno (TM) 650",
      "Intel(R) HD Graphics, or similar",
    ])
      expect(isSoftwareRenderer(name), name).toBe(false);
  });
});

describe("the page's renderer, asked once", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** A document whose canvases answer WebGL with `renderer` (null: no WebGL at all). */
  function stubDocument(renderer: string | null) {
    const lost = vi.fn();
    const contexts = vi.fn((kind: string) =>
      renderer === null || kind !== "webgl2"
        ? null
        : {
            RENDERER: 0x1f01,
            getExtension: (name: string) =>
              name === "WEBGL_debug_renderer_info"
                ? { UNMASKED_RENDERER_WEBGL: 0x9246 }
                : name === "WEBGL_lose_context"
                  ? { loseContext: lost }
                  : null,
            getParameter: (p: number) => (p === 0x9246 ? renderer : "WebKit WebGL"),
          },
    );
    vi.stubGlobal("document", { createElement: () => ({ getContext: contexts }) });
    return { contexts, lost };
  }

  it("multisamples on a GPU, and lets the probe's context go", async () => {
    const { contexts, lost } = stubDocument("ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)");
    const gpu = await import("./gpu.ts");
    expect(gpu.antialias()).toBe(true);
    expect(gpu.antialias()).toBe(true);
    expect(contexts).toHaveBeenCalledTimes(1);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("does not in software, nor without WebGL", async () => {
    stubDocument("ANGLE (Mesa, llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2)");
    expect((await import("./gpu.ts")).antialias()).toBe(false);
    vi.resetModules();
    stubDocument(null);
    expect((await import("./gpu.ts")).antialias()).toBe(false);
  });
});
