import { describe, expect, it } from "vitest";
import type { CartoonSpec } from "../schemas/cartoon.ts";
import { readCartoonSpec, readGlbJson } from "./read-glb.ts";

/** A GLB with only a JSON chunk (padded to 4 bytes, as glTF wants). */
function glbOf(json: object): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json).padEnd(Math.ceil(JSON.stringify(json).length / 4) * 4));
  const bytes = new Uint8Array(20 + text.length);
  const dv = new DataView(bytes.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, bytes.length, true);
  dv.setUint32(12, text.length, true);
  dv.setUint32(16, 0x4e4f534a, true);
  bytes.set(text, 20);
  return bytes;
}

describe("reading a GLB back", () => {
  const spec: CartoonSpec = { sex: 2, faceParams: {}, appearance: { skinTone: 0.3 }, name: "Mia" };

  it("finds the cartoon description in asset.extras.avatar", () => {
    const glb = glbOf({ asset: { version: "2.0", extras: { avatar: spec } } });
    expect(readCartoonSpec(glb)).toEqual(spec);
    expect((readGlbJson(glb).asset as { version: string }).version).toBe("2.0");
  });

  it("says why it cannot", () => {
    expect(() => readCartoonSpec(new Uint8Array(8))).toThrow("too short for a GLB");
    expect(() => readCartoonSpec(glbOf({ asset: { version: "2.0" } }))).toThrow("no avatar description");
    expect(() => readCartoonSpec(glbOf({ asset: { extras: { avatar: { ...spec, sex: 3 } } } }))).toThrow(
      "no avatar description",
    );
  });
});
