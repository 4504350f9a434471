import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { LazyChildLogger, resolveLogFormat } from "./logging.ts";

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

describe("a request's logger", () => {
  const capture = (level: string) => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: pino({ level }, stream) };
  };

  it("builds its bindings only when it writes a line, and writes them then", () => {
    const { lines, logger } = capture("warn");
    let built = 0;
    const log = new LazyChildLogger(logger, () => {
      built++;
      return { reqId: "r-1", web_id: "w-1" };
    });
    log.info({ statusCode: 200 }, "GET / 200 1 ms");
    log.debug("detail");
    expect(built).toBe(0);
    expect(lines).toHaveLength(0);
    log.warn({ err: { message: "x" } }, "job failed");
    log.error("again");
    expect(built).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual(["job failed", "again"]);
    expect(lines[0]).toMatchObject({ reqId: "r-1", web_id: "w-1", level: 40 });
  });

  it("follows a level of its own, as a route's logLevel gives it", () => {
    const { lines, logger } = capture("warn");
    const log = new LazyChildLogger(logger, () => ({ reqId: "r-2" }), { level: "info" });
    expect(log.level).toBe("info");
    expect(log.isLevelEnabled("info")).toBe(true);
    expect(log.isLevelEnabled("debug")).toBe(false);
    log.info("seen");
    expect(lines).toMatchObject([{ msg: "seen", reqId: "r-2" }]);
    log.child({ part: "x" }).info("from a child");
    expect(lines[1]).toMatchObject({ msg: "from a child", reqId: "r-2", part: "x" });
  });
});
