import { describe, expect, it } from "vitest";
import type { VoiceLook } from "../../../shared/plan/looks.ts";
import { createSpeechEngine, espeakArgs, fixWavLengths } from "./speech.ts";

const look = (over: Partial<VoiceLook>): VoiceLook => ({
  sex: 2,
  pitch: 210,
  formantScale: 1.17,
  rate: 4.5,
  timbre: "warm",
  ...over,
});

describe("a voice look as espeak-ng's options", () => {
  it("picks the variant by sex and timbre, and the language by the text", () => {
    expect(espeakArgs(look({}), "hello").voice).toBe("en+f2");
    expect(espeakArgs(look({ timbre: "bright" }), "hello").voice).toBe("en+f4");
    expect(espeakArgs(look({ sex: 1, pitch: 110, timbre: "warm" }), "hi").voice).toBe("en+m3");
    expect(espeakArgs(look({ sex: 1, pitch: 85, timbre: "breathy" }), "hi").voice).toBe("en+m7");
    expect(espeakArgs(look({ sex: 0, timbre: "robot" }), "hi").voice).toBe("en+robosoft");
    expect(espeakArgs(look({ timbre: "whisper" }), "hi").voice).toBe("en+whisperf");
    expect(espeakArgs(look({ sex: 0, pitch: 300, timbre: "bright" }), "hi").voice).toBe("en+f5");
    expect(espeakArgs(look({}), "大家好").voice).toBe("cmn+f2");
    expect(espeakArgs(look({}), "hello 大家").voice).toBe("cmn+f2");
  });

  it("moves the pitch 4 steps a semitone from the variant's own, within 0..99", () => {
    const at = (pitch: number) => espeakArgs(look({ pitch }), "x").pitch;
    expect(at(185)).toBe(50);
    expect(at(185 * 2)).toBe(98);
    expect(at(250)).toBeGreaterThan(at(210));
    expect(at(5000)).toBe(99);
    expect(at(40)).toBe(0);
  });

  it("turns syllables a second into words a minute, within 80..450", () => {
    const at = (rate: number) => espeakArgs(look({ rate }), "x").speed;
    expect(at(4.5)).toBe(186);
    expect(at(3.5)).toBe(145);
    expect(at(0.5)).toBe(80);
    expect(at(100)).toBe(450);
  });
});

describe("espeak-ng's streamed WAV", () => {
  it("gets its real lengths, and anything else is refused", () => {
    const wav = Buffer.alloc(44 + 10);
    wav.write("RIFF", 0, "ascii");
    wav.writeUInt32LE(0x7ffff024, 4);
    wav.write("WAVEfmt ", 8, "ascii");
    wav.writeUInt32LE(16, 16);
    wav.write("data", 36, "ascii");
    wav.writeUInt32LE(0x7ffff000, 40);
    const fixed = fixWavLengths(wav);
    expect(fixed?.readUInt32LE(4)).toBe(46);
    expect(fixed?.readUInt32LE(40)).toBe(10);
    expect(fixWavLengths(Buffer.from("not a wav file at all, just some text here....."))).toBeNull();
  });
});

describe("the engine switch", () => {
  it("SPEECH_ENGINE=off, or a program that is not there, speaks nothing", async () => {
    expect(await createSpeechEngine({ engine: "off", program: "espeak-ng" }).ready).toBeNull();
    expect(await createSpeechEngine({ engine: "espeak-ng", program: "/nonexistent/espeak-ng" }).ready).toBeNull();
    // a program that is there but is not espeak-ng
    expect(await createSpeechEngine({ engine: "espeak-ng", program: "true" }).ready).toBeNull();
  });
});
