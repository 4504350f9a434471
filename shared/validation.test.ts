import { describe, expect, it } from "vitest";
import { maskPhone } from "./constants.ts";
import { isBlankName, isEmail, isPassword, isPhone, isPhotoMime } from "./validation.ts";

describe("mobile phone: 11 digits, first 1, second 3 to 9", () => {
  it.each(["13800138000", "19912345678", "15000000000"])("accepts %s", (v) => expect(isPhone(v)).toBe(true));
  it.each(["12800138000", "10800138000", "1380013800", "138001380000", "2380013800a", "", "1380013800x"])(
    "refuses %s",
    (v) => expect(isPhone(v)).toBe(false),
  );
});

describe("email: local part, @, domain, suffix of 2 to 9 letters", () => {
  it.each(["a@b.cd", "first.last+tag@mail.example.museum", "x@sub.domain.co"])("accepts %s", (v) =>
    expect(isEmail(v)).toBe(true),
  );
  it.each(["a@b.c", "a@b.abcdefghij", "@b.cd", "a@.cd", "a.b.cd", "a@b.c1", "a b@c.de", ""])("refuses %s", (v) =>
    expect(isEmail(v)).toBe(false),
  );
});

describe("password: 8 to 20 characters", () => {
  it("checks both ends", () => {
    expect(isPassword("1234567")).toBe(false);
    expect(isPassword("12345678")).toBe(true);
    expect(isPassword("x".repeat(20))).toBe(true);
    expect(isPassword("x".repeat(21))).toBe(false);
  });
});

describe("names and photo types", () => {
  it("treats empty and blank names as missing", () => {
    expect(isBlankName("")).toBe(true);
    expect(isBlankName("   ")).toBe(true);
    expect(isBlankName(undefined)).toBe(true);
    expect(isBlankName("Ada")).toBe(false);
  });
  it("accepts only jpeg, png and jpg types", () => {
    expect(["image/jpeg", "image/png", "image/jpg"].every(isPhotoMime)).toBe(true);
    expect(["image/gif", "image/svg+xml", "image/webp", ""].some(isPhotoMime)).toBe(false);
  });
});

describe("phone mask", () => {
  it("shows the first 3 and last 4 digits", () => expect(maskPhone("13812345678")).toBe("138****5678"));
});
