/**
 * Tailored models (docs/decisions/026): a diamond member's request for an avatar made to measure,
 * with reference photos checked like photo cloning's (error_1..error_4). The request and its
 * photos are written together or not at all. Every query is scoped to the request's owner.
 */

import { randomInt } from "node:crypto";
import sharp from "sharp";
import type { Language } from "../../../shared/constants.ts";
import { PHOTO } from "../../../shared/constants.ts";
import {
  budgetRules,
  CUSTOM_ACTIONS,
  CUSTOM_LIMITS,
  CUSTOM_STATUSES,
  CUSTOM_STYLES,
  type CustomStatus,
  type CustomStyle,
  canDo,
  checkCustomFields,
  checkPhotoCount,
  deadlineBounds,
  makeRequestNo,
} from "../../../shared/custom.ts";
import { translate } from "../../../shared/messages.ts";
import { CURRENCY } from "../../../shared/orders.ts";
import type {
  CustomRequestDetail,
  CustomRequestRecord,
  CustomSelectInit,
  MyMadeBody,
} from "../../../shared/schemas/custom.ts";
import { BizError } from "../../errors.ts";
import { inspectImage } from "../../images.ts";
import type { Deps } from "../../types.ts";
import { invalidField } from "../../validation.ts";
import { mediaUrl } from "../files/service.ts";
import { currentVip } from "../roles/service.ts";

type RequestRow = NonNullable<Awaited<ReturnType<Deps["db"]["customRequest"]["findFirst"]>>>;
type PhotoRow = NonNullable<Awaited<ReturnType<Deps["db"]["customRequestPhoto"]["findFirst"]>>>;
type RoleLink = { id: string; name: string; imgKey: string | null };

/** Reference photos are kept at most this large on their longer side, as JPEG. */
const PHOTO_KEEP_PX = 2048;

export const statusName = (status: string, language: Language) =>
  translate(`customStatus_${status as CustomStatus}`, language);
export const styleName = (style: string, language: Language) =>
  translate(`customStyle_${style as CustomStyle}`, language);

