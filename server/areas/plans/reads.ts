/**
 * The plan reads the web app makes most (the plan page, the plan list), as prepared statements on
 * the read connection (infra/sql.ts, docs/decisions/027-hot-reads.md). Every query names its owner.
 * Rows come in SQLite's shapes on both databases: dates are ISO text (infra/sql.ts).
 */

import { LIMIT_OFFSET, type SqlReader } from "../../../infra/sql.ts";
import type { CatalogueRow } from "./catalogue.ts";

export interface PlanRow {
  id: string;
  name: string;
  roleId: string;
  roleKind: string;
  roleType: string;
  voiceId: string | null;
  usedAt: string | null;
  updatedAt: string;
}

const PLAN = `"id", "name", "roleId", "roleKind", "roleType", "voiceId", "usedAt", "updatedAt"`;
const ITEM = `c."id", c."kind", c."type", c."names", c."tier", c."look"`;

export function planReads(reads: SqlReader) {
  return {
    /** The plan, if it is the user's. */
    plan: (userId: string, planId: string) =>
      reads.get<PlanRow>(`SELECT ${PLAN} FROM "Plan" WHERE "id" = ? AND "userId" = ?`, planId, userId),

    /** One page of the user's plans, last changed first, and how many there are. */
    async page(userId: string, page: number, limit: number) {
      const rows = await reads.all<PlanRow>(
        `SELECT ${PLAN} FROM "Plan" WHERE "userId" = ? ORDER BY "updatedAt" DESC, "id" ${LIMIT_OFFSET}`,
        userId,
        limit,
        (page - 1) * limit,
      );
      const total =
        (await reads.get<{ n: number }>('SELECT count(*) AS "n" FROM "Plan" WHERE "userId" = ?', userId))?.n ?? 0;
      return { rows, total };
    },

    /** The user's plans on this avatar, last changed first. */
    byRole: (userId: string, roleId: string) =>
      reads.all<PlanRow>(
        `SELECT ${PLAN} FROM "Plan" WHERE "userId" = ? AND "roleId" = ? ORDER BY "updatedAt" DESC, "id"`,
        userId,
        roleId,
      ),

    /** What the plan holds, every slot, in the order it was added. */
    items: (planId: string) =>
      reads.all<CatalogueRow & { rowId: string; slot: string }>(
        `SELECT p."id" AS "rowId", p."slot", ${ITEM} FROM "PlanItem" p JOIN "CatalogueItem" c ON c."id" = p."itemId"
         WHERE p."planId" = ? ORDER BY p."createdAt", p."id"`,
        planId,
      ),

    /** The plan's viewer interactions, in the order they were added, with their catalogue rows. */
    async interactions(planId: string) {
      const rows = await reads.all<{
        id: string;
        eventId: string;
        actionKind: string;
        actionId: string;
        reply: string | null;
      }>(
        `SELECT "id", "eventId", "actionKind", "actionId", "reply" FROM "PlanInteract" WHERE "planId" = ?
         ORDER BY "createdAt", "id"`,
        planId,
      );
      const items = new Map(
        (
          await reads.all<CatalogueRow>(
            `SELECT ${ITEM} FROM "CatalogueItem" c WHERE c."id" IN
               (SELECT "eventId" FROM "PlanInteract" WHERE "planId" = ?
                UNION SELECT "actionId" FROM "PlanInteract" WHERE "planId" = ?)`,
            planId,
            planId,
          )
        ).map((row) => [row.id, row]),
      );
      return rows.map((row) => ({
        id: row.id,
        actionKind: row.actionKind,
        reply: row.reply,
        event: items.get(row.eventId) as CatalogueRow,
        action: items.get(row.actionId) as CatalogueRow,
      }));
    },

    catalogueItem: (id: string) =>
      reads.get<CatalogueRow>(`SELECT ${ITEM} FROM "CatalogueItem" c WHERE c."id" = ?`, id),

    /** For the plan list: what each of these plans of the user holds, counted per slot. */
    async counts(userId: string, planIds: readonly string[]) {
      const wanted = new Set(planIds);
      const [itemRows, interactRows] = await Promise.all([
        reads.all<{ planId: string; slot: string; n: number }>(
          `SELECT p."planId", p."slot", count(*) AS "n" FROM "PlanItem" p JOIN "Plan" ON "Plan"."id" = p."planId"
           WHERE "Plan"."userId" = ? GROUP BY p."planId", p."slot"`,
          userId,
        ),
        reads.all<{ planId: string; n: number }>(
          `SELECT i."planId", count(*) AS "n" FROM "PlanInteract" i JOIN "Plan" ON "Plan"."id" = i."planId"
           WHERE "Plan"."userId" = ? GROUP BY i."planId"`,
          userId,
        ),
      ]);
      const items = itemRows.filter((row) => wanted.has(row.planId));
      const interacts = interactRows.filter((row) => wanted.has(row.planId));
      return { items, interacts };
    },

    /** The avatars of these plans: system roles by id, and the user's own by id. */
    roles(userId: string) {
      return {
        system: (id: string) =>
          reads.get<{
            id: string;
            name: string;
            names: string;
            sex: number;
            imgKey: string | null;
            faceParams: string;
            appearance: string;
          }>(
            `SELECT "id", "name", "names", "sex", "imgKey", "faceParams", "appearance" FROM "Role" WHERE "id" = ?`,
            id,
          ),
        own: (id: string) =>
          reads.get<{
            id: string;
            name: string;
            sex: number;
            kind: string;
            imgKey: string | null;
            faceParams: string;
            appearance: string;
          }>(
            `SELECT "id", "name", "sex", "kind", "imgKey", "faceParams", "appearance" FROM "CustomRole"
             WHERE "id" = ? AND "userId" = ?`,
            id,
            userId,
          ),
      };
    },
  };
}
