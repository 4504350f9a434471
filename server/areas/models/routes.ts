/**
 * The studio's face-capture models and TensorFlow.js's wasm binaries (docs/decisions/036), served
 * from the npm packages that ship them: nothing is fetched from elsewhere at run time, and nothing
 * is copied into the web build. Only the files the tracker loads are answered (an allow-list), and
 * only the studio's capture asks for them. Long-cached: the files change only with the package.
 *
 *   /models/human/  @vladmandic/human/models: BlazeFace, the face mesh, the irises, MoveNet lightning
 *   /models/tfjs/   @tensorflow/tfjs-backend-wasm/dist: the three .wasm builds (plain, SIMD, threaded SIMD)
 */
import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { App } from "../../types.ts";

const require = createRequire(import.meta.url);
/** A package's folder: up from its entry point to the folder named like it (not every package exports its package.json). */
function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!dir.endsWith(path.join("node_modules", name)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

export const HUMAN_MODELS = ["blazeface", "facemesh", "iris", "movenet-lightning"].flatMap((m) => [
  `${m}.json`,
  `${m}.bin`,
]);
export const TFJS_WASM = [
  "tfjs-backend-wasm.wasm",
  "tfjs-backend-wasm-simd.wasm",
  "tfjs-backend-wasm-threaded-simd.wasm",
];

export async function modelRoutes(app: App) {
  const served = [
    { prefix: "/models/human/", root: path.join(packageDir("@vladmandic/human"), "models"), files: HUMAN_MODELS },
    { prefix: "/models/tfjs/", root: path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist"), files: TFJS_WASM },
  ];
  for (const { prefix, root, files } of served) {
    const allowed = new Set(files);
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      wildcard: true,
      allowedPath: (pathName) => allowed.has(pathName.replace(/^\//, "")),
      setHeaders(reply) {
        reply.header("cache-control", "public, max-age=604800");
      },
    });
  }
}
