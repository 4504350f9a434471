/**
 * Whether the browser draws WebGL in software (decision 045): SwiftShader, Mesa's llvmpipe,
 * Windows' Basic Render Driver. The 3D views leave multisampling off there, where it halved the
 * frame rate, and turn it on with a GPU, where it is nearly free and the avatar's hair and
 * outlines would otherwise show stair steps on a screen that is not HiDPI.
 */

/** A WebGL renderer's name that is a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|lavapipe|basic render driver|software/i.test(renderer);
}

let software: boolean | undefined;

/**
 * Asks a throwaway WebGL context, once per page, which renderer draws it (the unmasked name where
 * the browser gives it). No WebGL at all counts as software: the views will not draw anyway.
 */
export function drawsInSoftware(): boolean {
  if (software !== undefined) return software;
  software = true;
  try {
    const canvas = document.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    if (gl) {
      const info = gl.getExtension("WEBGL_debug_renderer_info");
      software = isSoftwareRenderer(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)));
      gl.getExtension("WEBGL_lose_context")?.loseContext();
    }
  } catch {
    // a browser that refuses the probe: keep the cheap setting
  }
  return software;
}

/** The 3D views' WebGL context settings: multisampled unless drawn in software. */
export const antialias = (): boolean => !drawsInSoftware();
