/**
 * The VMC bridge's reader (scripts/mocap/vmc.ts, docs/decisions/042): OSC messages and bundles as a
 * capture app sends them become face frames the server's validator takes.
 */
import { describe, expect, it } from "vitest";
import { createVmcReader, headOfUnityQuaternion, readOsc } from "../../scripts/mocap/vmc.ts";
import { type FaceFrame, parseFaceFrame } from "../../shared/live-face.ts";
import { bundle, message, oscString } from "../helpers/osc.ts";

/** A quaternion for `degrees` about one of Unity's axes. */
function about(axis: "x" | "y" | "z", degrees: number): [number, number, number, number] {
  const h = (degrees * Math.PI) / 360;
  return [axis === "x" ? Math.sin(h) : 0, axis === "y" ? Math.sin(h) : 0, axis === "z" ? Math.sin(h) : 0, Math.cos(h)];
}
const deg = (rad: number | undefined) => ((rad ?? Number.NaN) * 180) / Math.PI;

describe("OSC", () => {
  it("reads a message's strings, floats and ints, and the messages of nested bundles", () => {
    expect(readOsc(message("/VMC/Ext/Blend/Val", "JawOpen", 0.5, { int: 7 }))).toEqual([
      { address: "/VMC/Ext/Blend/Val", args: ["JawOpen", 0.5, 7] },
    ]);
    const nested = bundle(message("/a", 1), bundle(message("/b", "x"), message("/c")));
    expect(readOsc(nested).map((m) => m.address)).toEqual(["/a", "/b", "/c"]);
  });

  it("throws on what is not OSC", () => {
    expect(() => readOsc(Buffer.from("hello"))).toThrow();
    expect(() => readOsc(Buffer.concat([oscString("/a"), oscString(",f")]))).toThrow();
    const lying = bundle(message("/a", 1));
    lying.writeInt32BE(999, 16);
    expect(() => readOsc(lying)).toThrow();
  });
});

