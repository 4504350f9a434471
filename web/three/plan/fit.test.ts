import { beforeAll, describe, expect, it } from "vitest";
import { type AvatarMesh, buildAvatar, EXPRESSION_NAMES } from "../../../shared/avatar/index.ts";
import { type BustFit, domeRadius, fitBust, neckRadius, shapeAvatar } from "./fit.ts";

let female: AvatarMesh;
let male: AvatarMesh;
// two builds take a few seconds each on a loaded 2-core machine
beforeAll(() => {
  female = buildAvatar({ sex: 2 });
  male = buildAvatar({ sex: 1 });
}, 60_000);

describe("shapeAvatar", () => {
  it("moves the face sliders into the positions and carries only expression targets", () => {
    const shaped = shapeAvatar(female, { "head.size": 1, unknown: 3 });
    const skin = shaped.primitives.find((p) => p.name === "skin");
    const base = female.primitives.find((p) => p.name === "skin");
    expect(skin && base).toBeTruthy();
    expect(skin?.positions).not.toEqual(base?.positions);
    expect(Object.keys(skin?.targets ?? {}).every((n) => EXPRESSION_NAMES.includes(n))).toBe(true);
    expect(skin?.targets.jawOpen).toBeDefined();
    // the source mesh is untouched
    expect(female.primitives.find((p) => p.name === "skin")?.positions).toBe(base?.positions);
  });

  it("shares the positions when the face is neutral", () => {
    const shaped = shapeAvatar(male, {});
    expect(shaped.primitives[0]?.positions).toBe(male.primitives[0]?.positions);
  });
});

describe("fitBust", () => {
  const check = (fit: BustFit) => {
    // the eyes mirror each other, in front of the face, below the brows
    expect(fit.eyes[0][0]).toBeCloseTo(-fit.eyes[1][0], 3);
    expect(fit.eyes[0][0]).toBeGreaterThan(0.02);
    expect(fit.eyes[0][2]).toBeGreaterThan(0.06);
    expect(fit.browY).toBeGreaterThan(fit.eyes[0][1]);
    expect(fit.bridge[2]).toBeGreaterThan(fit.eyes[0][2]);
    // the head is wider than the eyes, the ears at its sides, the crown on top
    expect(fit.templeX).toBeGreaterThan(fit.eyes[0][0] + 0.03);
    expect(fit.ears[0][0]).toBeGreaterThan(0.06);
    expect(fit.earLobeY).toBeLessThan(fit.ears[0][1]);
    expect(fit.crownY).toBeGreaterThan(0.12);
    expect(fit.crownY).toBeLessThan(0.18);
    // the hair dome encloses the skull, and reaches the crown on top
    expect(domeRadius(fit.dome, 0, 0.5)).toBeGreaterThanOrEqual(domeRadius(fit.skull, 0, 0.5));
    expect(fit.dome.center[1] + domeRadius(fit.dome, 0, 0)).toBeCloseTo(fit.crownY, 1);
    // shoulders below the neck, on either side
    expect(fit.shoulders[0][0]).toBeGreaterThan(0.08);
    expect(fit.shoulders[0][1]).toBeLessThan(fit.pivot[1]);
    expect(neckRadius(fit, -0.12)).toBeGreaterThan(0.04);
    expect(neckRadius(fit, -0.12)).toBeLessThan(0.07);
  };

  it("measures the female bust", () => check(fitBust(female)));
  it("measures the male bust, with wider shoulders", () => {
    const m = fitBust(male);
    check(m);
    expect(m.shoulderHalf).toBeGreaterThan(fitBust(female).shoulderHalf);
  });

  it("follows the sliders: a larger head gets a larger dome", () => {
    const small = fitBust(shapeAvatar(male, { "head.size": -1 }));
    const large = fitBust(shapeAvatar(male, { "head.size": 1 }));
    expect(domeRadius(large.dome, Math.PI / 2, 1)).toBeGreaterThan(domeRadius(small.dome, Math.PI / 2, 1));
    expect(large.crownY).toBeGreaterThan(small.crownY);
  });
});
