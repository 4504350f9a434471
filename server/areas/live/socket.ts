/**
 * The studio socket (docs/decisions/035): the studio and the OBS browser source listen here for
 * the interactions to play. A browser cannot put a token in a WebSocket's headers and a token in
 * the URL would be logged, so the first message authenticates: `{type: "auth", token}` (the
 * studio, the user's login token) or `{type: "auth", streamKey}` (the OBS source). A bad token
 * answers code 600 and closes with 4600; a bad key 1903 and 4903; nothing within 10 s closes too.
 * The studio may then send face frames (`{type: "face", …}`) and the lines it says (`{type: "say",
 * text}`): they reach the same user's sources only (face-relay.ts, say-relay.ts). A capture app
 * (`{type: "auth", streamKey, role: "capture"}`, the motion mode, decision 042) sends face frames
 * that reach the same user's studio and sources as `{type: "motion", frame}`.
 */

import { CODES, type CodeName } from "../../../shared/codes.ts";
import { LANGUAGES, type Language } from "../../../shared/constants.ts";
import {
  LIVE_SOCKET_PATH,
  type LiveClientMessage,
  type LiveMode,
  type LiveServerMessage,
  STREAM_KEY_PATTERN,
} from "../../../shared/live.ts";
import { FACE_FRAME_MAX_BYTES } from "../../../shared/live-face.ts";
import { translate } from "../../../shared/messages.ts";
import { BizError } from "../../errors.ts";
import type { App } from "../../types.ts";
import { createFaceRelay, type FaceRelay, MOTION_RELAY } from "./face-relay.ts";
import { createSayRelay, type SayRelay } from "./say-relay.ts";
import { createLiveService } from "./service.ts";

const AUTH_TIMEOUT_MS = 10_000;
/**
 * How often an open socket's credentials are asked again: a login token revoked by a logout, a
 * password reset or a cancellation (on any instance) closes its studio socket within this long.
 * A rotated or revoked stream key closes its sources at once on this instance (keys.ts pushes it).
 */
const recheckMs = () => Number(process.env.LIVE_SOCKET_RECHECK_MS ?? 30_000);

/** What this route uses of a `ws` socket (ws ships no types of its own). */
interface LiveSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: "message", listener: (data: unknown) => void): void;
  on(event: "close", listener: () => void): void;
}

function parse(data: unknown): LiveClientMessage | null {
  try {
    const value = JSON.parse(String(data)) as LiveClientMessage;
    return value && typeof value === "object" && typeof value.type === "string" ? value : null;
  } catch {
    return null;
  }
}

