import { describe, expect, it } from "vitest";
import { planLink } from "./links.ts";

describe("planLink", () => {
  it("opens /plan with planId, roleId and the avatar's sex as roleType", () => {
    expect(planLink({ planId: "p 1", roleId: "sys-f-01", avatarSex: "2" })).toBe(
      "/plan?planId=p+1&roleId=sys-f-01&roleType=2",
    );
    expect(planLink({ planId: "p1", roleId: "r1", avatarSex: 1 })).toBe("/plan?planId=p1&roleId=r1&roleType=1");
  });
});
