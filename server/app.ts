/**
 * buildApp(): the whole Fastify application, without listening. Tests build it, inject or
 * listen on a random port, and close it; main.ts listens.
 */

import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { createInstanceBus } from "../infra/bus.ts";
import { createDb, type Db } from "../infra/db.ts";
import { type AppEnv, trustProxyOption } from "../infra/env.ts";
import { derivedQueuePrefix, usesRedis } from "../infra/queue-prefix.ts";
import { rateLimitRedis } from "../infra/redis.ts";
import { createSqlReader } from "../infra/sql.ts";
import { createStorage } from "../infra/storage.ts";
import { PHOTO, SITE_PROFILES } from "../shared/constants.ts";
import { createMethodIndex } from "./allowed-methods.ts";
import { createAnswerMemo } from "./answer-memo.ts";
import { createOutbox } from "./areas/account/outbox.ts";
import { accountPublicRoutes, accountRoutes } from "./areas/account/routes.ts";
import { configRoutes } from "./areas/config/routes.ts";
import { contentRoutes } from "./areas/content/routes.ts";
import { customMadePublicRoutes, customMadeRoutes } from "./areas/custom/routes.ts";
import { devRoutes } from "./areas/dev/routes.ts";
import { clientSceneRoutes, downloadRoutes } from "./areas/downloads/routes.ts";
import { fileRoutes } from "./areas/files/routes.ts";
import { createFileService } from "./areas/files/service.ts";
import { healthRoutes } from "./areas/health/routes.ts";
import { ipRoutes } from "./areas/ip/routes.ts";
import { cloudSocketRoutes } from "./areas/live/cloud-socket.ts";
import { createLocalPush, createRedisPush } from "./areas/live/push.ts";
import { livePublicRoutes, liveRoutes } from "./areas/live/routes.ts";
import { createMemorySlots, createRedisSlots } from "./areas/live/slots.ts";
import { liveSocketRoutes } from "./areas/live/socket.ts";
import { mediaRoutes } from "./areas/media/routes.ts";
import { storedMediaRoutes } from "./areas/media/stored.ts";
import { modelRoutes } from "./areas/models/routes.ts";
import { orderPublicRoutes, orderRoutes } from "./areas/orders/routes.ts";
import { planRoutes } from "./areas/plans/routes.ts";
import { createSpeechEngine } from "./areas/plans/speech.ts";
import { roleRoutes } from "./areas/roles/routes.ts";
import { sandboxRoutes } from "./areas/sandbox/routes.ts";
import { shopPublicRoutes, shopRoutes } from "./areas/shop/routes.ts";
import { createTokenService, loadSecret } from "./auth.ts";
import { type CloudRenderer, createCloudRenderer } from "./jobs/cloud-render.ts";
import { createJobRunner } from "./jobs/index.ts";
import type { JobRunner } from "./jobs/runner.ts";
import { createLogger, LazyChildLogger, SummaryLogController } from "./logging.ts";
import { drainUnreadBodies } from "./multipart.ts";
import { openapiOptions } from "./openapi.ts";
import { paymentNotifyRoutes, paymentSandboxRoutes } from "./payments/routes.ts";
import { authPlugin } from "./plugins/auth.ts";
import { contextPlugin, trackingId } from "./plugins/context.ts";
import { clientErrorHandler, envelopePlugin, errorEnvelope, frameworkErrors } from "./plugins/envelope.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { serializerCompiler } from "./serializer.ts";
import type { App, Clock, Deps } from "./types.ts";
import { validatorCompiler } from "./validation.ts";

export interface BuildOptions {
  env: AppEnv;
  /** Replace parts for tests (a runner on its own queue prefix, say). */
  db?: Db;
  jobs?: JobRunner;
  /** Where the built web app is; omitted in API-only tests. */
  webDist?: string | null;
  /** A controllable clock for time-dependent rules (code expiry). */
  clock?: Clock;
  /** The cloud render worker (tests may pass one that makes its own frames). */
  renderer?: CloudRenderer;
  /** A pino logger to use instead of the one LOG_FORMAT and LOG_LEVEL describe (tests read its lines). */
  logger?: Logger;
}

export const WEB_DIST = path.resolve(import.meta.dirname, "../web/dist");

