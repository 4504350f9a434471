/**
 * The studio's side of tailored models (docs/decisions/026): quote, start production, deliver or
 * reject a request. `npm run custom` (scripts/custom.ts) calls these; the tests call them too.
 * Every move is a conditional update on the state it starts from, so two operators (or one
 * command run twice) cannot move a request twice; a move the state does not allow is refused.
 */

import type { Language } from "../../../shared/constants.ts";
import {
  CUSTOM_ACTIONS,
  CUSTOM_LIMITS,
  type CustomAction,
  type CustomStyle,
  canDo,
  STYLE_BASE_ROLES,
} from "../../../shared/custom.ts";
import { appearanceColumn } from "../../../shared/json-column.ts";
import { translate } from "../../../shared/messages.ts";
import { BizError } from "../../errors.ts";
import { JobFailedError } from "../../jobs/runner.ts";
import type { Deps } from "../../types.ts";
import { styleName } from "./service.ts";

/** The highest quote, in the smallest unit (10 million yuan or dollars). */
export const QUOTE_MAX = 1_000_000_000;

export function refused(status: string, action: CustomAction): BizError {
  return new BizError("CUSTOM_STATE_REFUSED", {
    status,
    action,
    allowed: CUSTOM_ACTIONS[action].from.join(" or "),
  });
}

export function createCustomOperator(deps: Pick<Deps, "db" | "clock" | "jobs">) {
  const { db, clock, jobs } = deps;

  /** A request by its id or its request number (CM…), whoever it belongs to. */
  async function find(ref: string) {
    const row = await db.customRequest.findFirst({
      where: { OR: [{ id: ref }, { requestNo: ref.toUpperCase() }] },
      include: { photos: { orderBy: { sort: "asc" } } },
    });
    if (!row) throw new BizError("NOT_FOUND");
    return row;
  }

  /** Move `ref` by `action` if its state allows it, setting `data` with the new state. */
  async function move(ref: string, action: CustomAction, data: Record<string, unknown>) {
    const row = await find(ref);
    const spec = CUSTOM_ACTIONS[action];
    if (!canDo(action, row.status)) throw refused(row.status, action);
    const moved = await db.customRequest.updateMany({
      where: { id: row.id, status: { in: [...spec.from] } },
      data: { status: spec.to, ...data },
    });
    if (moved.count !== 1) {
      const now = await db.customRequest.findUniqueOrThrow({ where: { id: row.id }, select: { status: true } });
      throw refused(now.status, action);
    }
    return find(row.id);
  }

  /**
   * The avatar of a request, made once: the photo-cloning fit of the first reference photo that
   * shows a face (the same job, its role id derived from the request), or, when none does, the
   * style's base avatar for the request's sex. Either way the id is derived from the request, so
   * running this again finds the avatar instead of making a second one.
   */
  async function makeAvatar(row: Awaited<ReturnType<typeof find>>): Promise<string> {
    const requestId = `tailored-${row.id}`;
    const name = translate("customAvatarName", row.language as Language, {
      style: styleName(row.style, row.language as Language),
    });
    for (const [index, photo] of row.photos.entries()) {
      try {
        const { roleId } = await jobs.run(
          "photoClone",
          { userId: row.userId, sex: row.sex as 1 | 2, photoKey: photo.key, requestId, name },
          { jobId: `${requestId}-${index}` },
        );
        return roleId;
      } catch (error) {
        // no face in this photo: try the next one; anything else is a real failure
        if (!(error instanceof JobFailedError && error.codeName === "PHOTO_NO_FACE")) throw error;
      }
    }
    const base = await db.role.findUniqueOrThrow({
      where: { id: STYLE_BASE_ROLES[row.style as CustomStyle][row.sex as 1 | 2] },
    });
    const roleId = `${requestId}-base`;
    await db.customRole.upsert({
      where: { id: roleId },
      update: {},
      create: {
        id: roleId,
        userId: row.userId,
        name,
        sex: base.sex,
        kind: "tailored",
        sourceRoleId: base.id,
        faceParams: base.faceParams,
        initParams: base.faceParams,
        appearance: appearanceColumn.encode(appearanceColumn.decodeOr(base.appearance, {})),
        imgKey: base.imgKey,
      },
    });
    // its portrait, as a DIY face gets one (the same file as the base's when it was rendered)
    await jobs.run("avatarThumbnail", { kind: "custom", id: roleId }, { jobId: `portrait-${roleId}` });
    return roleId;
  }

  return {
    find,

    /** Requests, oldest first, optionally in one state: what the studio has to work on. */
    list(status?: string) {
      return db.customRequest.findMany({
        where: status ? { status } : {},
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        include: { user: { select: { email: true, phone: true } }, photos: { select: { id: true } } },
      });
    },

    /** Price a submitted request, or price a quoted one again. `amount` in the smallest unit. */
    async quote(ref: string, amount: number) {
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > QUOTE_MAX) {
        const row = await find(ref);
        throw new BizError("CUSTOM_QUOTE_INVALID", {
          unit: row.currency === "CNY" ? "fen" : "cents",
          max: QUOTE_MAX,
        });
      }
      return move(ref, "quote", { quoteAmount: amount, quotedAt: clock.now() });
    },

    /** The user accepted the quote: production starts. */
    produce: (ref: string) => move(ref, "produce", { producingAt: clock.now() }),

    /** The studio cannot make it; the user sees the reason. */
    async reject(ref: string, reason: string) {
      const text = reason.trim();
      if (!text) throw new BizError("CUSTOM_REASON_REQUIRED");
      return move(ref, "reject", {
        rejectReason: text.slice(0, CUSTOM_LIMITS.rejectReasonMax),
        rejectedAt: clock.now(),
      });
    },

    /**
     * The model is done: the request becomes delivered and its avatar one of the user's, in one
     * transaction, exactly once. A second deliver is refused (the request is delivered already)
     * and finds the same avatar; an avatar made for a request that another operator moved
     * elsewhere in the meantime is removed again.
     */
    async deliver(ref: string) {
      const row = await find(ref);
      if (!canDo("deliver", row.status)) throw refused(row.status, "deliver");
      const roleId = await makeAvatar(row);
      try {
        await db.$transaction(async (tx) => {
          const moved = await tx.customRequest.updateMany({
            where: { id: row.id, status: { in: [...CUSTOM_ACTIONS.deliver.from] } },
            data: { status: CUSTOM_ACTIONS.deliver.to, roleId, deliveredAt: clock.now() },
          });
          if (moved.count !== 1) {
            const now = await tx.customRequest.findUniqueOrThrow({ where: { id: row.id } });
            throw refused(now.status, "deliver");
          }
          await tx.customRole.update({
            where: { id: roleId },
            data: { kind: "tailored", description: row.requestNo },
          });
        });
      } catch (error) {
        const now = await db.customRequest.findUnique({ where: { id: row.id }, select: { roleId: true } });
        if (now?.roleId !== roleId) await db.customRole.deleteMany({ where: { id: roleId, userId: row.userId } });
        throw error;
      }
      return find(row.id);
    },
  };
}

export type CustomOperator = ReturnType<typeof createCustomOperator>;
