/** OSC 1.0 encoding of what the tests send a VMC reader: strings, floats and ints (decision 042). */
export function pad(bytes: Buffer): Buffer {
  return Buffer.concat([bytes, Buffer.alloc(4 - (bytes.length % 4))]);
}
export const oscString = (s: string) => pad(Buffer.from(s, "utf8"));
export function message(address: string, ...args: (string | number | { int: number })[]): Buffer {
  const tags = `,${args.map((a) => (typeof a === "string" ? "s" : typeof a === "number" ? "f" : "i")).join("")}`;
  const parts = args.map((a) => {
    if (typeof a === "string") return oscString(a);
    const b = Buffer.alloc(4);
    if (typeof a === "number") b.writeFloatBE(a);
    else b.writeInt32BE(a.int);
    return b;
  });
  return Buffer.concat([oscString(address), oscString(tags), ...parts]);
}
export function bundle(...elements: Buffer[]): Buffer {
  const parts = elements.flatMap((e) => {
    const size = Buffer.alloc(4);
    size.writeInt32BE(e.length);
    return [size, e];
  });
  return Buffer.concat([oscString("#bundle"), Buffer.alloc(8), ...parts]);
}
