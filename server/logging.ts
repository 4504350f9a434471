/**
 * How the server logs (docs/decisions/015). A person at a terminal gets readable lines: errors,
 * warnings and one summary line per request. Production and pipes get one JSON object per line,
 * which log collectors read. `LOG_FORMAT` chooses explicitly.
 */

import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import type { AppEnv } from "../infra/env.ts";

export type LogFormat = "pretty" | "json";

export function resolveLogFormat(
  env: Pick<AppEnv, "LOG_FORMAT" | "isProduction">,
  isTTY = Boolean(process.stdout.isTTY),
): LogFormat {
  if (env.LOG_FORMAT) return env.LOG_FORMAT;
  return isTTY && !env.isProduction ? "pretty" : "json";
}

const BASE: pino.LoggerOptions = { redact: ["req.headers.authorization"] };

/** The logger the app is built with. */
export function createLogger(env: AppEnv, format = resolveLogFormat(env)): Logger {
  const level = env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL;
  if (format === "json") return pino({ ...BASE, level });
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: "HH:MM:ss",
    // the summary line says it all; the ids stay in the JSON format
    ignore: "pid,hostname,reqId,web_id,ssid,req,res,responseTime,method,url,statusCode",
    singleLine: true,
  });
  return pino({ ...BASE, level }, stream);
}

/** A stream key may ride in the query (`key=`, for senders that only take a URL): never logged. */
export const maskSecrets = (url: string) => url.replace(/([?&]key=)[^&#]*/g, "$1***");

/**
 * Fastify's request log lines, as one summary a request: `GET /web-api/... 200 12 ms`, with the
 * fields for JSON readers. Errors are still logged with their stack (on the server, never to the
 * client). The framework's own hook for this (`logController`).
 */
export class SummaryLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = Math.round(reply.elapsedTime);
    const url = maskSecrets(request.url);
    const fields = { method: request.method, url, statusCode: reply.statusCode, responseTime: ms };
    const line = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (error || reply.statusCode >= 500) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * A request's logger that becomes a pino child only when it first writes a line its level lets
 * through. Fastify makes a child logger per request, and pino builds a child's bindings (the
 * request and tracking ids, as JSON text) at once: at the `warn` level, where a request that
 * succeeds writes nothing, that was all waste, and a measurable share of a cheap read
 * (docs/decisions/027). The lines written are the eager child's, bindings included.
 */
export class LazyChildLogger {
  #child: Logger | null = null;
  readonly #parent: Logger;
  readonly #bindings: () => pino.Bindings;
  readonly #options: pino.ChildLoggerOptions;

  constructor(parent: Logger, bindings: () => pino.Bindings, options: pino.ChildLoggerOptions = {}) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The real child, made on first use. */
  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings(), this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    if (this.#child) return this.#child.isLevelEnabled(level);
    const wanted = this.#options.level;
    if (wanted === undefined) return this.#parent.isLevelEnabled(level);
    const values = this.#parent.levels.values;
    return (values[level] ?? 0) >= (values[wanted] ?? Number.POSITIVE_INFINITY);
  }

  #write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#write("error", args);
  }
  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }
  info(...args: unknown[]): void {
    this.#write("info", args);
  }
  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }
  silent(): void {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.#real().child(bindings, options);
  }
}
