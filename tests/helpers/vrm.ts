/**
 * Reading an exported model back in Node as a viewer would: three's GLTFLoader with
 * @pixiv/three-vrm's VRMLoaderPlugin, and the Khronos validator. Node has no image decoding, so
 * textures load through a stand-in `createImageBitmap` (the pixels are not what is tested).
 */
import { type VRM, VRMExpressionMorphTargetBind, VRMLoaderPlugin } from "@pixiv/three-vrm";
import validator from "gltf-validator";
import type { Mesh } from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

const g = globalThis as Record<string, unknown>;
g.self ??= globalThis;
g.createImageBitmap ??= async () => ({ width: 1, height: 1, close() {} });

export async function loadVrm(bytes: Uint8Array): Promise<VRM> {
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const gltf = await loader.parseAsync(buffer, "");
  const vrm = gltf.userData.vrm as VRM | undefined;
  if (!vrm) throw new Error("no VRM in the file");
  return vrm;
}

/** Each expression as the morph targets it moves, by target name, with their weights. */
export function expressionTargets(vrm: VRM): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const expression of vrm.expressionManager?.expressions ?? []) {
    const targets: Record<string, number> = {};
    for (const bind of expression.binds) {
      if (!(bind instanceof VRMExpressionMorphTargetBind)) continue;
      const mesh = bind.primitives[0] as Mesh;
      const name = Object.entries(mesh.morphTargetDictionary ?? {}).find(([, i]) => i === bind.index)?.[0];
      if (name) targets[name] = bind.weight;
    }
    out[expression.expressionName] = targets;
  }
  return out;
}

/** The validator's report: errors must be none; warnings are listed for the test's name. */
export async function validateModel(bytes: Uint8Array) {
  const report = await validator.validateBytes(bytes, { maxIssues: 100 });
  const codes = (severity: number) =>
    report.issues.messages.filter((m) => m.severity === severity).map((m) => `${m.code} ${m.pointer ?? ""}`);
  return {
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    errorCodes: codes(0),
    warningCodes: codes(1),
  };
}
