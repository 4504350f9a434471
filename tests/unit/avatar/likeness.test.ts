/**
 * The likeness judge on photos the fit was never tuned on (tests/fixtures/heldout, decision 049):
 * each clone drawn by the portraits' renderer, realistic, from the front and turned, and scored
 * by face-api's recognition net against its photo. The rates held are the ones the textured clone
 * reaches (`npm run likeness` prints them); the untextured clone (before decision 049) fell short
 * of every one: mean 0.697 and 0 of 10 under 0.6 from the front, rank-1 3 of 10 front and 0 of
 * 10 turned.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { measureLikeness } from "../../../worker/face/likeness-run.ts";
import { FACE_TEXTURE_SIZE } from "../../../worker/face/texture.ts";

const dir = join(import.meta.dirname, "..", "..", "fixtures", "heldout");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".jpg"))
  .sort()
  .map((f) => join(dir, f));

describe("likeness on held-out photos", () => {
  it("the realistic clone is recognised as its photo's person", { timeout: 900_000 }, async () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    const sizes: number[] = [];
    const report = await measureLikeness(files, {
      styles: ["realistic"],
      onClone: (_file, clone) => {
        sizes.push(clone.texture?.width ?? 0, clone.texture?.height ?? 0);
      },
    });
    expect(report.skipped).toEqual([]);
    // the face texture stays within 2048² (FACE_TEXTURE_SIZE is recorded with the avatar)
    expect(FACE_TEXTURE_SIZE).toBeLessThanOrEqual(2048);
    for (const s of sizes) expect(s).toBe(FACE_TEXTURE_SIZE);
    const front = report.results.realistic.front.summary;
    const turned = report.results.realistic.turned.summary;
    expect(front.found).toBe(front.count);
    expect(front.mean).toBeLessThan(LIMITS.frontMean);
    expect(front.under).toBeGreaterThanOrEqual(LIMITS.frontUnder);
    expect(front.rank1).toBeGreaterThanOrEqual(LIMITS.frontRank1);
    expect(turned.rank1).toBeGreaterThanOrEqual(LIMITS.turnedRank1);
  });
});

/**
 * What the textured clone reaches on the ten held-out photos (decision 049: front mean 0.551,
 * 7 under 0.6, rank-1 9 front and 7 turned), less one photo of slack.
 */
const LIMITS = { frontMean: 0.58, frontUnder: 6, frontRank1: 8, turnedRank1: 6 };
