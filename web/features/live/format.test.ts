import { describe, expect, it } from "vitest";
import { clock } from "./format.ts";

describe("clock", () => {
  it("shows minutes and seconds, and hours once there are any", () => {
    expect(clock(0)).toBe("00:00");
    expect(clock(75)).toBe("01:15");
    expect(clock(3600 + 62)).toBe("1:01:02");
  });
});
