/**
 * The likeness judge (issue 46, decision 049): clones the fixture photos and the held-out photos
 * (tests/fixtures/heldout: never used to tune the fit), draws each clone from the front and turned
 * in both styles with the portraits' software renderer, and prints, per photo and on average, the
 * recognition net's distance from the clone to its photo, how many are under 0.6, and rank-1 (the
 * own clone nearest the photo among all clones and the 16 system avatars in that view); then the 16
 * system avatars' pairwise distances in both styles.
 * Run: npm run likeness [-- --set fixtures|heldout] [--json FILE] [--untextured] [--no-system]
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SAME_PERSON } from "../worker/face/likeness.ts";
import { measureLikeness, systemDistances } from "../worker/face/likeness-run.ts";

const { values } = parseArgs({
  options: {
    set: { type: "string" },
    json: { type: "string" },
    "no-system": { type: "boolean" },
    // the clone without the photo's texture, as before decision 049
    untextured: { type: "boolean" },
  },
});
const fixtures = join(import.meta.dirname, "..", "tests", "fixtures");
const jpgs = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".jpg"))
    .sort()
    .map((f) => join(dir, f));
const sets: Record<string, string[]> = {
  fixtures: [join(fixtures, "images", "astronaut.png"), ...jpgs(join(fixtures, "faces"))],
  heldout: jpgs(join(fixtures, "heldout")),
};
const chosen = values.set ? { [values.set]: sets[values.set] ?? [] } : sets;

const out: Record<string, unknown> = {};
for (const [name, files] of Object.entries(chosen)) {
  const report = await measureLikeness(files, { texture: !values.untextured });
  out[name] = report;
  console.log(`\n== ${name}: ${report.photos.length} photos ==`);
  if (report.skipped.length) console.log(`skipped (no face found): ${report.skipped.join(", ")}`);
  for (const [style, views] of Object.entries(report.results))
    for (const [view, { rows, summary }] of Object.entries(views)) {
      console.log(
        `${style.padEnd(9)} ${view.padEnd(6)}  under ${SAME_PERSON}: ${summary.under} of ${summary.count}  rank-1: ${summary.rank1} of ${summary.count}  mean ${summary.mean.toFixed(3)}` +
          (summary.found < summary.count ? `  (face found in ${summary.found})` : ""),
      );
      for (const row of rows)
        console.log(
          `    ${row.photo.padEnd(28)} ${row.distance === null ? "  -  " : row.distance.toFixed(3)} ${row.rank1 ? "rank-1" : ""}`,
        );
    }
  const secs = report.cloneSeconds;
  console.log(
    `clone time: mean ${(secs.reduce((s, v) => s + v, 0) / secs.length).toFixed(2)} s, max ${Math.max(...secs).toFixed(2)} s`,
  );
}
if (!values["no-system"]) {
  console.log("\n== the 16 system avatars, pairwise ==");
  for (const style of ["realistic", "toon"] as const) {
    const d = await systemDistances(style);
    out[`system-${style}`] = d;
    console.log(
      `${style.padEnd(9)} faces found ${d.found} of 16; ${d.apart} of ${d.pairs} pairs >= ${SAME_PERSON} apart (${((100 * d.apart) / Math.max(1, d.pairs)).toFixed(0)} %); mean ${d.mean.toFixed(3)}, min ${d.min.toFixed(3)}`,
    );
  }
}
if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 2));
