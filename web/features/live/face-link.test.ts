import { afterEach, describe, expect, it, vi } from "vitest";
import type { Capture, PreviewHandle } from "../../three/plan/types.ts";
import { captureOfFrame, createFaceLink, createFaceSender, frameOfCapture, LOST_MS } from "./face-link.ts";

const capture: Capture = {
  weights: { jawOpen: 0.9, eyeBlinkLeft: 0.2, sliderX: 0.5 },
  head: { x: 0.1, y: -0.2, z: 0.05 },
  body: { tilt: 0.1, sway: -0.3 },
  arms: { left: { upper: [0, -1, 0], fore: [0, 1, 0] } },
  frameAt: 1234,
  seq: 7,
};

afterEach(() => vi.useRealTimers());

describe("face-link", () => {
  it("turns a capture into a frame (ARKit names only) and back", () => {
    const frame = frameOfCapture(capture, 1234);
    expect(frame).toEqual({
      type: "face",
      t: 1234,
      blendshapes: { jawOpen: 0.9, eyeBlinkLeft: 0.2 },
      head: { pitch: 0.1, yaw: -0.2, roll: 0.05 },
      shoulders: { tilt: 0.1, sway: -0.3 },
      arms: { left: { upper: [0, -1, 0], fore: [0, 1, 0] } },
    });
    expect(captureOfFrame(frame, 3, 99)).toEqual({
      weights: { jawOpen: 0.9, eyeBlinkLeft: 0.2 },
      head: { x: 0.1, y: -0.2, z: 0.05 },
      body: { tilt: 0.1, sway: -0.3 },
      arms: { left: { upper: [0, -1, 0], fore: [0, 1, 0] } },
      frameAt: 99,
      seq: 3,
    });
  });

  it("applies valid frames to the preview, ignores invalid ones, and lets go when they stop", () => {
    vi.useFakeTimers();
    const seen: (Capture | null)[] = [];
    const preview: PreviewHandle = { play: () => undefined, capture: (c) => void seen.push(c), mouth: () => undefined };
    const link = createFaceLink(() => preview);
    link.apply({ type: "face", t: 1, blendshapes: { jawOpen: 2 } });
    link.apply({ type: "face", t: 1, blendshapes: { mouthOpen: 0.5 } });
    expect(seen).toEqual([]);
    link.apply(frameOfCapture(capture, 5));
    expect(link.count).toBe(1);
    expect(seen[0]?.weights.jawOpen).toBe(0.9);
    vi.advanceTimersByTime(LOST_MS + 1);
    expect(seen.at(-1)).toBeNull();
    link.stop();
  });

  it("sends at most 30 frames a second, the newest", () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const sender = createFaceSender((frame) => sent.push(frame.t));
    for (let i = 0; i < 60; i++) {
      sender.capture({ ...capture, frameAt: i });
      vi.advanceTimersByTime(1000 / 60);
    }
    sender.capture(null);
    vi.advanceTimersByTime(100);
    expect(sent.length).toBeGreaterThanOrEqual(29);
    expect(sent.length).toBeLessThanOrEqual(31);
    expect(sent.at(-1)).toBe(59);
    sender.stop();
  });
});