describe("VMC into face frames", () => {
  it("makes one frame per Apply from ARKit names (any case) and VRM presets, which the server takes", () => {
    const frames: unknown[] = [];
    const vmc = createVmcReader(
      (f) => frames.push(f),
      () => 1234,
    );
    vmc.read(
      bundle(
        message("/VMC/Ext/Blend/Val", "JawOpen", 0.8),
        message("/VMC/Ext/Blend/Val", "mouthSmileLeft", 0.25),
        message("/VMC/Ext/Blend/Val", "Blink_R", 1),
        message("/VMC/Ext/Blend/Val", "NotAShape", 1),
        message("/VMC/Ext/Bone/Pos", "Head", 0, 0, 0, ...about("x", 20)),
        message("/VMC/Ext/Bone/Pos", "Chest", 0, 0, 0, ...about("y", 45)),
        message("/VMC/Ext/Blend/Apply"),
      ),
    );
    expect(frames).toHaveLength(1);
    const frame = parseFaceFrame(frames[0]);
    expect(frame).not.toBeNull();
    expect(frame?.t).toBe(1234);
    expect(frame?.blendshapes.jawOpen).toBeCloseTo(0.8, 5);
    expect(frame?.blendshapes).toMatchObject({ mouthSmileLeft: 0.25, eyeBlinkRight: 1 });
    expect(Object.keys(frame?.blendshapes ?? {})).toHaveLength(3);
    expect(deg(frame?.head?.pitch)).toBeCloseTo(20, 3);

    // values last until changed; a preset and an ARKit name for one shape: the larger
    vmc.read(message("/VMC/Ext/Blend/Val", "A", 0.5));
    vmc.read(message("/VMC/Ext/Blend/Apply"));
    expect((frames[1] as { blendshapes: Record<string, number> }).blendshapes.jawOpen).toBeCloseTo(0.8, 5);
    vmc.read(message("/VMC/Ext/Blend/Val", "JawOpen", 0));
    vmc.read(message("/VMC/Ext/Blend/Apply"));
    expect((frames[2] as { blendshapes: Record<string, number> }).blendshapes.jawOpen).toBeCloseTo(0.5, 5);
  });

  it("turns Unity's head rotation into the frame's signs", () => {
    expect(deg(headOfUnityQuaternion(...about("x", 15))?.pitch)).toBeCloseTo(15, 3); // nods down
    expect(deg(headOfUnityQuaternion(...about("y", 30))?.yaw)).toBeCloseTo(-30, 3); // Unity +y: to the right
    expect(deg(headOfUnityQuaternion(...about("z", 10))?.roll)).toBeCloseTo(-10, 3); // Unity +z: to the left
    expect(headOfUnityQuaternion(0, 0, 0, 1)).toEqual({ pitch: 0, yaw: -0, roll: -0 });
  });

  it("gives the upper body's tilt from the spine's rolls and its sway from the hips", () => {
    const frames: { shoulders?: { tilt: number; sway: number } }[] = [];
    const vmc = createVmcReader((f) => frames.push(f));
    vmc.read(message("/VMC/Ext/Blend/Apply"));
    expect(frames[0]?.shoulders).toBeUndefined(); // no body bones: no shoulders
    vmc.read(
      bundle(
        message("/VMC/Ext/Bone/Pos", "Spine", 0, 1, 0, ...about("z", 4)),
        message("/VMC/Ext/Bone/Pos", "Chest", 0, 0.1, 0, ...about("z", 6)),
        message("/VMC/Ext/Bone/Pos", "Hips", 0.1, 0.9, 0, 0, 0, 0, 1),
        message("/VMC/Ext/Bone/Pos", "LeftHand", 0.3, 1, 0, 0, 0, 0, 1),
        message("/VMC/Ext/Blend/Apply"),
      ),
    );
    const body = frames[1]?.shoulders;
    expect(parseFaceFrame(frames[1])).not.toBeNull();
    // Unity +z tilts to the left shoulder: the frame's tilt is to the right, so negative
    expect(deg(body?.tilt)).toBeCloseTo(-10, 3);
    // 10 cm to Unity's +x (the subject's right): the sway is to the right, negative
    expect(body?.sway).toBeCloseTo(-0.4, 5);
    vmc.read(message("/VMC/Ext/Bone/Pos", "Hips", -5, 0.9, 0, 0, 0, 0, 1));
    vmc.read(message("/VMC/Ext/Blend/Apply"));
    expect(frames[2]?.shoulders?.sway).toBe(1);
  });

  it("composes the arms' chains from the hips into the frame's arm directions", () => {
    const frames: FaceFrame[] = [];
    const vmc = createVmcReader((f) => frames.push(f));
    const bone = (name: string, p: [number, number, number], q: [number, number, number, number] = [0, 0, 0, 1]) =>
      message("/VMC/Ext/Bone/Pos", name, ...p, ...q);
    // a normalised model in its T-pose (Unity: the avatar faces +z, its left is -x): no arms until
    // an arm's upper arm, forearm and hand have all come
    vmc.read(
      bundle(
        bone("Hips", [0, 0.9, 0], about("y", 40)), // the hips' own turn is left out
        bone("Spine", [0, 0.1, 0]),
        bone("Chest", [0, 0.15, 0]),
        bone("LeftShoulder", [-0.03, 0.2, 0]),
        bone("LeftUpperArm", [-0.09, 0, 0]),
        bone("LeftLowerArm", [-0.25, 0, 0]),
        message("/VMC/Ext/Blend/Apply"),
      ),
    );
    expect(frames[0]?.arms).toBeUndefined();
    vmc.read(bundle(bone("LeftHand", [-0.22, 0, 0]), message("/VMC/Ext/Blend/Apply")));
    const tPose = parseFaceFrame(frames[1]);
    expect(tPose?.arms?.right).toBeUndefined();
    // level and out to the subject's left, the frame's +x
    expect(tPose?.arms?.left?.upper.map((v) => Number(v.toFixed(6)) + 0)).toEqual([1, 0, 0]);
    expect(tPose?.arms?.left?.fore.map((v) => Number(v.toFixed(6)) + 0)).toEqual([1, 0, 0]);

    // the arm lowered 70° (Unity +z turns -x down), the elbow bent 90° forward (Unity +y turns -x to +z)
    vmc.read(
      bundle(
        bone("LeftUpperArm", [-0.09, 0, 0], about("z", 70)),
        bone("LeftLowerArm", [-0.25, 0, 0], about("y", 90)),
        message("/VMC/Ext/Blend/Apply"),
      ),
    );
    const down = frames[2]?.arms?.left;
    expect(down?.upper[0]).toBeCloseTo(Math.cos((70 * Math.PI) / 180), 5);
    expect(down?.upper[1]).toBeCloseTo(-Math.sin((70 * Math.PI) / 180), 5);
    expect(down?.fore[2]).toBeCloseTo(1, 5); // toward the viewer
    // a chest leaning right (Unity -z) carries the whole left arm with it: the upper arm rises
    vmc.read(bundle(bone("Chest", [0, 0.15, 0], about("z", -20)), message("/VMC/Ext/Blend/Apply")));
    expect(frames[3]?.arms?.left?.upper[1]).toBeCloseTo(-Math.sin((50 * Math.PI) / 180), 5);

    // the right arm, mirrored: out to the subject's right (-x), a zero-length forearm is no arm
    vmc.read(
      bundle(
        bone("Chest", [0, 0.15, 0]),
        bone("RightUpperArm", [0.09, 0.35, 0]),
        bone("RightLowerArm", [0.25, 0, 0]),
        bone("RightHand", [0, 0, 0]),
        message("/VMC/Ext/Blend/Apply"),
      ),
    );
    expect(frames[4]?.arms?.right).toBeUndefined();
    vmc.read(bundle(bone("RightHand", [0.22, 0, 0]), message("/VMC/Ext/Blend/Apply")));
    expect(frames[5]?.arms?.right?.upper[0]).toBeCloseTo(-1, 5);
    expect(parseFaceFrame(frames[5])).not.toBeNull();
  });

  it("counts a malformed datagram and drops it", () => {
    const frames: unknown[] = [];
    const vmc = createVmcReader((f) => frames.push(f));
    vmc.read(Buffer.from([1, 2, 3]));
    vmc.read(message("/VMC/Ext/Blend/Apply"));
    expect(vmc.stats()).toEqual({ packets: 2, refused: 1 });
    expect(frames).toHaveLength(1);
  });
});
