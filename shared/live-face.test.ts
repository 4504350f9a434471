import { describe, expect, it } from "vitest";
import {
  ARKIT_BLENDSHAPES,
  createFaceThrottle,
  FACE_FRAME_MAX_BYTES,
  parseFaceFrame,
  parseFaceFrameText,
} from "./live-face.ts";

describe("the face frame", () => {
  const good = {
    type: "face",
    t: 12.5,
    blendshapes: { jawOpen: 0.8, eyeBlinkLeft: 0 },
    head: { pitch: 0.1, yaw: -0.2, roll: 0 },
  };

  it("names ARKit's 52 blendshapes, once each", () => {
    expect(ARKIT_BLENDSHAPES).toHaveLength(52);
    expect(new Set(ARKIT_BLENDSHAPES).size).toBe(52);
  });

  it("keeps a well-formed frame: weights, head pose, shoulders; all 52 names at once", () => {
    expect(parseFaceFrame(good)).toEqual(good);
    expect(parseFaceFrame({ type: "face", t: 1, blendshapes: {} })).toEqual({ type: "face", t: 1, blendshapes: {} });
    const body = { ...good, shoulders: { tilt: -0.1, sway: 0.4 } };
    expect(parseFaceFrame(body)).toEqual(body);
    // the half-body's arms (decision 043): unit directions, one arm or both
    const arms = {
      ...body,
      arms: { left: { upper: [0, -1, 0], fore: [0, 0, 1] }, right: { upper: [0, -1, 0], fore: [0, 1, 0] } },
    };
    expect(parseFaceFrame(arms)).toEqual(arms);
    const one = { ...good, arms: { right: { upper: [0, -1, 0], fore: [0.6, 0.8, 0] } } };
    expect(parseFaceFrame(one)).toEqual(one);
    // about unit length is made exactly unit
    expect(parseFaceFrame({ ...good, arms: { left: { upper: [0, -1.2, 0], fore: [0, 0, 0.9] } } })?.arms).toEqual({
      left: { upper: [0, -1, 0], fore: [0, 0, 1] },
    });
    const all = { type: "face", t: 3, blendshapes: Object.fromEntries(ARKIT_BLENDSHAPES.map((n) => [n, 1])) };
    const text = JSON.stringify(all);
    expect(text.length).toBeLessThan(FACE_FRAME_MAX_BYTES);
    expect(parseFaceFrameText(text)).toEqual(all);
  });

  it.each([
    ["not an object", "face"],
    ["another type", { ...good, type: "auth" }],
    ["no time", { ...good, t: undefined }],
    ["a time that is not finite", { ...good, t: Number.POSITIVE_INFINITY }],
    ["an extra field", { ...good, extra: "x" }],
    ["weights as a list", { ...good, blendshapes: [0.1] }],
    ["a weight above 1", { ...good, blendshapes: { jawOpen: 1.5 } }],
    ["a negative weight", { ...good, blendshapes: { jawOpen: -0.1 } }],
    ["a weight that is NaN", { ...good, blendshapes: { jawOpen: Number.NaN } }],
    ["a weight that is not a number", { ...good, blendshapes: { jawOpen: "1" } }],
    ["an unknown name", { ...good, blendshapes: { jawOpen: 0.5, mouthOpen: 0.5 } }],
    ["a name from the object's prototype", { ...good, blendshapes: JSON.parse('{"__proto__": 0.5}') }],
    ["a head angle beyond π", { ...good, head: { pitch: 4, yaw: 0, roll: 0 } }],
    ["a head without roll", { ...good, head: { pitch: 0, yaw: 0 } }],
    ["a head with more", { ...good, head: { pitch: 0, yaw: 0, roll: 0, x: 1 } }],
    ["shoulders swaying beyond the picture", { ...good, shoulders: { tilt: 0, sway: 1.5 } }],
    ["shoulders without tilt", { ...good, shoulders: { sway: 0 } }],
    ["an arm on a third side", { ...good, arms: { middle: { upper: [0, -1, 0], fore: [0, 0, 1] } } }],
    ["an arm without its forearm", { ...good, arms: { left: { upper: [0, -1, 0] } } }],
    ["an arm with more", { ...good, arms: { left: { upper: [0, -1, 0], fore: [0, 0, 1], hand: [1, 0, 0] } } }],
    ["an arm direction of zero length", { ...good, arms: { left: { upper: [0, 0, 0], fore: [0, 0, 1] } } }],
    ["an arm direction far from unit length", { ...good, arms: { left: { upper: [0, -3, 0], fore: [0, 0, 1] } } }],
    ["an arm direction with two numbers", { ...good, arms: { left: { upper: [0, -1], fore: [0, 0, 1] } } }],
    [
      "an arm direction that is not finite",
      { ...good, arms: { left: { upper: [0, Number.NaN, 0], fore: [0, 0, 1] } } },
    ],
    ["arms as a list", { ...good, arms: [] }],
  ])("refuses %s", (_name, value) => {
    expect(parseFaceFrame(value)).toBeNull();
  });

  it("refuses an oversized text unread, and one that is not JSON", () => {
    const padded = `${JSON.stringify(good).slice(0, -1)}${" ".repeat(FACE_FRAME_MAX_BYTES)}}`;
    expect(JSON.parse(padded)).toEqual(good);
    expect(parseFaceFrameText(padded)).toBeNull();
    expect(parseFaceFrame(good, FACE_FRAME_MAX_BYTES + 1)).toBeNull();
    expect(parseFaceFrameText("{face")).toBeNull();
  });
});