/** When the request entered each state it has been in, oldest first. */
function history(row: RequestRow) {
  const at: [CustomStatus, Date | null][] = [
    ["submitted", row.createdAt],
    ["quoted", row.quotedAt],
    ["producing", row.producingAt],
    ["delivered", row.deliveredAt],
    ["rejected", row.rejectedAt],
    ["cancelled", row.cancelledAt],
  ];
  return at
    .filter((entry): entry is [CustomStatus, Date] => entry[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime());
}

export function toRecord(
  row: RequestRow & { photos: PhotoRow[] },
  role: RoleLink | null,
  language: Language,
): CustomRequestRecord {
  const currency = row.currency as "CNY" | "USD";
  const first = row.photos[0];
  return {
    id: row.id,
    requestNo: row.requestNo,
    status: row.status as CustomStatus,
    statusName: statusName(row.status, language),
    style: row.style as CustomStyle,
    styleName: styleName(row.style, language),
    sex: row.sex,
    description: row.description,
    budget: row.budget,
    quoteAmount: row.quoteAmount,
    currency,
    symbol: CURRENCY[currency === "CNY" ? "cn" : "intl"].symbol,
    deadline: row.deadline,
    rejectReason: row.rejectReason,
    role: role ? { id: role.id, name: role.name, img: role.imgKey ? mediaUrl(role.imgKey) : null } : null,
    cover: first ? mediaUrl(first.key) : null,
    photoCount: row.photos.length,
    canCancel: canDo("cancel", row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDetail(
  row: RequestRow & { photos: PhotoRow[] },
  role: RoleLink | null,
  language: Language,
): CustomRequestDetail {
  return {
    ...toRecord(row, role, language),
    photos: row.photos.map((p) => ({ url: mediaUrl(p.key), width: p.width, height: p.height })),
    history: history(row).map(([status, at]) => ({
      status,
      statusName: statusName(status, language),
      at: at.toISOString(),
    })),
  };
}

export interface CreateInput {
  fields: Record<string, string>;
  files: (Buffer | null)[];
  tooMany: boolean;
}

export function createCustomService(deps: Pick<Deps, "db" | "reads" | "clock" | "storage" | "env">) {
  const { db, clock, storage, env } = deps;
  const site = env.SITE;
  const photosOrdered = { orderBy: { sort: "asc" as const } };

  /** The delivered avatars of these requests that still exist, by id. */
  async function rolesOf(userId: string, rows: RequestRow[]) {
    const ids = rows.map((r) => r.roleId).filter((id): id is string => id !== null);
    if (ids.length === 0) return new Map<string, RoleLink>();
    const roles = await db.customRole.findMany({
      where: { userId, id: { in: ids } },
      select: { id: true, name: true, imgKey: true },
    });
    return new Map(roles.map((r) => [r.id, r]));
  }

  async function ownRequest(userId: string, id: string) {
    const row = await db.customRequest.findFirst({ where: { id, userId }, include: { photos: photosOrdered } });
    if (!row) throw new BizError("NOT_FOUND");
    return row;
  }

  async function detailOf(userId: string, row: RequestRow & { photos: PhotoRow[] }, language: Language) {
    const roles = await rolesOf(userId, [row]);
    return toDetail(row, (row.roleId && roles.get(row.roleId)) || null, language);
  }

  /** Checked by their bytes (error_1..error_4), then re-encoded: auto-oriented, no metadata kept. */
  async function preparePhotos(files: (Buffer | null)[]) {
    const prepared: { bytes: Buffer; width: number; height: number }[] = [];
    for (const file of files) {
      if (!file) throw new BizError("PHOTO_TOO_LARGE");
      await inspectImage(file, { minWidth: PHOTO.minWidth, minHeight: PHOTO.minHeight });
    }
    for (const file of files as Buffer[]) {
      const { data, info } = await sharp(file, { limitInputPixels: PHOTO.maxPixels })
        .rotate()
        .resize(PHOTO_KEEP_PX, PHOTO_KEEP_PX, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 88 })
        .toBuffer({ resolveWithObject: true });
      prepared.push({ bytes: data, width: info.width, height: info.height });
    }
    return prepared;
  }

  return {
    /** The form's options, localised; deadlines counted from today in the site's time zone. */
    selectInit(language: Language): CustomSelectInit {
      const budget = budgetRules(site);
      return {
        styles: CUSTOM_STYLES.map((value) => ({
          value,
          name: styleName(value, language),
          description: translate(`customStyleText_${value}`, language),
        })),
        budget: {
          ...budget,
          ranges: budget.ranges.map((r) => ({ ...r, name: translate(`customBudget_${r.id}`, language) })),
        },
        deadline: deadlineBounds(clock.now(), site),
        photos: {
          min: CUSTOM_LIMITS.minPhotos,
          max: CUSTOM_LIMITS.maxPhotos,
          maxBytes: PHOTO.maxBytes,
          minWidth: PHOTO.minWidth,
          minHeight: PHOTO.minHeight,
          mimeTypes: [...PHOTO.mimeTypes],
        },
        descriptionMax: CUSTOM_LIMITS.descriptionMax,
        statuses: CUSTOM_STATUSES.map((value) => ({ value, name: statusName(value, language) })),
      };
    },

    /**
     * A new request. Diamond members only (an expired membership counts as none); every field and
     * photo is checked before anything is written; the photos are stored, then the request and its
     * photo rows are created in one statement, and the stored files are removed if that fails.
     */
    async create(userId: string, input: CreateInput, language: Language): Promise<CustomRequestDetail> {
      const now = clock.now();
      // malformed input first (400 naming the field), as every call does, then who may ask
      const sexText = input.fields.sex ?? "2";
      if (sexText !== "1" && sexText !== "2") throw invalidField("body", "sex");
      if ((await currentVip(deps.reads, userId, now)) !== "diamond") throw new BizError("CUSTOM_DIAMOND_ONLY");
      const checked = checkCustomFields(input.fields, budgetRules(site), deadlineBounds(now, site));
      if (!checked.ok) throw new BizError(checked.code, checked.params);
      const countProblem = checkPhotoCount(input.tooMany ? CUSTOM_LIMITS.maxPhotos + 1 : input.files.length);
      if (countProblem) throw new BizError(countProblem.code, countProblem.params);
      const photos = await preparePhotos(input.files);

      const keys: string[] = [];
      try {
        for (const photo of photos) keys.push(await storage.put(photo.bytes, "jpg"));
        const row = await db.customRequest.create({
          data: {
            requestNo: makeRequestNo(now, randomInt),
            userId,
            sex: Number(sexText),
            ...checked.value,
            currency: CURRENCY[site].code,
            language,
            createdAt: now,
            photos: {
              create: photos.map((p, sort) => ({
                key: keys[sort] as string,
                width: p.width,
                height: p.height,
                size: p.bytes.length,
                sort,
              })),
            },
          },
          include: { photos: photosOrdered },
        });
        return toDetail(row, null, language);
      } catch (error) {
        await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
        throw error;
      }
    },

    async page(userId: string, body: MyMadeBody, language: Language) {
      const where = { userId, ...(body.status ? { status: body.status } : {}) };
      const [rows, total] = await Promise.all([
        db.customRequest.findMany({
          where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          skip: (body.page - 1) * body.limit,
          take: body.limit,
          include: { photos: photosOrdered },
        }),
        db.customRequest.count({ where }),
      ]);
      const roles = await rolesOf(userId, rows);
      return {
        records: rows.map((row) => toRecord(row, (row.roleId && roles.get(row.roleId)) || null, language)),
        total,
      };
    },

    detail: async (userId: string, id: string, language: Language) =>
      detailOf(userId, await ownRequest(userId, id), language),

    /** The user withdraws a request that is submitted or quoted; anything later is refused. */
    async cancel(userId: string, id: string, language: Language) {
      await ownRequest(userId, id);
      const moved = await db.customRequest.updateMany({
        where: { id, userId, status: { in: [...CUSTOM_ACTIONS.cancel.from] } },
        data: { status: CUSTOM_ACTIONS.cancel.to, cancelledAt: clock.now() },
      });
      if (moved.count !== 1) throw new BizError("CUSTOM_NOT_CANCELLABLE");
      return detailOf(userId, await ownRequest(userId, id), language);
    },
  };
}

export type CustomService = ReturnType<typeof createCustomService>;
