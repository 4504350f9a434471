/**
 * The live studio (docs/decisions/035): sessions and their records, the gates of the live modes
 * (from the membership records, never from the client), and viewer events that play the plan's
 * interactions. Every query is scoped to its owner.
 */
import { randomUUID } from "node:crypto";
import type { Language } from "../../../shared/constants.ts";
import {
  CLOUD_SIZE,
  CLOUD_SOCKET_PATH,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_LOST_AFTER_SECONDS,
  LIVE_MODES,
  LIVE_SOCKET_PATH,
  type LiveEndReason,
  type LiveEvent,
  type LivePushInteraction,
  liveModeOpen,
  OBS_SIZES,
} from "../../../shared/live.ts";
import { EQUITY_LOCKED } from "../../../shared/membership.ts";
import { type MessageKey, translate } from "../../../shared/messages.ts";
import type {
  LiveHistoryQuery,
  LiveModeBody,
  LiveSessionRecord,
  LiveStartBody,
  LiveTriggerBody,
  LiveTriggerData,
} from "../../../shared/schemas/live.ts";
import type { PlanInfo, PlanInteract } from "../../../shared/schemas/plans.ts";
import { replyFor } from "../../../shared/speech.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { createPlanService } from "../plans/service.ts";
import { membershipOf, refusalFor } from "../roles/service.ts";
import { createCloudLedger } from "./cloud.ts";
import { createKeyService } from "./keys.ts";

type SessionRow = NonNullable<Awaited<ReturnType<Deps["db"]["liveSession"]["findFirst"]>>>;
type ModeChangeRow = { fromMode: string; mode: string; at: Date };
/** The switches of mode, oldest first, read with a session for its record. */
const WITH_CHANGES = { modeChanges: { orderBy: { at: "asc" as const } } };

/** The modes a live session may switch between without ending (issue 47): all rendered in the studio. */
export const SWITCHABLE_MODES: readonly string[] = ["plan", "face", "halfBody", "motion"];

const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
export const modeName = (mode: string, language: Language) => translate(`liveMode_${mode}` as MessageKey, language);

/** A comment's keyword (the catalogue event's `detail`) found in the comment's text, ignoring case. */
function holdsKeyword(event: PlanInteract["event"], text: string): boolean {
  const keyword = typeof event.look.detail === "string" ? event.look.detail.trim().toLowerCase() : "";
  return keyword.length > 0 && text.toLowerCase().includes(keyword);
}

/** What the avatar says for these fired interactions: the first reply among them, for this viewer. */
function replyOf(fired: PlanInteract[], viewer: string): string | null {
  const reply = fired.find((i) => i.reply)?.reply;
  return reply ? replyFor(reply, viewer) || null : null;
}

/** Which of the plan's interactions a viewer event fires. */
export function matchInteractions(interactions: PlanInteract[], body: LiveTriggerBody): PlanInteract[] {
  return interactions.filter((i) => {
    if (i.event.type !== body.event) return false;
    if (body.interactId) return i.event.id === body.interactId;
    if (body.event === "comment" && body.text) return holdsKeyword(i.event, body.text);
    return true;
  });
}

