import { describe, expect, it } from "vitest";
import { replyFor, SPEECH_MAX_CHARS, speechLength } from "./speech.ts";

describe("spoken lines", () => {
  it("count code points of the trimmed text", () => {
    expect(speechLength("  hi  ")).toBe(2);
    expect(speechLength("🌹🌹")).toBe(2);
    expect(speechLength("大家好")).toBe(3);
    expect(SPEECH_MAX_CHARS).toBe(200);
  });

  it("fill every {viewer} of a reply with the viewer's name", () => {
    expect(replyFor("Thanks {viewer}! {viewer} rocks", "Ana")).toBe("Thanks Ana! Ana rocks");
    expect(replyFor("  No name here ", "Ana")).toBe("No name here");
    // a name that looks like a placeholder is not filled again
    expect(replyFor("Hi {viewer}", "{viewer}")).toBe("Hi {viewer}");
  });
});
