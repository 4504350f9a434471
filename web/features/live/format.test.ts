import { describe, expect, it } from "vitest";
import { captureModeOf, clock, firstOpenMode, framingOfMode } from "./format.ts";

describe("clock", () => {
  it("shows minutes and seconds, and hours once there are any", () => {
    expect(clock(0)).toBe("00:00");
    expect(clock(75)).toBe("01:15");
    expect(clock(3600 + 62)).toBe("1:01:02");
  });
});

describe("the studio's modes", () => {
  const modes = [
    { mode: "plan", allowed: false, built: true },
    { mode: "motion", allowed: true, built: false },
    { mode: "cloud", allowed: true, built: true },
  ];
  it("preselects the first mode the user may go live in, else the first listed", () => {
    expect(firstOpenMode(modes)?.mode).toBe("cloud");
    expect(firstOpenMode(modes.map((m) => ({ ...m, allowed: false })))?.mode).toBe("plan");
    expect(firstOpenMode([])).toBeUndefined();
  });
  it("captures the face in face and cloud modes, face and shoulders in half-body", () => {
    expect(captureModeOf("face")).toBe("face");
    expect(captureModeOf("cloud")).toBe("face");
    expect(captureModeOf("halfBody")).toBe("halfBody");
    expect(captureModeOf("plan")).toBeNull();
    expect(captureModeOf("motion")).toBeNull();
  });
  it("frames the half-body where the body is followed, the bust elsewhere", () => {
    expect(framingOfMode("halfBody")).toBe("half");
    expect(framingOfMode("motion")).toBe("half");
    for (const mode of ["plan", "face", "cloud", null, undefined]) expect(framingOfMode(mode)).toBe("bust");
  });
});
