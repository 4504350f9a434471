/** The environment, parsed once at boot. A bad value stops the boot with one clear line. */

import { isIP } from "node:net";
import path from "node:path";
import type { Static } from "typebox";
import * as Type from "typebox";
import { Value } from "typebox/value";
import { normalizeOrigin } from "../shared/host/messages.ts";

const Env = Type.Object({
  NODE_ENV: Type.Union([Type.Literal("development"), Type.Literal("production"), Type.Literal("test")], {
    default: "development",
  }),
  HOST: Type.String({ default: "127.0.0.1" }),
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host are believed: unset (the default) believes none, so
   * the client address is the connection's; a hop count (`1`: the one proxy in front); or a comma list
   * of proxy addresses and CIDRs (`10.0.0.0/8,127.0.0.1`). Set it only behind a proxy that overwrites
   * the header, or every per-address limit is one header away from bypass (docs/security.md).
   */
  TRUST_PROXY: Type.String({ default: "" }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  DATA_DIR: Type.String({ default: "data" }),
  /** `file:PATH` (SQLite, the default data/app.db) or `postgres://…` (PostgreSQL; docs/decisions/032). */
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^(file:|postgres(ql)?://)" })),
  REDIS_URL: Type.Optional(Type.String({ pattern: "^rediss?://" })),
  JOBS_MODE: Type.Union([Type.Literal("auto"), Type.Literal("bullmq"), Type.Literal("in-process")], {
    default: "auto",
  }),
  /** Where media files are kept: `disk` (DATA_DIR/media) or `s3` (an S3-compatible bucket; docs/decisions/033). */
  STORAGE: Type.Union([Type.Literal("disk"), Type.Literal("s3")], { default: "disk" }),
  /** The S3 API's address; unset for AWS itself (then S3_REGION picks the endpoint). */
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: "^https?://" })),
  /** The address browsers reach the bucket at, when it differs from S3_ENDPOINT (signed URLs only). */
  S3_PUBLIC_ENDPOINT: Type.Optional(Type.String({ pattern: "^https?://" })),
  S3_BUCKET: Type.Optional(Type.String({ pattern: "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$" })),
  S3_REGION: Type.String({ minLength: 1, default: "us-east-1" }),
  /** Both or neither; without them the AWS SDK's own chain (its env variables, roles) is used. */
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key` (MinIO and most local servers). */
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  /** Put every key under this folder of the bucket (`avalive/`), so one bucket can hold several sites. */
  S3_PREFIX: Type.String({ default: "", pattern: "^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*/)*$" }),
  /** Create the bucket at boot when it is not there (a local MinIO); otherwise a missing bucket stops the boot. */
  S3_CREATE_BUCKET: Type.Boolean({ default: false }),
  /**
   * How /media/{key} answers: `proxy` sends the bytes through the server; `signed` (STORAGE=s3
   * only) redirects to a short-lived signed URL of the bucket, which then serves the bytes.
   */
  MEDIA_URLS: Type.Union([Type.Literal("proxy"), Type.Literal("signed")], { default: "proxy" }),
  /**
   * A signed media URL is valid for at least this long when handed out, and the same URL is handed
   * out for this long (so browsers can cache the file); at most 3.5 days (S3 signs for up to 7).
   */
  MEDIA_URL_TTL_SECONDS: Type.Integer({ minimum: 120, maximum: 302_400, default: 3600 }),
  /** Hosts (comma separated) cartoon GLBs may also be fetched from, besides the server's own storage. */
  CARTOON_HOSTS: Type.String({ default: "" }),
  /**
   * Redis key prefix of the queues and the rate-limit counters: instances of one site share it,
   * sites sharing a Redis must not (they would take each other's jobs and count each other's requests).
   * Unset, it is derived from the database's identity (its site id and address, docs/decisions/048):
   * servers on one database share their jobs, servers on different databases never do.
   */
  QUEUE_PREFIX: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9_:-]+$" })),
  /** How long a worker's job lock lives; a killed worker's job is taken up again after it lapses. */
  WORKER_LOCK_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
  /** Run the BullMQ workers inside the server process (false when `npm run worker` runs them). */
  EMBEDDED_WORKER: Type.Boolean({ default: true }),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, default: 7 * 24 * 3600 }),
  SITE: Type.Union([Type.Literal("cn"), Type.Literal("intl")], { default: "intl" }),
  /**
   * Origins of host applications (comma separated): they may frame the app and hand it a token by
   * message; each is matched exactly, scheme, host and port (docs/embedded.md).
   */
  HOST_ORIGINS: Type.String({ default: "" }),
  OFFICIAL_SITE_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  /** Send email through this SMTP server (smtp:// or smtps://); without it email is only logged. */
  SMTP_URL: Type.Optional(Type.String({ pattern: "^smtps?://" })),
  MAIL_FROM: Type.String({ default: "Avalive <no-reply@avalive.dev>" }),
  /** Where contact-form enquiries are delivered (through the outbox). */
  SUPPORT_EMAIL: Type.String({ default: "support@avalive.dev" }),
  /** The built client packages (`npm run clients`); default clients/dist in the repository. */
  CLIENTS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * The iOS app's App Store page, for the download centre's link and QR code. Set it to the app's
   * own page (https://apps.apple.com/app/id<number>); the default finds the app by its name.
   */
  IOS_APP_STORE_URL: Type.String({ pattern: "^https://", default: "https://apps.apple.com/search?term=Avalive" }),
  /** IP-code activation attempts per client address and hour. */
  IP_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Contact-form enquiries per client address and hour. */
  CONTACT_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  /**
   * `test` raises every rate limit and the code cooldown, for integration suites and demos run
   * against `npm start` (docs/decisions/016). Values set explicitly still win.
   */
  AVALIVE_PROFILE: Type.Union([Type.Literal("default"), Type.Literal("test")], { default: "default" }),
  /** Per IP and minute, across the whole /web-api. */
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 600 }),
  /** Serve the local payment sandbox (/pay-sandbox); default on outside production (docs/decisions/019). */
  PAY_SANDBOX: Type.Optional(Type.Boolean()),
  /** Real merchant keys; without them the sandbox's generated keys are used. PEM texts. */
  ALIPAY_APP_ID: Type.String({ default: "2021000000000000" }),
  ALIPAY_APP_PRIVATE_KEY: Type.Optional(Type.String()),
  ALIPAY_PUBLIC_KEY: Type.Optional(Type.String()),
  WECHAT_MCH_ID: Type.String({ default: "1900000000" }),
  WECHAT_API_V3_KEY: Type.Optional(Type.String({ minLength: 32, maxLength: 32 })),
  WECHAT_PLATFORM_PUBLIC_KEY: Type.Optional(Type.String()),
  WECHAT_PLATFORM_SERIAL: Type.Optional(Type.String()),
  CARD_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** Per IP and minute, on the calls that send codes and on the login calls. */
  SEND_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 20 }),
  /** Failed password logins one client address may make in a day, across all accounts (docs/security.md). */
  LOGIN_FAILURES_PER_IP_DAY: Type.Integer({ minimum: 1, default: 100 }),
  /** Codes one IP may have sent in an hour, across all targets. */
  CODES_PER_IP_HOUR: Type.Integer({ minimum: 1, default: 30 }),
  /** Codes one email or phone may be sent in an hour, from any address. */
  CODES_PER_TARGET_HOUR: Type.Integer({ minimum: 1, default: 10 }),
  /** Seconds before a code may be sent again to the same email or phone. */
  CODE_COOLDOWN_SECONDS: Type.Integer({ minimum: 0, default: 60 }),
  /**
   * On SIGTERM the instance first answers "not ready" (/web-api/health/ready) for this long, so a
   * reverse proxy stops sending it requests, then stops listening and finishes what is in flight.
   */
  DRAIN_DELAY_MS: Type.Integer({ minimum: 0, default: 0 }),
  /** After this long a shutdown stops waiting for requests and jobs and exits anyway. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 30_000 }),
  /**
   * Cloud sessions (docs/decisions/037): how many render at once on the whole site (one headless
   * Chromium page each, docs/capacity.md); shared through Redis when REDIS_URL is set. 0 turns them off.
   */
  CLOUD_RENDER_SLOTS: Type.Integer({ minimum: 0, default: 1 }),
  /** A render slot not renewed for this long is free again (an instance that crashed holds none). */
  CLOUD_SLOT_LEASE_SECONDS: Type.Integer({ minimum: 2, default: 60 }),
  /** The length of a metered "minute" of cloud hours: 60; tests shorten it. */
  CLOUD_METER_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
  /** The address the render worker opens the render page at; default this instance's own listening address. */
  CLOUD_RENDER_BASE_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  /**
   * The studio's voice (docs/decisions/040): `espeak-ng` speaks with Debian's espeak-ng when it is
   * installed (the boot checks; without it the server runs and says "Speech: off"); `off` never speaks.
   */
  SPEECH_ENGINE: Type.Union([Type.Literal("espeak-ng"), Type.Literal("off")], { default: "espeak-ng" }),
  /** The espeak-ng program: a name looked up on PATH, or a path. */
  ESPEAK_NG_PATH: Type.String({ minLength: 1, default: "espeak-ng" }),
  /** Lines one user may have spoken per minute. */
  SPEECH_RATE_LIMIT: Type.Integer({ minimum: 1, default: 30 }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576 }),
  /** `pretty` (readable lines) or `json` (one JSON object a line); default: pretty in a terminal outside production. */
  LOG_FORMAT: Type.Optional(Type.Union([Type.Literal("pretty"), Type.Literal("json")])),
  LOG_LEVEL: Type.Union(
    ["fatal", "error", "warn", "info", "debug", "trace", "silent"].map((level) => Type.Literal(level)),
    { default: "info" },
  ),
});

export type RawEnv = Static<typeof Env>;

export interface AppEnv extends Omit<RawEnv, "PAY_SANDBOX" | "QUEUE_PREFIX"> {
  PAY_SANDBOX: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /**
   * The Redis key prefix; when QUEUE_PREFIX is unset, `avalive` until the boot derives one from
   * the database's identity (server/jobs/prefix.ts): `queuePrefixGiven` says which.
   */
  QUEUE_PREFIX: string;
  queuePrefixGiven: boolean;
  DATABASE_URL: string;
  hostOrigins: string[];
  mediaDir: string;
  isProduction: boolean;
}

function coerce(source: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(Env.properties)) {
    const value = source[key];
    if (value === undefined || value === "") continue;
    out[key] = value;
  }
  return out;
}

/** What `AVALIVE_PROFILE=test` sets, unless the variable is given explicitly. */
export const TEST_PROFILE = {
  RATE_LIMIT_MAX: 100_000,
  SEND_RATE_LIMIT: 10_000,
  LOGIN_RATE_LIMIT: 10_000,
  LOGIN_FAILURES_PER_IP_DAY: 100_000,
  CODES_PER_IP_HOUR: 100_000,
  CODES_PER_TARGET_HOUR: 10_000,
  CODE_COOLDOWN_SECONDS: 0,
  CONTACT_RATE_LIMIT: 10_000,
  IP_RATE_LIMIT: 10_000,
} as const;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): AppEnv {
  const given = coerce(source);
  const profiled = given.AVALIVE_PROFILE === "test" ? { ...TEST_PROFILE, ...given } : given;
  const input = Value.Default(Env, Value.Convert(Env, profiled));
  if (!Value.Check(Env, input)) {
    const [first] = Value.Errors(Env, input);
    const field = first?.instancePath.replace(/^\//, "") || "environment";
    throw new Error(`Invalid environment variable ${field}: ${first?.message ?? "invalid value"}`);
  }
  const env = input as RawEnv;
  checkStorage(env);
  const hostOrigins = parseHostOrigins(env.HOST_ORIGINS);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? "avalive",
    queuePrefixGiven: env.QUEUE_PREFIX !== undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    DATA_DIR: dataDir,
    DATABASE_URL: env.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`,
    hostOrigins,
    mediaDir: path.join(dataDir, "media"),
    isProduction: env.NODE_ENV === "production",
    PAY_SANDBOX: env.PAY_SANDBOX ?? env.NODE_ENV !== "production",
  };
}

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/**
 * TRUST_PROXY: nothing (believe no forwarded header), a hop count, or proxy addresses, CIDRs and
 * proxy-addr's names (loopback, linklocal, uniquelocal). A hop count trusts that many nearest hops
 * whatever their address: right only when nothing but the proxy can reach the server.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim();
  if (!text || text === "false" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_NAMES.includes(entry)) continue;
    const [address = "", bits, extra] = entry.split("/");
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined)
      throw new Error(
        `Invalid environment variable TRUST_PROXY: "${entry}" is not an address or CIDR (give a hop count, or addresses and CIDRs separated by commas)`,
      );
  }
  return entries;
}

/**
 * Fastify's trustProxy for a parsed TRUST_PROXY. Fastify 5 refuses a bare hop count (it trusts no
 * hop then), so a count becomes the function Express's count means: the n nearest hops are proxies.
 */
export function trustProxyOption(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** HOST_ORIGINS as canonical origins; anything that is not `scheme://host[:port]` stops the boot. */
function parseHostOrigins(value: string): string[] {
  const origins: string[] = [];
  for (const entry of value.split(",").map((origin) => origin.trim())) {
    if (!entry) continue;
    const origin = normalizeOrigin(entry);
    if (!origin)
      throw new Error(`Invalid environment variable HOST_ORIGINS: "${entry}" is not an origin (http(s)://host[:port])`);
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** The storage variables that only make sense together. */
function checkStorage(env: RawEnv) {
  const fail = (field: string, message: string) => {
    throw new Error(`Invalid environment variable ${field}: ${message}`);
  };
  if (env.STORAGE === "s3" && !env.S3_BUCKET) fail("S3_BUCKET", "STORAGE=s3 needs a bucket");
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    fail(env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID", "set both S3 keys, or neither");
  if (env.MEDIA_URLS === "signed" && env.STORAGE !== "s3")
    fail("MEDIA_URLS", "signed URLs need STORAGE=s3 (files on disk are served by the server)");
}
