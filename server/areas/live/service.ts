/**
 * The live studio (docs/decisions/035): sessions and their records, the gates of the live modes
 * (from the membership records, never from the client), and viewer events that play the plan's
 * interactions. Every query is scoped to its owner.
 */
import { randomUUID } from "node:crypto";
import type { Language } from "../../../shared/constants.ts";
import {
  LIVE_HEARTBEAT_SECONDS,
  LIVE_LOST_AFTER_SECONDS,
  LIVE_MODES,
  type LiveEndReason,
  type LiveEvent,
  type LivePushInteraction,
  modeAllowed,
} from "../../../shared/live.ts";
import { EQUITY_LOCKED } from "../../../shared/membership.ts";
import { type MessageKey, translate } from "../../../shared/messages.ts";
import type {
  LiveHistoryQuery,
  LiveSessionRecord,
  LiveStartBody,
  LiveTriggerBody,
  LiveTriggerData,
} from "../../../shared/schemas/live.ts";
import type { PlanInfo, PlanInteract } from "../../../shared/schemas/plans.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { createPlanService } from "../plans/service.ts";
import { currentVip } from "../roles/service.ts";
import { createKeyService } from "./keys.ts";

type SessionRow = NonNullable<Awaited<ReturnType<Deps["db"]["liveSession"]["findFirst"]>>>;

const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
export const modeName = (mode: string, language: Language) => translate(`liveMode_${mode}` as MessageKey, language);

/** A comment's keyword (the catalogue event's `detail`) found in the comment's text, ignoring case. */
function holdsKeyword(event: PlanInteract["event"], text: string): boolean {
  const keyword = typeof event.look.detail === "string" ? event.look.detail.trim().toLowerCase() : "";
  return keyword.length > 0 && text.toLowerCase().includes(keyword);
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

export function createLiveService(deps: Pick<Deps, "db" | "reads" | "clock" | "jobs" | "live">) {
  const { db, clock, live } = deps;
  const plans = createPlanService(deps);
  const keys = createKeyService(deps);

  const toRecord = (row: SessionRow, language: Language): LiveSessionRecord => ({
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
  });

  /** Ends an open session once (a second caller finds it ended and changes nothing). */
  async function close(row: SessionRow, at: Date, reason: LiveEndReason): Promise<SessionRow> {
    const endedAt = at < row.startedAt ? row.startedAt : at;
    await db.liveSession.updateMany({
      where: { id: row.id, endedAt: null },
      data: { endedAt, durationSeconds: seconds(row.startedAt, endedAt), endReason: reason },
    });
    const after = await db.liveSession.findUniqueOrThrow({ where: { id: row.id } });
    if (after.endReason === reason && after.endedAt?.getTime() === endedAt.getTime()) {
      live.publish(row.userId, { type: "session", state: "ended", sessionId: row.id });
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

  return {
    sweep,
    keys,
    usedPlan: (userId: string, language: Language) => plans.used(userId, language),

    async init(userId: string, language: Language) {
      await sweep(userId);
      const vipType = await currentVip(deps.reads, userId, clock.now());
      const [streamKey, open] = await Promise.all([
        keys.info(userId),
        db.liveSession.findFirst({ where: { userId, endedAt: null }, orderBy: { startedAt: "desc" } }),
      ]);
      return {
        vipType,
        modes: LIVE_MODES.map((m) => ({
          mode: m.mode,
          name: modeName(m.mode, language),
          vip: [...m.vip],
          allowed: modeAllowed(m.mode, vipType),
          built: m.built,
        })),
        streamKey,
        session: open ? toRecord(open, language) : null,
        heartbeatSeconds: LIVE_HEARTBEAT_SECONDS,
      };
    },

    async start(userId: string, body: LiveStartBody, language: Language) {
      const vipType = await currentVip(deps.reads, userId, clock.now());
      // the gate first: a mode the membership does not open is refused whether or not it is built
      if (!modeAllowed(body.mode, vipType)) throw new BizError("LOCKED");
      if (!LIVE_MODES.find((m) => m.mode === body.mode)?.built) throw new BizError("LIVE_MODE_UNAVAILABLE");
      const plan = await planFor(userId, body.planId, language);
      const now = clock.now();
      // one live session per user: going live again (another tab, a reload) ends the one before
      const open = await db.liveSession.findMany({ where: { userId, endedAt: null } });
      for (const row of open) await close(row, now, "replaced");
      const row = await db.liveSession.create({
        data: {
          userId,
          planId: plan.planId,
          planName: plan.name,
          mode: body.mode,
          startedAt: now,
          lastSeenAt: now,
        },
      });
      live.publish(userId, { type: "session", state: "live", sessionId: row.id });
      return toRecord(row, language);
    },

    async heartbeat(userId: string, id: string, language: Language) {
      const row = await ownSession(userId, id);
      if (row.endedAt) throw new BizError("LIVE_SESSION_ENDED");
      const updated = await db.liveSession.update({ where: { id }, data: { lastSeenAt: clock.now() } });
      return toRecord(updated, language);
    },

    async end(userId: string, id: string, reason: LiveEndReason, language: Language) {
      const row = await ownSession(userId, id);
      return toRecord(row.endedAt ? row : await close(row, clock.now(), reason), language);
    },

    async history(userId: string, query: LiveHistoryQuery, language: Language) {
      await sweep(userId);
      const where = { userId };
      const [rows, total, sum] = await Promise.all([
        db.liveSession.findMany({
          where,
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
