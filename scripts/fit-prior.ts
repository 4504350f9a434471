/**
 * The photo fit's mean face (decision 010, "The mean face"): every fixture photo in
 * tests/fixtures/faces fitted loosely (ridge 0.05) toward the neutral head, with the head of the
 * photo's sex, and the sliders averaged over all of them; written to worker/face/prior.ts, which the
 * fit pulls toward. Run after a change to the heads or the sliders: npm run fit:prior
 * (tests/integration/photo-clone.test.ts fails when the file is out of date).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { meanFace } from "../worker/face/mean-face.ts";

const OUT = join(import.meta.dirname, "..", "worker", "face", "prior.ts");

const { prior, photos } = await meanFace();
const lines = Object.entries(prior).map(([id, v]) => `  "${id}": ${v},`);
writeFileSync(
  OUT,
  `/**
 * The face the photo fit pulls toward where a photo does not say otherwise: the mean of the
 * ${photos} fixture photos' loose fits (decision 010, "The mean face"). Written by
 * \`npm run fit:prior\`; do not edit.
 */
export const FIT_PRIOR: Readonly<Record<string, number>> = {
${lines.join("\n")}
};
`,
);
console.log(`wrote ${OUT}: ${lines.length} sliders from ${photos} photos`);
