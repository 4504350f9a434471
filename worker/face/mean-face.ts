/**
 * The mean face of the fixture photos (decision 010, "The mean face"): each photo in
 * tests/fixtures/faces (a `man-` name is a man's) detected, fitted loosely toward the neutral head
 * with the head of its sex, and the sliders averaged. Used by scripts/fit-prior.ts to write the
 * fit's prior and by the integration test to check it is up to date; not by the job.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildAvatar, FACE_SLIDER_IDS } from "../../shared/avatar/index.ts";
import { detectFace } from "./detect.ts";
import { fitFace } from "./fit.ts";
import { modelLandmarks } from "./landmarks.ts";

/** A looser ridge than the job's (0.1), so the mean is the photos' and not shrunk toward neutral. */
export const MEAN_FACE_LAMBDA = 0.05;

export const FACES_DIR = join(import.meta.dirname, "..", "..", "tests", "fixtures", "faces");

export async function meanFace(dir = FACES_DIR): Promise<{ prior: Record<string, number>; photos: number }> {
  const heads = new Map(
    ([1, 2] as const).map((sex) => {
      const mesh = buildAvatar({ sex });
      return [sex, { mesh, landmarks: modelLandmarks(mesh) }] as const;
    }),
  );
  const files = readdirSync(dir).filter((f) => f.endsWith(".jpg"));
  const sums = new Map<string, number>();
  for (const file of files) {
    const face = await detectFace(readFileSync(join(dir, file)));
    if (!face) throw new Error(`no face found in ${file}`);
    const head = heads.get(file.startsWith("man-") ? 1 : 2);
    if (!head) throw new Error("no head");
    const points = face.landmarks.map((p) => [p.x, p.y] as [number, number]);
    const { params } = fitFace(head.mesh, head.landmarks, points, { lambda: MEAN_FACE_LAMBDA, prior: {} });
    for (const [id, v] of Object.entries(params)) sums.set(id, (sums.get(id) ?? 0) + (v as number));
  }
  const prior: Record<string, number> = {};
  for (const id of FACE_SLIDER_IDS) {
    const v = Math.round(((sums.get(id) ?? 0) / files.length) * 100) / 100;
    if (Math.abs(v) >= 0.02) prior[id] = v;
  }
  return { prior, photos: files.length };
}
