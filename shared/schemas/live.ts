/** The live studio's calls (docs/api.md "Live studio", docs/decisions/035). */
import type { Static } from "typebox";
import * as Type from "typebox";
import { Page } from "./common.ts";
import { PlanInfo } from "./plans.ts";

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Mode = Type.Union([
  Type.Literal("plan"),
  Type.Literal("face"),
  Type.Literal("halfBody"),
  Type.Literal("motion"),
  Type.Literal("cloud"),
]);
const Event = Type.Union([Type.Literal("gift"), Type.Literal("like"), Type.Literal("comment"), Type.Literal("follow")]);
const Time = Type.String({ format: "date-time" });

export const LiveModeInfo = Type.Object({
  mode: Mode,
  name: Type.String(),
  /** The memberships that open it. */
  vip: Type.Array(Type.String()),
  /** Opened by the caller's membership now (from the membership records). */
  allowed: Type.Boolean(),
  /** false: listed, not built yet (refused with 1902). */
  built: Type.Boolean(),
});
export type LiveModeInfo = Static<typeof LiveModeInfo>;

export const StreamKeyInfo = Type.Object({
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  prefix: Type.String(),
  createdAt: Time,
  lastUsedAt: Type.Union([Time, Type.Null()]),
});
export type StreamKeyInfo = Static<typeof StreamKeyInfo>;

/** A switch of mode while live (issue 47): from, to, when. */
export const LiveModeChangeRecord = Type.Object({
  fromMode: Type.String(),
  mode: Type.String(),
  modeName: Type.String(),
  at: Time,
});
export type LiveModeChangeRecord = Static<typeof LiveModeChangeRecord>;

export const LiveSessionRecord = Type.Object({
  id: Type.String(),
  planId: Type.Union([Type.String(), Type.Null()]),
  planName: Type.String(),
  mode: Type.String(),
  modeName: Type.String(),
  startedAt: Time,
  /** null while live. */
  endedAt: Type.Union([Time, Type.Null()]),
  /** Whole seconds from start to end (to now while live). */
  durationSeconds: Type.Integer(),
  endReason: Type.Union([Type.String(), Type.Null()]),
  live: Type.Boolean(),
  /** The modes switched to while live, oldest first (empty: the whole session in `mode`). */
  modeChanges: Type.Array(LiveModeChangeRecord),
});
export type LiveSessionRecord = Static<typeof LiveSessionRecord>;

export const LiveStudioInit = Type.Object({
  vipType: Type.Union([Type.String(), Type.Null()]),
  modes: Type.Array(LiveModeInfo),
  streamKey: Type.Union([StreamKeyInfo, Type.Null()]),
  /** Cloud-rendering minutes left in the ledger (bought hours open cloud mode without a cloud membership). */
  cloudMinutes: Type.Integer({ minimum: 0 }),
  /** The session still open for the caller (another tab, or one not yet swept), or null. */
  session: Type.Union([LiveSessionRecord, Type.Null()]),
  heartbeatSeconds: Type.Integer(),
});
export type LiveStudioInit = Static<typeof LiveStudioInit>;

export const NewStreamKey = Type.Object({
  ...StreamKeyInfo.properties,
  /** The whole key: shown this once, never stored. */
  key: Type.String(),
});
export type NewStreamKey = Static<typeof NewStreamKey>;

export const LiveStartBody = Type.Object({
  mode: Mode,
  /** The plan to play; absent: the used plan. */
  planId: Type.Optional(Id),
});
export type LiveStartBody = Static<typeof LiveStartBody>;

export const LiveSessionBody = Type.Object({ id: Id });
export type LiveSessionBody = Static<typeof LiveSessionBody>;

/** Switch the open session's mode while live (issue 47): plan playback, face, half-body or motion. */
export const LiveModeBody = Type.Object({
  id: Id,
  mode: Mode,
});
export type LiveModeBody = Static<typeof LiveModeBody>;

export const LiveEndBody = Type.Object({
  id: Id,
  reason: Type.Optional(Type.Union([Type.Literal("exit"), Type.Literal("idle"), Type.Literal("close")])),
});
export type LiveEndBody = Static<typeof LiveEndBody>;

export const LiveHistoryQuery = Type.Object({
  page: Page,
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type LiveHistoryQuery = Static<typeof LiveHistoryQuery>;

export const LiveHistoryPage = Type.Object({
  records: Type.Array(LiveSessionRecord),
  total: Type.Integer(),
  /** Seconds over every ended session. */
  totalSeconds: Type.Integer(),
});
export type LiveHistoryPage = Static<typeof LiveHistoryPage>;

/** A viewer event: from the studio's simulated viewer panel, or a chat bot or platform webhook. */
export const LiveTriggerBody = Type.Object({
  event: Event,
  /** The catalogue's viewer event (e.g. `interact.gift-rose`); absent: every interaction of `event`, or for comments those whose keyword `text` holds. */
  interactId: Type.Optional(Id),
  /** A comment's text: interactions whose keyword it contains fire. */
  text: Type.Optional(Type.String({ maxLength: 500 })),
  /** Who sent it, as the platform names them. */
  viewer: Type.Optional(Type.String({ maxLength: 40 })),
  /** The plan to match against; absent: the used plan. Another user's plan answers 1212. */
  planId: Type.Optional(Id),
});
export type LiveTriggerBody = Static<typeof LiveTriggerBody>;

export const LiveTriggerData = Type.Object({
  /** Interactions that fired (0 when the plan has none for this event). */
  matched: Type.Integer(),
  /** Studio and OBS-source sockets the push reached, on every instance (decision 038). */
  delivered: Type.Integer(),
  pushes: Type.Array(
    Type.Object({
      id: Type.String(),
      interactId: Type.String(),
      plays: Type.Array(Type.Object({ actionKind: Type.String(), actionId: Type.String() })),
    }),
  ),
});
export type LiveTriggerData = Static<typeof LiveTriggerData>;

/** getSocket's query: a cloud session's id asks for its stream's address and a ticket as well. */
export const SocketQuery = Type.Object({
  sessionId: Type.Optional(Id),
});
export type SocketQuery = Static<typeof SocketQuery>;

export const CloudSocketData = Type.Object({
  /** The cloud stream's WebSocket path (`/web-api/ws/cloud`); its first message is `{type: "auth", ticket}`. */
  path: Type.String(),
  /** Single use, good for `expiresInSeconds` (60); only its SHA-256 is stored. */
  ticket: Type.String(),
  expiresInSeconds: Type.Integer(),
  sessionId: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type CloudSocketData = Static<typeof CloudSocketData>;

export const SocketData = Type.Object({
  /** The WebSocket's path on this server (`ws:` or `wss:` as the page's scheme). */
  path: Type.String(),
  heartbeatSeconds: Type.Integer(),
  /** With `sessionId` (an open cloud session of the caller's): the cloud stream's address and ticket; otherwise null. */
  cloud: Type.Union([CloudSocketData, Type.Null()]),
});
export type SocketData = Static<typeof SocketData>;

/** The OBS browser source's plan, read with the stream key: the used plan, or null. */
export const ObsPlanData = Type.Union([PlanInfo, Type.Null()]);

/** A line for the OBS source to say in the used plan's voice (docs/decisions/040, "On air"). */
export const ObsSpeakBody = Type.Object({ text: Type.String({ maxLength: 2000 }) });
export type ObsSpeakBody = Static<typeof ObsSpeakBody>;
