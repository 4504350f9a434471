/**
 * The cloud stream's socket (docs/decisions/037). The studio asks getSocket with its cloud session's
 * id for a ticket, opens `/web-api/ws/cloud` and sends `{type: "auth", ticket}` first. The ticket is
 * spent (once, within 60 s); the render worker then opens the session's render page and every frame
 * it paints arrives here as a binary message (one JPEG of 1280×720). The studio sends face data
 * (`{type: "face", …}`), forwarded to the render page, which answers `{type: "faceDrawn", t}` once it
 * drew one (the studio measures the round trip); viewer interactions reach the render page
 * through the studio socket's push, as they reach an OBS source. What the render page plays (its
 * voice, the interactions' sounds) comes as binary messages too, chunks of PCM with a "PCM1" header
 * (shared/cloud-audio.ts, docs/decisions/041).
 *
 * While the stream is up, this socket renews the session's render slot and its last sign of life.
 * The session ending anywhere (the studio's End, the cloud hours running out on any instance's
 * meter) ends the stream with `{type: "ended"}`: 1210 'Time limit exceeded' when the hours ran out.
 * The stream closing ends the session.
 */

import type { AddressInfo } from "node:net";
import type { WebSocket } from "ws";
import { CODES, type CodeName } from "../../../shared/codes.ts";
import { LANGUAGES, type Language } from "../../../shared/constants.ts";
import {
  CLOUD_SIZE,
  CLOUD_SOCKET_PATH,
  type CloudServerMessage,
  type LiveEndReason,
  OBS_SIZES,
  parseFaceMessage,
} from "../../../shared/live.ts";
import { translate } from "../../../shared/messages.ts";
import { BizError } from "../../errors.ts";
import type { App } from "../../types.ts";
import { createLiveService } from "./service.ts";

const AUTH_TIMEOUT_MS = 10_000;
/** Frames wait in the socket's buffer up to this much; beyond it a frame is dropped, not queued. */
const MAX_BUFFERED_BYTES = 1_500_000;
/**
 * Sound waits longer: a dropped frame is a stutter in the picture, a dropped chunk a hole in a word,
 * and a tenth of a second of it is 4.8 KB beside a frame's 40–90 KB.
 */
const MAX_BUFFERED_AUDIO_BYTES = 2 * MAX_BUFFERED_BYTES;

/** The socket @fastify/websocket hands over: ws's WebSocket. */
type CloudSocket = WebSocket;

/** Where the render worker finds this instance: CLOUD_RENDER_BASE_URL, or its own listening address. */
export function renderBaseUrl(app: App): string | null {
  if (app.deps.env.CLOUD_RENDER_BASE_URL) return app.deps.env.CLOUD_RENDER_BASE_URL.replace(/\/$/, "");
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === "string") return null;
  const host =
    address.address === "0.0.0.0" || address.address === "::"
      ? "127.0.0.1"
      : address.family === "IPv6"
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

