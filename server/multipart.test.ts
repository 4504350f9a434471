import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readAtMost } from "./multipart.ts";

/** A file stream as the multipart parser hands it over; `truncateAfterEnd` sets the flag only once
 * every chunk has been read, the late signal upstream issue 542 describes. */
function fileStream(chunks: Buffer[], options: { truncated?: boolean; truncateAfterEnd?: boolean } = {}) {
  const stream = Readable.from(chunks) as Readable & { truncated?: boolean };
  stream.truncated = options.truncated ?? false;
  if (options.truncateAfterEnd) stream.once("end", () => (stream.truncated = true));
  return stream;
}

describe("readAtMost", () => {
  const kb = (n: number) => Buffer.alloc(n * 1024, 7);

  it("answers the whole file when it fits, up to exactly the limit", async () => {
    expect((await readAtMost(fileStream([kb(1), kb(2)]), 3 * 1024))?.length).toBe(3 * 1024);
  });

  it("counts the bytes itself: one byte over is too large even when no flag says so", async () => {
    expect(await readAtMost(fileStream([kb(3), Buffer.alloc(1)]), 3 * 1024)).toBeNull();
  });

  it("treats a truncated stream as too large, however few bytes arrived", async () => {
    expect(await readAtMost(fileStream([kb(1)], { truncated: true }), 3 * 1024)).toBeNull();
  });

  it("does not miss the count when the parser's flag comes late", async () => {
    expect(await readAtMost(fileStream([kb(2), kb(2)], { truncateAfterEnd: true }), 3 * 1024)).toBeNull();
  });
});
