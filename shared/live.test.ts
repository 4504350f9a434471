import { describe, expect, it } from "vitest";
import { parseFaceMessage } from "./live.ts";

describe("parseFaceMessage (the cloud stream's face data)", () => {
  const good = {
    type: "face",
    t: 12.5,
    blendshapes: { jawOpen: 0.8, eyeBlinkLeft: 0 },
    head: { pitch: 0.1, yaw: -0.2, roll: 0 },
  };

  it("keeps a well-formed message and drops unknown fields", () => {
    expect(parseFaceMessage({ ...good, extra: "x" })).toEqual(good);
    expect(parseFaceMessage({ type: "face", t: 1, blendshapes: {} })).toEqual({ type: "face", t: 1, blendshapes: {} });
  });

  it.each([
    ["not an object", "face"],
    ["another type", { ...good, type: "auth" }],
    ["no time", { ...good, t: undefined }],
    ["a time that is not finite", { ...good, t: Number.POSITIVE_INFINITY }],
    ["weights as a list", { ...good, blendshapes: [0.1] }],
    ["a weight above 1", { ...good, blendshapes: { jawOpen: 1.5 } }],
    ["a negative weight", { ...good, blendshapes: { jawOpen: -0.1 } }],
    ["a weight that is not a number", { ...good, blendshapes: { jawOpen: "1" } }],
    ["a name with odd characters", { ...good, blendshapes: { "jaw.Open": 0.5 } }],
    [
      "more than 64 weights",
      {
        ...good,
        blendshapes: Object.fromEntries(
          Array.from({ length: 65 }, (_, i) => [`${"a".repeat((i % 40) + 1)}${"_".repeat(Math.floor(i / 40))}`, 0.1]),
        ),
      },
    ],
    ["a head angle beyond π", { ...good, head: { pitch: 4, yaw: 0, roll: 0 } }],
    ["a head without roll", { ...good, head: { pitch: 0, yaw: 0 } }],
  ])("drops %s", (_name, value) => {
    expect(parseFaceMessage(value)).toBeNull();
  });
});
