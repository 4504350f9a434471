import type { Static, TSchema } from "typebox";
import * as Type from "typebox";

/**
 * The envelope every answer travels in: `{code, message, data}`. Business errors travel with
 * HTTP 200 too, so data may always be null.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Union([data, Type.Null()]) });

export const ErrorEnvelope = Envelope(Type.Null());

/**
 * The last page any list serves. A bound the document states, so no client sends a page whose
 * offset the database cannot take (`page: 1e308` made the offset Infinity: HTTP 500).
 */
export const PAGE_MAX = 10_000;
/** A list's page number, from 1; the server defaults it to 1. */
export const Page = Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1 });

/**
 * Any JSON object. Written as plain JSON Schema rather than `Type.Record(Type.String(), …)`, whose
 * builder pulls TypeBox's type engine (about 40 kB) into every page that imports a schema.
 */
export const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: "object", additionalProperties: true });
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const HealthData = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("degraded")]),
  database: Type.Object({ ok: Type.Boolean(), latencyMs: Type.Number() }),
  queue: Type.Object({
    mode: Type.Union([Type.Literal("bullmq"), Type.Literal("in-process")]),
    ok: Type.Boolean(),
  }),
  uptimeSeconds: Type.Number(),
});
export type HealthData = Static<typeof HealthData>;

/** Liveness: the process answers (a supervisor restarts it when this stops answering). */
export const LivenessData = Type.Object({ status: Type.Literal("ok"), uptimeSeconds: Type.Number() });
export type LivenessData = Static<typeof LivenessData>;

/**
 * Readiness: send this instance requests. Not ready while it drains for a shutdown, or when its
 * database or (with BullMQ) its Redis does not answer.
 */
export const ReadinessData = Type.Object({
  status: Type.Union([Type.Literal("ready"), Type.Literal("draining"), Type.Literal("unavailable")]),
  database: Type.Boolean(),
  queue: Type.Boolean(),
});
export type ReadinessData = Static<typeof ReadinessData>;

export const SiteConfigData = Type.Object({
  site: Type.Union([Type.Literal("cn"), Type.Literal("intl")]),
  currency: Type.String(),
  payMethods: Type.Array(Type.String()),
  defaultLanguage: Type.Union([Type.Literal("ZH_CN"), Type.Literal("ZH_TN"), Type.Literal("EN")]),
  officialSite: Type.Union([Type.String(), Type.Null()]),
  /** HOST_ORIGINS: the host applications Avalive takes messages (a token) from, in embedded mode. */
  hostOrigins: Type.Array(Type.String()),
});
export type SiteConfigData = Static<typeof SiteConfigData>;
