import { describe, expect, it } from "vitest";
import {
  addDays,
  budgetRules,
  CUSTOM_ACTIONS,
  CUSTOM_STATUSES,
  CUSTOM_STYLES,
  canDo,
  checkCustomFields,
  checkPhotoCount,
  dateIn,
  deadlineBounds,
  FINAL_STATUSES,
  formatMoney,
  isIsoDate,
} from "./custom.ts";
import { CustomStatusSchema, CustomStyleSchema } from "./schemas/custom.ts";

describe("tailored-model states", () => {
  it("lets nothing leave a final state, and lets the user cancel only before production", () => {
    for (const status of FINAL_STATUSES)
      for (const action of Object.keys(CUSTOM_ACTIONS) as (keyof typeof CUSTOM_ACTIONS)[])
        expect(canDo(action, status), `${action} from ${status}`).toBe(false);
    expect(CUSTOM_STATUSES.filter((s) => canDo("cancel", s))).toEqual(["submitted", "quoted"]);
    expect(CUSTOM_STATUSES.filter((s) => canDo("deliver", s))).toEqual(["producing"]);
    expect(canDo("produce", "submitted")).toBe(false);
  });

  it("has the same states and styles in the wire schemas", () => {
    expect(CustomStatusSchema.anyOf.map((s) => s.const)).toEqual([...CUSTOM_STATUSES]);
    expect(CustomStyleSchema.anyOf.map((s) => s.const)).toEqual([...CUSTOM_STYLES]);
  });
});

describe("the request form's rules", () => {
  const now = new Date("2026-03-10T20:30:00Z");
  const intl = { budget: budgetRules("intl"), deadline: deadlineBounds(now, "intl") };
  const good = { description: "Me, as an anime streamer", style: "anime", budget: "50000", deadline: "2026-04-01" };
  const check = (input: Partial<typeof good>) => checkCustomFields({ ...good, ...input }, intl.budget, intl.deadline);

  it("counts today in the site's zone: Shanghai is a day ahead at 20:30 UTC", () => {
    expect(deadlineBounds(now, "intl")).toMatchObject({ today: "2026-03-10", min: "2026-03-24", max: "2027-03-10" });
    expect(deadlineBounds(now, "cn")).toMatchObject({ today: "2026-03-11", min: "2026-03-25" });
    expect(dateIn(now, "Asia/Shanghai")).toBe("2026-03-11");
  });

  it("accepts a good form, trimmed", () => {
    expect(check({ description: "  Me  " })).toEqual({
      ok: true,
      value: { description: "Me", style: "anime", budget: 50000, deadline: "2026-04-01" },
    });
  });

  it.each([
    [{ description: " " }, "DESCRIPTION_REQUIRED"],
    [{ style: "oil painting" }, "CUSTOM_STYLE_REQUIRED"],
    [{ budget: "500.00" }, "CUSTOM_BUDGET_INVALID"],
    [{ budget: "-50000" }, "CUSTOM_BUDGET_INVALID"],
    [{ budget: "29999" }, "CUSTOM_BUDGET_INVALID"],
    [{ deadline: "01/04/2026" }, "CUSTOM_DEADLINE_INVALID"],
    [{ deadline: "2026-03-10" }, "CUSTOM_DEADLINE_PAST"],
    [{ deadline: "2026-03-23" }, "CUSTOM_DEADLINE_TOO_SOON"],
    [{ deadline: "2027-03-11" }, "CUSTOM_DEADLINE_TOO_FAR"],
  ])("refuses %o with %s", (input, code) => {
    expect(check(input)).toMatchObject({ ok: false, code });
  });

  it("takes the first and last allowed deadline", () => {
    expect(check({ deadline: "2026-03-24" }).ok).toBe(true);
    expect(check({ deadline: "2027-03-10" }).ok).toBe(true);
  });

  it("counts photos: one to five", () => {
    expect(checkPhotoCount(0)?.code).toBe("CUSTOM_PHOTOS_REQUIRED");
    expect(checkPhotoCount(1)).toBeNull();
    expect(checkPhotoCount(5)).toBeNull();
    expect(checkPhotoCount(6)).toEqual({ code: "CUSTOM_TOO_MANY_PHOTOS", params: { max: 5 } });
  });
});

describe("helpers", () => {
  it("formats minor units without floating point", () => {
    expect(formatMoney(500000, "¥")).toBe("¥5,000");
    expect(formatMoney(123450, "$")).toBe("$1,234.50");
    expect(formatMoney(1_000_000_000, "$")).toBe("$10,000,000");
    expect(formatMoney(5, "$")).toBe("$0.05");
  });

  it("knows real dates and adds days across months and years", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-2-1")).toBe(false);
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
  });
});