export async function cloudSocketRoutes(app: App) {
  const service = createLiveService(app.deps);
  const { live, renderer, env } = app.deps;
  const aliveMs = Math.max(500, Math.min(10_000, (env.CLOUD_SLOT_LEASE_SECONDS * 1000) / 3));

  app.get(CLOUD_SOCKET_PATH, { websocket: true }, (socket: CloudSocket, request) => {
    const query = request.query as { language?: string };
    const language: Language = (LANGUAGES as readonly string[]).includes(query.language ?? "")
      ? (query.language as Language)
      : request.language;
    const send = (message: CloudServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const refuse = (name: CodeName) => {
      const entry = CODES[name];
      send({ type: "error", code: entry.code, message: translate(entry.message, language) });
      socket.close(4000 + (entry.code % 1000), name);
    };

    let session: { userId: string; sessionId: string } | null = null;
    let authenticating = false;
    let finished = false;
    let unsubscribe: (() => void) | null = null;
    let alive: ReturnType<typeof setInterval> | undefined;
    let faceRefused = false;
    const timeout = setTimeout(() => refuse("CLOUD_TICKET_INVALID"), AUTH_TIMEOUT_MS);

    /** The session ended (here or anywhere): say why and close the stream. */
    const ended = (reason: LiveEndReason) => {
      if (finished || !session) return;
      finished = true;
      const entry = reason === "timeLimit" ? CODES.TIME_LIMIT_EXCEEDED : null;
      send({
        type: "ended",
        sessionId: session.sessionId,
        reason,
        code: entry?.code ?? null,
        message: entry ? translate(entry.message, language) : null,
      });
      socket.close(entry ? 4000 + (entry.code % 1000) : 1000, reason);
    };

    socket.on("close", () => {
      clearTimeout(timeout);
      clearInterval(alive);
      unsubscribe?.();
      if (!session) return;
      renderer.stop(session.sessionId);
      // the viewer left (or the network did): the session ends and its slot is free
      if (!finished) {
        finished = true;
        service.endCloud(session.userId, session.sessionId, "close").catch((error: unknown) => {
          request.log.warn({ err: error }, "ending a cloud session failed");
        });
      }
    });

    socket.on("message", async (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        message = null;
      }
      const type = (message as { type?: unknown } | null)?.type;
      if (session) {
        if (type === "ping") send({ type: "pong" });
        else if (type === "face") {
          // the same checks as the studio socket's relay; a refused frame is said once, then dropped
          const face = parseFaceMessage(message, String(data).length);
          if (face) renderer.face(session.sessionId, face);
          else if (!faceRefused) {
            faceRefused = true;
            const entry = CODES.FACE_FRAME_INVALID;
            send({ type: "error", code: entry.code, message: translate(entry.message, language) });
          }
        }
        return;
      }
      if (authenticating) return;
      if (type !== "auth") return refuse("CLOUD_TICKET_INVALID");
      authenticating = true;
      clearTimeout(timeout);
      try {
        const opened = await service.openCloud((message as { ticket?: unknown }).ticket);
        if (socket.readyState !== socket.OPEN) return;
        const { userId, sessionId } = opened;
        const current = { userId, sessionId };
        session = current;
        unsubscribe = live.subscribe(userId, (pushed) => {
          if (pushed.type === "session" && pushed.state === "ended" && pushed.sessionId === sessionId) {
            ended(pushed.reason ?? "exit");
          }
        });
        alive = setInterval(() => {
          service
            .cloudAlive(userId, sessionId)
            .then(async (open) => {
              // ended on another instance, whose push did not reach this one
              if (!open) ended(((await service.endReasonOf(sessionId)) as LiveEndReason | null) ?? "exit");
            })
            .catch((error: unknown) => request.log.warn({ err: error }, "cloud session renewal failed"));
        }, aliveMs);
        alive.unref?.();

        const { width, height } = OBS_SIZES[CLOUD_SIZE];
        send({ type: "ready", sessionId, width, height });
        const base = renderBaseUrl(app);
        if (!base) throw new Error("no address for the render page");
        const url = `${base}/live/obs?key=${encodeURIComponent(opened.renderKey)}&size=${CLOUD_SIZE}&scene=1`;
        await renderer.start(
          sessionId,
          url,
          { width, height },
          {
            faceDrawn(t, jawOpen) {
              send({ type: "faceDrawn", t, jawOpen });
            },
            frame(jpeg) {
              if (socket.readyState === socket.OPEN && socket.bufferedAmount < MAX_BUFFERED_BYTES) {
                socket.send(jpeg, { binary: true });
              }
            },
            audio(packet) {
              if (socket.readyState === socket.OPEN && socket.bufferedAmount < MAX_BUFFERED_AUDIO_BYTES) {
                socket.send(packet, { binary: true });
              }
            },
            failed(reason) {
              request.log.warn({ sessionId, reason }, "cloud render failed");
              if (!finished) refuse("CLOUD_RENDER_FAILED");
            },
          },
        );
      } catch (error) {
        if (error instanceof BizError) return refuse(error.codeName);
        request.log.warn({ err: error }, "cloud stream failed to start");
        if (!finished) refuse("CLOUD_RENDER_FAILED");
      }
    });
  });
}
