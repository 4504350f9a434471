import { describe, expect, it } from "vitest";
import type { LiveServerMessage } from "../../../shared/live.ts";
import { obsOnAir, obsPlays } from "./obs-air.ts";

const ended: LiveServerMessage = { type: "session", state: "ended", sessionId: "s1" };
const live: LiveServerMessage = { type: "session", state: "live", sessionId: "s2" };
const gift = { type: "interaction" } as LiveServerMessage;

describe("the OBS source on and off air", () => {
  it("goes off air when the session ends and back on when a session starts", () => {
    expect(obsOnAir(true, ended)).toBe(false);
    expect(obsOnAir(false, ended)).toBe(false);
    expect(obsOnAir(false, live)).toBe(true);
    expect(obsOnAir(true, live)).toBe(true);
  });

  it("is not moved by anything else", () => {
    for (const current of [true, false]) {
      expect(obsOnAir(current, gift)).toBe(current);
      expect(obsOnAir(current, { type: "ready", userId: "u", role: "source" })).toBe(current);
    }
  });

  it("plays interactions only on air", () => {
    expect(obsPlays(true, gift)).toBe(true);
    expect(obsPlays(false, gift)).toBe(false);
    expect(obsPlays(true, live)).toBe(false);
  });
});