export async function buildApp(options: BuildOptions): Promise<App> {
  const db = options.db ?? createDb(options.env.DATABASE_URL);
  // Unset QUEUE_PREFIX: jobs and counters stay with the servers sharing this database (decision 048).
  const env: AppEnv =
    options.env.queuePrefixGiven || !usesRedis(options.env)
      ? options.env
      : { ...options.env, QUEUE_PREFIX: await derivedQueuePrefix(db, options.env.DATABASE_URL) };
  const defaultLanguage = SITE_PROFILES[env.SITE].defaultLanguage;
  const app = Fastify({
    loggerInstance: (options.logger ?? createLogger(env)) as FastifyBaseLogger,
    // one summary line per request instead of two (server/logging.ts)
    logController: new SummaryLogController(),
    genReqId: () => randomUUID(),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Forwarded headers only from the proxies TRUST_PROXY names (none by default): believed from
    // anyone, they would let a client pick its own address and slip every per-address limit.
    trustProxy: trustProxyOption(env.trustProxy),
    // The tracking ids ride on every line a request logs; the child logger carrying them is
    // made only when the request writes a line (server/logging.ts)
    childLoggerFactory(logger, bindings, opts, rawReq) {
      const ids = () => ({
        ...bindings,
        web_id: trackingId(rawReq.headers.web_id),
        ssid: trackingId(rawReq.headers.ssid),
      });
      return new LazyChildLogger(logger as Logger, ids, opts) as unknown as FastifyBaseLogger;
    },
    // Path parameters reach their route whatever their length, so the schema's bound answers (400
    // naming the field) instead of "No such API"; Node's 16 KiB header limit bounds a URL anyway.
    routerOptions: { maxParamLength: 16_384 },
    frameworkErrors: frameworkErrors(defaultLanguage),
    clientErrorHandler: clientErrorHandler(defaultLanguage),
  }).withTypeProvider<TypeBoxTypeProvider>();
  // bodies validated strictly, text parts coerced; text that is not text refused (server/validation.ts)
  app.setValidatorCompiler(validatorCompiler);
  // The API takes JSON, or multipart for its uploads (decision 047): no text/plain parser, and the
  // form-encoded one only where a provider or a sandbox page posts a form.
  app.removeContentTypeParser("text/plain");
  const methods = createMethodIndex(app);
  // answers are written from their schemas with nullable fields as type lists (server/serializer.ts)
  app.setSerializerCompiler(serializerCompiler);

  const storage = createStorage(env);
  await storage.ready();
  // Signed media URLs point at the bucket: the page must be allowed to load from there.
  const signedExample = env.MEDIA_URLS === "signed" ? await storage.signedUrl("origin.png", 120) : null;
  const mediaOrigins = signedExample ? [new URL(signedExample).origin] : [];
  const secret = loadSecret(env.DATA_DIR, env.JWT_SECRET);
  // With REDIS_URL the instances of the site talk: catalogue invalidations, live pushes (decision 038).
  const bus = env.REDIS_URL ? createInstanceBus(env.REDIS_URL, env.QUEUE_PREFIX, app.log) : null;
  const reads = createSqlReader(env.DATABASE_URL, { bus });
  const tokens = createTokenService(db, reads, secret, env.TOKEN_TTL_SECONDS);
  const jobs = options.jobs ?? (await createJobRunner(env, { db, storage, log: app.log }));
  const outbox = createOutbox({
    db,
    log: app.log,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    keepInMemory: !env.isProduction,
  });
  const codeKey = createHmac("sha256", secret).update("verification-codes").digest();
  const clock = options.clock ?? { now: () => new Date() };
  // the live studio's push: in-process, or through the bus to every instance's sockets
  const live = bus ? createRedisPush(bus, app.log) : createLocalPush();
  // cloud sessions: the render slots are site-wide (Redis) when instances share a Redis
  const leaseMs = env.CLOUD_SLOT_LEASE_SECONDS * 1000;
  const slots = env.REDIS_URL
    ? createRedisSlots(env.REDIS_URL, `${env.QUEUE_PREFIX}:cloud:slots`, env.CLOUD_RENDER_SLOTS, leaseMs)
    : createMemorySlots(env.CLOUD_RENDER_SLOTS, leaseMs);
  const renderer = options.renderer ?? createCloudRenderer();
  const speech = createSpeechEngine({ engine: env.SPEECH_ENGINE, program: env.ESPEAK_NG_PATH });
  const answers = createAnswerMemo({ reads, clock });
  const deps: Deps = {
    env,
    db,
    reads,
    storage,
    jobs,
    tokens,
    outbox,
    codeKey,
    clock,
    live,
    slots,
    renderer,
    speech,
    answers,
  };
  app.decorate("deps", deps);
  app.decorate("lifecycle", { draining: false });
  app.addHook("onClose", async () => {
    await renderer.close();
    await slots.close();
    await jobs.close();
    await live.close();
    await reads.close();
    await bus?.close();
    storage.close();
    if (!options.db) await db.$disconnect();
  });

  await app.register(contextPlugin, { defaultLanguage });
  await app.register(envelopePlugin);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets a page compile WebAssembly (the studio's face tracker runs TensorFlow.js's
        // wasm build, served by us: docs/decisions/036); it permits no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...mediaOrigins],
        connectSrc: ["'self'", ...mediaOrigins],
        workerSrc: ["'self'", "blob:"],
        mediaSrc: ["'self'", "blob:", "data:", ...mediaOrigins],
        frameSrc: ["'self'"],
        // Framing is allowed only for the configured micro-app hosts.
        frameAncestors: ["'self'", ...env.hostOrigins],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: env.hostOrigins.length ? false : { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
  });
  // With REDIS_URL the counters are in Redis, shared by every instance; in memory otherwise.
  const limitStore = env.REDIS_URL ? rateLimitRedis(env.REDIS_URL) : null;
  if (limitStore) app.addHook("onClose", async () => void (await limitStore.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    ...(limitStore && {
      redis: limitStore,
      nameSpace: `${env.QUEUE_PREFIX}:rate-limit:`,
      // A Redis outage lets requests through rather than taking the site down with it.
      skipOnError: true,
    }),
    max: env.RATE_LIMIT_MAX,
    timeWindow: "1 minute",
    // The x-ratelimit-* headers ride only on the 429 (with retry-after): three more headers set and
    // written on every answer were a measurable share of a cheap read (docs/decisions/027).
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    // The limit guards the API. The web app's own files (a page load fetches dozens of chunks, and
    // an office shares one address) and uploaded media are static and cached: never limited.
    allowList: (request) => !request.url.startsWith("/web-api/"),
  });
  await app.register(multipart, { limits: { fileSize: PHOTO.maxBytes, files: 1, fields: 20, parts: 25 } });
  drainUnreadBodies(app as unknown as FastifyInstance);
  await app.register(swagger, openapiOptions);
  await app.register(swaggerUi, { routePrefix: "/web-api/docs", staticCSP: true });

  await app.register(healthRoutes);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(liveSocketRoutes);
  await app.register(cloudSocketRoutes);
  await app.register(
    async (p1) => {
      await p1.register(configRoutes);
      await p1.register(contentRoutes);
      await p1.register(accountPublicRoutes);
      await p1.register(mediaRoutes);
      await p1.register(orderPublicRoutes);
      await p1.register(shopPublicRoutes);
      await p1.register(paymentNotifyRoutes);
      await p1.register(customMadePublicRoutes);
      await p1.register(downloadRoutes);
      await p1.register(livePublicRoutes);
    },
    { prefix: "/web-api/p1" },
  );
  await app.register(
    async (v1) => {
      await v1.register(authPlugin);
      await v1.register(accountRoutes);
      await v1.register(fileRoutes);
      await v1.register(roleRoutes);
      await v1.register(planRoutes);
      await v1.register(orderRoutes);
      await v1.register(ipRoutes);
      await v1.register(customMadeRoutes);
      await v1.register(shopRoutes);
      await v1.register(liveRoutes);
    },
    { prefix: "/web-api/v1" },
  );
  if (!env.isProduction) {
    await app.register(devRoutes);
    await app.register(sandboxRoutes);
  }
  if (env.PAY_SANDBOX) await app.register(paymentSandboxRoutes);

  await app.register(storedMediaRoutes);

  await app.register(clientSceneRoutes);

  await app.register(modelRoutes);

  const webDist = options.webDist === undefined ? WEB_DIST : options.webDist;
  const hasWeb = webDist !== null && fs.existsSync(path.join(webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: "/",
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: ["index.html"],
      setHeaders(reply, file) {
        reply.header(
          "cache-control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  // Uploads whose thumbnail job never ran (a crash in between) get it once the server is up.
  app.addHook("onReady", async () => {
    void createFileService(deps)
      .repairThumbnails()
      .then((count) => count && app.log.info(`uploads: ${count} thumbnail(s) made again at boot`))
      .catch((error: unknown) => app.log.warn({ err: error }, "uploads: thumbnail repair failed"));
  });

  // Paths outside the API are the web app's routes: the router in the page decides.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    const apiLike = /^\/(web-api|media|dev|clients|models)(\/|$)/.test(url);
    if (hasWeb && !apiLike && (request.method === "GET" || request.method === "HEAD")) {
      return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
    }
    // a path that exists with other methods (not a handler's own "not found" for its own path)
    const allowed = apiLike ? methods.allowed(url) : [];
    if (allowed.length && !allowed.includes(request.method))
      return reply.status(405).header("allow", allowed.join(", ")).send(errorEnvelope(request, "METHOD_NOT_ALLOWED"));
    return reply.status(404).send(errorEnvelope(request, "ROUTE_NOT_FOUND", { method: request.method, url }));
  });

  return app;
}
