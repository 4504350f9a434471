import { beforeAll, describe, expect, it } from "vitest";
import { buildAvatar } from "../../../shared/avatar/index.ts";
import { type BustFit, fitBust } from "./fit.ts";
import { layoutPets } from "./petLayout.ts";

let fit: BustFit;
beforeAll(() => {
  fit = fitBust(buildAvatar({ sex: 2 }));
});

describe("layoutPets", () => {
  it("sits walkers on the shoulders and floats fliers beside the head", () => {
    const [cat, butterfly, dog] = layoutPets(["cat", "butterfly", "dog"], fit);
    expect(cat?.perch).toBe("shoulder");
    expect(dog?.perch).toBe("shoulder");
    expect(butterfly?.perch).toBe("air");
    expect(Math.sign(cat?.position[0] ?? 0)).toBe(-Math.sign(dog?.position[0] ?? 0));
    expect(butterfly?.position[1]).toBeGreaterThan(cat?.position[1] ?? 0);
    // outside the head
    expect(Math.abs(butterfly?.position[0] ?? 0)).toBeGreaterThan(fit.templeX);
  });

  it("puts a third sitter up in the air when both shoulders are taken", () => {
    const places = layoutPets(["cat", "dog", "bunny"], fit);
    expect(places.map((p) => p.perch)).toEqual(["shoulder", "shoulder", "air"]);
  });

  it("never stacks two pets in one place", () => {
    const places = layoutPets(["fish", "bot", "butterfly", "cat"], fit);
    const keys = places.map((p) => p.position.map((v) => v.toFixed(3)).join(","));
    expect(new Set(keys).size).toBe(4);
    expect(places.map((p) => p.perch)).toEqual(["air", "air", "shoulder", "shoulder"]);
  });

  it("sits pets on top of the shoulders, not inside them", () => {
    const [p] = layoutPets(["panda"], fit);
    expect(p?.position[1]).toBeGreaterThan(fit.shoulders[1][1] - 0.01);
  });
});