export async function liveSocketRoutes(app: App) {
  // One live service: its stream keys authenticate the sources, its sessions tell a late one the mode.
  const sessions = createLiveService(app.deps);
  const { keys } = sessions;
  const { tokens, live } = app.deps;
  const deps = app.deps;

  app.get(LIVE_SOCKET_PATH, { websocket: true }, (socket: LiveSocket, request) => {
    const query = request.query as { language?: string };
    const language: Language = (LANGUAGES as readonly string[]).includes(query.language ?? "")
      ? (query.language as Language)
      : request.language;
    const send = (message: LiveServerMessage | { type: "pong" }) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const refuse = (name: CodeName) => {
      const entry = CODES[name];
      send({ type: "error", code: entry.code, message: translate(entry.message, language) });
      socket.close(4000 + (entry.code % 1000), name);
    };

    let unsubscribe: (() => void) | null = null;
    let authenticating = false;
    let recheck: ReturnType<typeof setInterval> | undefined;
    let faces: FaceRelay | null = null;
    let lines: SayRelay | null = null;
    const timeout = setTimeout(() => refuse("TOKEN_INVALID"), AUTH_TIMEOUT_MS);
    socket.on("close", () => {
      clearTimeout(timeout);
      clearInterval(recheck);
      unsubscribe?.();
      faces?.close();
    });

    socket.on("message", async (data) => {
      if (unsubscribe) {
        const text = String(data);
        // an oversized message is not read: from the studio it is a face frame refused
        const message = text.length > FACE_FRAME_MAX_BYTES ? null : parse(text);
        if (message?.type === "ping") send({ type: "pong" });
        else if (faces && (message === null || message.type === "face")) faces.receive(message, text.length);
        else if (lines && message?.type === "say") lines.receive(message);
        return;
      }
      const message = parse(data);
      if (authenticating) return;
      if (message?.type !== "auth") return refuse("TOKEN_INVALID");
      authenticating = true;
      clearTimeout(timeout);
      try {
        const byKey = typeof message.streamKey === "string";
        // a capture app (the motion mode, decision 042): the stream key itself, never a render key
        const capture = byKey && message.role === "capture";
        if (capture && !STREAM_KEY_PATTERN.test(message.streamKey ?? "")) return refuse("STREAM_KEY_INVALID");
        const owner = () =>
          byKey ? keys.owner(message.streamKey) : tokens.verify(`Bearer ${message.token ?? ""}`).then((t) => t.userId);
        const userId = await owner();
        if (socket.readyState !== socket.OPEN) return;
        const say = (name: CodeName, params?: Record<string, string | number>) => {
          const entry = CODES[name];
          send({ type: "error", code: entry.code, message: translate(entry.message, language, params) });
        };
        // the credentials asked again every recheckMs (and the relay's right with them)
        const startRecheck = (relay: FaceRelay | null) => {
          recheck = setInterval(() => {
            owner()
              .then(() => relay?.refresh())
              .catch((error: unknown) => {
                if (error instanceof BizError) refuse(error.codeName);
              });
          }, recheckMs());
          recheck.unref?.();
        };
        if (capture) {
          // it sends frames and hears only that its key was rotated or revoked
          const relay = createFaceRelay(deps, userId, say, MOTION_RELAY);
          faces = relay;
          unsubscribe = live.subscribe(userId, (pushed) => {
            if (pushed.type === "key") refuse("STREAM_KEY_INVALID");
          });
          send({ type: "ready", userId, role: "capture" });
          startRecheck(relay);
          return;
        }
        // A source (OBS, a bot) holds the key it came with: when the key is rotated or revoked the
        // socket is refused at once, as a new connection with that key would be. The studio (the
        // user's own token) has no use for the notice.
        const relay = byKey ? null : createFaceRelay(deps, userId, say);
        faces = relay;
        lines = byKey ? null : createSayRelay(deps, userId, say);
        let heardSession = false;
        unsubscribe = live.subscribe(userId, (pushed) => {
          if (pushed.type === "session") heardSession = true;
          // face frames and said lines go to the sources (OBS, the render page); the studio sent them.
          // A capture app's frames go to the studio and the sources.
          if (pushed.type === "face" || pushed.type === "say") {
            if (byKey) send(pushed);
          } else if (pushed.type === "motion") {
            send(pushed);
          } else if (pushed.type !== "key") {
            send(pushed);
            // going live or ending (a cloud session opens face data): read the right again
            if (pushed.type === "session") relay?.refresh();
          } else if (byKey) refuse("STREAM_KEY_INVALID");
          // the studio's token is asked again at once: a cancelled account's socket closes now
          else
            owner().catch((error: unknown) => {
              if (error instanceof BizError) refuse(error.codeName);
            });
        });
        send({ type: "ready", userId, role: byKey ? "source" : "studio" });
        startRecheck(relay);
        // A source that connects while the studio is live (OBS restarted mid-stream) is told of the
        // session as the sources that were there when it began: on air, and in which mode (its framing).
        // The studio reads its session from live/init.
        if (byKey) {
          sessions
            .openSession(userId)
            .then((open) => {
              if (open && !heardSession && socket.readyState === socket.OPEN) {
                send({ type: "session", state: "live", sessionId: open.id, mode: open.mode as LiveMode });
              }
            })
            // the source works without it (on air, bust framing) until the next session message
            .catch((error: unknown) => request.log.warn({ err: error }, "live socket: the open session was not read"));
        }
      } catch (error) {
        if (error instanceof BizError) return refuse(error.codeName);
        request.log.error({ err: error }, "live socket authentication failed");
        socket.close(1011, "error");
      }
    });
  });
}