export function createLiveService(
  deps: Pick<Deps, "db" | "reads" | "clock" | "jobs" | "live" | "codeKey" | "env" | "slots" | "storage">,
) {
  const { db, clock, live, slots } = deps;
  const plans = createPlanService(deps);
  const keys = createKeyService(deps);
  const cloud = createCloudLedger(deps);

  const toRecord = (row: SessionRow & { modeChanges?: ModeChangeRow[] }, language: Language): LiveSessionRecord => ({
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    mode: row.mode,
    modeName: modeName(row.mode, language),
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    durationSeconds: row.durationSeconds ?? seconds(row.startedAt, clock.now()),
    endReason: row.endReason,
    live: row.endedAt === null,
    modeChanges: (row.modeChanges ?? []).map((c) => ({
      fromMode: c.fromMode,
      mode: c.mode,
      modeName: modeName(c.mode, language),
      at: c.at.toISOString(),
    })),
  });

  /** Ends an open session once (a second caller finds it ended and changes nothing). */
  async function close(row: SessionRow, at: Date, reason: LiveEndReason): Promise<SessionRow> {
    const endedAt = at < row.startedAt ? row.startedAt : at;
    await db.liveSession.updateMany({
      where: { id: row.id, endedAt: null },
      data: { endedAt, durationSeconds: seconds(row.startedAt, endedAt), endReason: reason },
    });
    const after = await db.liveSession.findUniqueOrThrow({ where: { id: row.id }, include: WITH_CHANGES });
    // a cloud session's render slot is free again (a lapsed lease would free it too, later)
    if (row.mode === "cloud") await slots.release(row.id).catch(() => undefined);
    if (after.endReason === reason && after.endedAt?.getTime() === endedAt.getTime()) {
      live.publish(row.userId, { type: "session", state: "ended", sessionId: row.id, reason });
    }
    return after;
  }

  /**
   * Sessions whose studio went silent (a crashed tab, a lost network) end at their last heartbeat.
   * Idempotent, so any instance may run it; scoped to one user when a page of records is read.
   */
  async function sweep(userId?: string): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - LIVE_LOST_AFTER_SECONDS * 1000);
    const lost = await db.liveSession.findMany({
      where: { endedAt: null, lastSeenAt: { lt: cutoff }, ...(userId ? { userId } : {}) },
      take: 500,
    });
    for (const row of lost) await close(row, row.lastSeenAt, "lost");
    return lost.length;
  }

  async function ownSession(userId: string, id: string) {
    const row = await db.liveSession.findFirst({ where: { id, userId } });
    if (!row) throw new BizError("NOT_FOUND");
    return row;
  }

  /** The plan a session or an event is about: the one named (the caller's own), or the used one. */
  async function planFor(userId: string, planId: string | undefined, language: Language): Promise<PlanInfo> {
    if (planId) return plans.info(userId, planId, language);
    const used = await plans.used(userId, language);
    if (!used) throw new BizError("LIVE_NO_PLAN");
    return used;
  }

  /** The user's session that is live now (a silent one is ended first, at its last heartbeat), or null. */
  async function openSession(userId: string): Promise<SessionRow | null> {
    await sweep(userId);
    return db.liveSession.findFirst({ where: { userId, endedAt: null }, orderBy: { startedAt: "desc" } });
  }

  return {
    sweep,
    keys,
    openSession,
    usedPlan: (userId: string, language: Language) => plans.used(userId, language),

    async init(userId: string, language: Language) {
      const open = await openSession(userId);
      const { vip: vipType } = await membershipOf(deps.reads, userId, clock.now());
      const [streamKey, cloudMinutes] = await Promise.all([keys.info(userId), cloud.balance(userId)]);
      return {
        vipType,
        modes: LIVE_MODES.map((m) => ({
          mode: m.mode,
          name: modeName(m.mode, language),
          vip: [...m.vip],
          allowed: liveModeOpen(m.mode, vipType, cloudMinutes),
          built: m.built,
        })),
        cloudMinutes: Math.max(0, cloudMinutes),
        streamKey,
        session: open ? toRecord(open, language) : null,
        heartbeatSeconds: LIVE_HEARTBEAT_SECONDS,
      };
    },

    async start(userId: string, body: LiveStartBody, language: Language) {
      const { vip: vipType, lapsed } = await membershipOf(deps.reads, userId, clock.now());
      const isCloud = body.mode === "cloud";
      const minutes = isCloud ? await cloud.balance(userId) : 0;
      // the gate first: a mode the membership (or, for cloud, the hours left) does not open is
      // refused whether or not it is built
      // a member whose tier does not open it: locked; no membership: renew after a lapse, else no permission
      if (!liveModeOpen(body.mode, vipType, minutes))
        throw vipType ? new BizError("LOCKED") : refusalFor(lapsed, "NO_PERMISSION");
      if (!LIVE_MODES.find((m) => m.mode === body.mode)?.built) throw new BizError("LIVE_MODE_UNAVAILABLE");
      const plan = await planFor(userId, body.planId, language);
      // cloud: no minute left, no start (the balance is checked again, locked, when minute 0 is charged)
      if (isCloud && minutes <= 0) throw new BizError("TIME_LIMIT_EXCEEDED");
      const now = clock.now();
      // one live session per user: going live again (another tab, a reload) ends the one before
      const open = await db.liveSession.findMany({ where: { userId, endedAt: null } });
      for (const row of open) await close(row, now, "replaced");
      const id = randomUUID();
      // a render slot before the record: all busy, no session
      if (isCloud && !(await slots.acquire(id))) throw new BizError("TOO_MANY_USERS");
      const data = {
        id,
        userId,
        planId: plan.planId,
        planName: plan.name,
        mode: body.mode,
        startedAt: now,
        lastSeenAt: now,
      };
      const row = await db.liveSession.create({ data }).catch(async (error: unknown) => {
        if (isCloud) await slots.release(id).catch(() => undefined);
        throw error;
      });
      if (isCloud) {
        const charged = await cloud.charge(userId, id, 0).catch(async (error: unknown) => {
          await close(row, now, "exit");
          throw error;
        });
        if (charged === "empty") {
          // spent meanwhile (another session of the same user charging its last minute)
          await close(row, now, "timeLimit");
          throw new BizError("TIME_LIMIT_EXCEEDED");
        }
      }
      live.publish(userId, { type: "session", state: "live", sessionId: row.id, mode: body.mode });
      return toRecord(row, language);
    },

    /**
     * Charge every open cloud session for the minutes begun since it was last charged (any instance
     * may run it at any time: each minute is charged once). A session whose balance is spent ends
     * with `timeLimit` (1210 on its stream). Answers how many minutes were charged here.
     */
    async meter(): Promise<{ charged: number; ended: string[] }> {
      const now = clock.now();
      const minuteMs = deps.env.CLOUD_METER_SECONDS * 1000;
      const open = await db.liveSession.findMany({ where: { mode: "cloud", endedAt: null }, take: 1000 });
      let charged = 0;
      const ended: string[] = [];
      for (const row of open) {
        const due = Math.floor((now.getTime() - row.startedAt.getTime()) / minuteMs);
        for (let minute = (await cloud.lastCharged(row.id)) + 1; minute <= due; minute++) {
          const result = await cloud.charge(row.userId, row.id, minute);
          if (result === "charged") charged++;
          if (result === "empty") {
            // the time used is what was paid for: the session ends where its last minute ended
            await close(row, new Date(row.startedAt.getTime() + minute * minuteMs), "timeLimit");
            ended.push(row.id);
            break;
          }
        }
      }
      return { charged, ended };
    },

    /** getSocket: the studio socket's address; with a cloud session's id, the cloud stream's and a ticket. */
    async socket(userId: string, sessionId: string | undefined) {
      const base = { path: LIVE_SOCKET_PATH, heartbeatSeconds: LIVE_HEARTBEAT_SECONDS };
      if (!sessionId) return { ...base, cloud: null };
      const row = await ownSession(userId, sessionId);
      if (row.mode !== "cloud") throw new BizError("LIVE_NOT_CLOUD");
      if (row.endedAt) throw new BizError("LIVE_SESSION_ENDED");
      const { width, height } = OBS_SIZES[CLOUD_SIZE];
      const ticket = await cloud.issueTicket(userId, row.id);
      return { ...base, cloud: { path: CLOUD_SOCKET_PATH, ...ticket, sessionId: row.id, width, height } };
    },

    /** The cloud socket: spend its ticket; the open cloud session it is for. */
    async openCloud(ticket: unknown) {
      const { userId, sessionId } = await cloud.spendTicket(ticket);
      const row = await db.liveSession.findFirst({ where: { id: sessionId, userId } });
      if (!row || row.endedAt) throw new BizError("LIVE_SESSION_ENDED");
      return { userId, sessionId, renderKey: cloud.renderKey(sessionId) };
    },

    /** The stream is still up: renew the slot's lease and the session's last sign of life; false once ended. */
    async cloudAlive(userId: string, sessionId: string): Promise<boolean> {
      const touched = await db.liveSession.updateMany({
        where: { id: sessionId, userId, endedAt: null },
        data: { lastSeenAt: clock.now() },
      });
      if (touched.count === 0) return false;
      await slots.renew(sessionId);
      return true;
    },

    /** The stream closed or failed: the session ends (a reload goes live again with a new session). */
    async endCloud(userId: string, sessionId: string, reason: LiveEndReason) {
      const row = await db.liveSession.findFirst({ where: { id: sessionId, userId } });
      if (row && !row.endedAt) await close(row, clock.now(), reason);
    },

    endReasonOf: async (sessionId: string) =>
      (await db.liveSession.findUnique({ where: { id: sessionId }, select: { endReason: true } }))?.endReason ?? null,

    async heartbeat(userId: string, id: string, language: Language) {
      const row = await ownSession(userId, id);
      if (row.endedAt) throw new BizError("LIVE_SESSION_ENDED");
      const updated = await db.liveSession.update({
        where: { id },
        data: { lastSeenAt: clock.now() },
        include: WITH_CHANGES,
      });
      if (row.mode === "cloud") await slots.renew(id);
      return toRecord(updated, language);
    },

    /** End every open session of the user (a cancelled account). */
    async closeAllOf(userId: string, reason: LiveEndReason) {
      const open = await db.liveSession.findMany({ where: { userId, endedAt: null } });
      for (const row of open) await close(row, clock.now(), reason);
      return open.length;
    },

    async end(userId: string, id: string, reason: LiveEndReason, language: Language) {
      const row = await ownSession(userId, id);
      if (!row.endedAt) return toRecord(await close(row, clock.now(), reason), language);
      const changes = await db.liveModeChange.findMany({ where: { sessionId: id }, orderBy: { at: "asc" } });
      return toRecord({ ...row, modeChanges: changes }, language);
    },

    /**
     * Switch the open session's mode while live (issue 47): the membership's gate as for going live,
     * the session goes on (same id, same start), `mode` becomes the new one and the switch is kept.
     * Cloud rendering in or out needs a session of its own (1914). The same mode again changes nothing.
     */
    async switchMode(userId: string, body: LiveModeBody, language: Language) {
      const row = await ownSession(userId, body.id);
      if (row.endedAt) throw new BizError("LIVE_SESSION_ENDED");
      if (!SWITCHABLE_MODES.includes(row.mode) || !SWITCHABLE_MODES.includes(body.mode))
        throw new BizError("LIVE_MODE_SWITCH");
      const { vip: vipType, lapsed } = await membershipOf(deps.reads, userId, clock.now());
      if (!liveModeOpen(body.mode, vipType, 0))
        throw vipType ? new BizError("LOCKED") : refusalFor(lapsed, "NO_PERMISSION");
      if (body.mode !== row.mode) {
        const now = clock.now();
        // only while still open, and only from the mode it is in (two tabs switching at once: one wins)
        const switched = await db.$transaction(async (tx) => {
          const done = await tx.liveSession.updateMany({
            where: { id: row.id, endedAt: null, mode: row.mode },
            data: { mode: body.mode, lastSeenAt: now },
          });
          if (done.count === 0) return false;
          await tx.liveModeChange.create({ data: { sessionId: row.id, fromMode: row.mode, mode: body.mode, at: now } });
          return true;
        });
        if (!switched) {
          const again = await db.liveSession.findUniqueOrThrow({ where: { id: row.id } });
          if (again.endedAt) throw new BizError("LIVE_SESSION_ENDED");
        } else {
          live.publish(userId, { type: "session", state: "live", sessionId: row.id, mode: body.mode });
        }
      }
      const after = await db.liveSession.findUniqueOrThrow({ where: { id: row.id }, include: WITH_CHANGES });
      return toRecord(after, language);
    },

    async history(userId: string, query: LiveHistoryQuery, language: Language) {
      await sweep(userId);
      const where = { userId };
      const [rows, total, sum] = await Promise.all([
        db.liveSession.findMany({
          where,
          include: WITH_CHANGES,
          orderBy: { startedAt: "desc" },
          skip: (query.page - 1) * query.limit,
          take: query.limit,
        }),
        db.liveSession.count({ where }),
        db.liveSession.aggregate({ where, _sum: { durationSeconds: true } }),
      ]);
      return {
        records: rows.map((row) => toRecord(row, language)),
        total,
        totalSeconds: sum._sum.durationSeconds ?? 0,
      };
    },

    /**
     * A viewer event: the plan's interactions it fires, each pushed to the user's studio and OBS
     * sources with what to play. Actions the membership no longer opens stay silent.
     */
    async trigger(
      userId: string,
      body: LiveTriggerBody,
      source: LivePushInteraction["source"],
      language: Language,
    ): Promise<LiveTriggerData> {
      const plan = await planFor(userId, body.planId, language);
      const fired = new Map<string, PlanInteract[]>();
      for (const i of matchInteractions(plan.interactions, body)) {
        if (i.action.equityStatus === EQUITY_LOCKED) continue;
        fired.set(i.event.id, [...(fired.get(i.event.id) ?? []), i]);
      }
      let delivered = 0;
      const pushes: LiveTriggerData["pushes"] = [];
      for (const [interactId, list] of fired) {
        const event = list[0]?.event;
        if (!event) continue;
        const push: LivePushInteraction = {
          type: "interaction",
          id: randomUUID(),
          source,
          event: body.event as LiveEvent,
          interact: { id: event.id, name: event.name, look: event.look },
          plays: list.map((i) => ({
            actionKind: i.actionKind,
            action: { id: i.action.id, name: i.action.name, look: i.action.look, url: i.action.url },
          })),
          viewer: body.viewer ?? null,
          text: body.text ?? null,
          reply: replyOf(list, body.viewer ?? translate("viewerSomeone", language)),
          at: clock.now().toISOString(),
        };
        delivered = Math.max(delivered, await live.publish(userId, push));
        pushes.push({
          id: push.id,
          interactId,
          plays: list.map((i) => ({ actionKind: i.actionKind, actionId: i.action.id })),
        });
      }
      return { matched: pushes.length, delivered, pushes };
    },
  };
}
