import { describe, expect, it } from "vitest";
import { decimalToMinor, formatPrice, minorToDecimal } from "../../../shared/orders.ts";
import { displayPrice, savingPercent } from "./price.ts";

describe("prices", () => {
  it("format minor units without floating point", () => {
    expect(displayPrice(3900, "¥")).toBe("¥39");
    expect(displayPrice(599, "$")).toBe("$5.99");
    expect(displayPrice(5, "$")).toBe("$0.05");
    expect(formatPrice(119900, "¥")).toBe("¥1199.00");
    expect(minorToDecimal(10)).toBe("0.10");
    expect(decimalToMinor("88.00")).toBe(8800);
    expect(decimalToMinor("0.1")).toBe(10);
    expect(decimalToMinor("1.005")).toBeNull();
  });

  it("say what a longer period saves", () => {
    expect(savingPercent(9900, 11700)).toBe(15);
    expect(savingPercent(3900, 3900)).toBe(0);
  });
});