describe("the face throttle (latest wins, ≤ 30 a second)", () => {
  /** A hand-moved clock and timers. */
  function fakeTime() {
    let now = 0;
    let timers: { at: number; fn: () => void }[] = [];
    return {
      now: () => now,
      setTimer: (fn: () => void, ms: number) => {
        const timer = { at: now + ms, fn };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer: unknown) => {
        timers = timers.filter((x) => x !== timer);
      },
      advance(ms: number) {
        const until = now + ms;
        for (;;) {
          const due = timers.filter((x) => x.at <= until).sort((a, b) => a.at - b.at)[0];
          if (!due) break;
          timers = timers.filter((x) => x !== due);
          now = due.at;
          due.fn();
        }
        now = until;
      },
      pending: () => timers.length,
    };
  }

  it("sends the first at once, then at most one per 1/30 s, the newest of those waiting", () => {
    const time = fakeTime();
    const sent: [number, number][] = [];
    const throttle = createFaceThrottle<number>((n) => sent.push([n, time.now()]), time);
    throttle.push(1);
    expect(sent).toEqual([[1, 0]]);
    // 2, 3, 4 arrive within the same 33 ms: only 4 leaves, when the gap has passed
    time.advance(5);
    throttle.push(2);
    time.advance(5);
    throttle.push(3);
    throttle.push(4);
    expect(sent).toHaveLength(1);
    time.advance(40);
    expect(sent).toEqual([
      [1, 0],
      [4, 1000 / 30],
    ]);
    // a frame long after the last goes at once
    time.advance(100);
    throttle.push(5);
    expect(sent.at(-1)).toEqual([5, time.now()]);
  });

  it("never exceeds 30 a second under a 120 fps sender", () => {
    const time = fakeTime();
    let count = 0;
    const throttle = createFaceThrottle<number>(() => count++, time);
    for (let i = 0; i < 120 * 3; i++) {
      throttle.push(i);
      time.advance(1000 / 120);
    }
    expect(count).toBeGreaterThanOrEqual(89);
    expect(count).toBeLessThanOrEqual(91);
  });

  it("caps a higher rate asked for at 30, and forgets a waiting frame when stopped", () => {
    const time = fakeTime();
    const sent: number[] = [];
    const throttle = createFaceThrottle<number>((n) => sent.push(n), { ...time, perSecond: 100 });
    throttle.push(1);
    time.advance(20);
    throttle.push(2);
    expect(sent).toEqual([1]);
    throttle.stop();
    expect(time.pending()).toBe(0);
    time.advance(100);
    expect(sent).toEqual([1]);
  });
});
