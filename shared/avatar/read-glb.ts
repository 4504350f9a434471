/**
 * Reading a GLB back, for server (the creator's upload) and worker (toonify) alike: just enough of
 * glTF binary for its JSON chunk (the BIN chunk is not needed), and the cartoon description the
 * creator writes into asset.extras.avatar.
 */
import { Value } from "typebox/value";
import { CartoonSpec } from "../schemas/cartoon.ts";

export function readGlbJson(bytes: Uint8Array): Record<string, unknown> {
  if (bytes.byteLength < 20) throw new Error("too short for a GLB");
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== 0x46546c67) throw new Error("not a GLB (magic)");
  if (dv.getUint32(4, true) !== 2) throw new Error("not glTF 2.0");
  const total = dv.getUint32(8, true);
  if (total !== bytes.byteLength) throw new Error("length does not match the header");
  const jsonLength = dv.getUint32(12, true);
  if (dv.getUint32(16, true) !== 0x4e4f534a || 20 + jsonLength > total) throw new Error("no JSON chunk");
  const text = new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength));
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== "object") throw new Error("JSON chunk is not an object");
  return json as Record<string, unknown>;
}

/** The cartoon description a GLB carries; throws (with the reason) when it is not a GLB or carries none. */
export function readCartoonSpec(bytes: Uint8Array): CartoonSpec {
  const json = readGlbJson(bytes);
  const spec = ((json.asset as Record<string, unknown> | undefined)?.extras as Record<string, unknown> | undefined)
    ?.avatar;
  if (!Value.Check(CartoonSpec, spec)) throw new Error("no avatar description");
  return spec;
}

/** The BIN chunk of a GLB (empty when it has none), as a view on the same bytes. */
export function readGlbBin(bytes: Uint8Array): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = 20 + dv.getUint32(12, true);
  if (at + 8 > bytes.byteLength || dv.getUint32(at + 4, true) !== 0x004e4942) return new Uint8Array(0);
  return bytes.subarray(at + 8, at + 8 + dv.getUint32(at, true));
}
