import { describe, expect, it } from "vitest";
import { resolveLogFormat } from "./logging.ts";

describe("the log format", () => {
  it("is readable in a terminal outside production, JSON otherwise", () => {
    expect(resolveLogFormat({ isProduction: false }, true)).toBe("pretty");
    expect(resolveLogFormat({ isProduction: false }, false)).toBe("json");
    expect(resolveLogFormat({ isProduction: true }, true)).toBe("json");
  });

  it("follows LOG_FORMAT when it is set", () => {
    expect(resolveLogFormat({ isProduction: true, LOG_FORMAT: "pretty" }, false)).toBe("pretty");
    expect(resolveLogFormat({ isProduction: false, LOG_FORMAT: "json" }, true)).toBe("json");
  });
});
