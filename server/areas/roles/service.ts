import { LIMIT_OFFSET } from "../../../infra/sql.ts";
import { styleOfKind } from "../../../shared/avatar/index.ts";
import type { Language } from "../../../shared/constants.ts";
import { appearanceColumn, faceParamsColumn, roleNamesColumn } from "../../../shared/json-column.ts";
import { activeVip, equityStatus, lapsedVip, limitsOf } from "../../../shared/membership.ts";
import { portraitKey } from "../../../shared/portraits.ts";
import type {
  Appearance,
  CustomRoleDetail,
  CustomRoleRecord,
  RoleRecord,
  StoredFaceParams,
} from "../../../shared/schemas/roles.ts";
import { isBlankName } from "../../../shared/validation.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { mediaUrl } from "../files/service.ts";
import { loadShopAccess, NO_SHOP, type ShopAccess, shopEquity } from "../shop/access.ts";
import { faceTextureKey, removeAvatarFiles } from "./files.ts";

type RoleRow = NonNullable<Awaited<ReturnType<Deps["db"]["role"]["findFirst"]>>>;
type CustomRow = NonNullable<Awaited<ReturnType<Deps["db"]["customRole"]["findFirst"]>>>;

export function roleName(row: Pick<RoleRow, "name" | "names">, language: Language): string {
  if (language === "EN") return row.name;
  return roleNamesColumn.decodeOr(row.names, {})[language] ?? row.name;
}

/**
 * Open (1) or locked (2): a licensed character by its licence, a shop avatar model by owning it
 * (docs/decisions/025), the others by membership tier.
 */
export function roleEquity(
  row: Pick<RoleRow, "id" | "tier" | "licence">,
  vipType: string | null | undefined,
  licences: Set<string>,
  shop: ShopAccess = NO_SHOP,
) {
  if (row.licence) return licences.has(row.licence) ? 1 : 2;
  return shopEquity(row.id, shop) ?? equityStatus(row.tier, vipType);
}

export function toRoleRecord(
  row: Pick<RoleRow, "id" | "name" | "names" | "imgKey" | "sex" | "tier" | "licence">,
  vipType: string | null | undefined,
  language: Language,
  licences: Set<string> = new Set(),
  shop: ShopAccess = NO_SHOP,
): RoleRecord {
  return {
    id: row.id,
    name: roleName(row, language),
    img: row.imgKey ? mediaUrl(row.imgKey) : null,
    sex: row.sex,
    equityStatus: roleEquity(row, vipType, licences, shop),
    tier: row.tier,
  };
}

/** The columns of an own avatar the list needs. */
type CustomRecordRow = Pick<
  CustomRow,
  "id" | "name" | "description" | "sex" | "kind" | "imgKey" | "sourceRoleId" | "updatedAt"
>;

export function toCustomRecord(row: CustomRecordRow): CustomRoleRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sex: row.sex,
    kind: row.kind,
    img: row.imgKey ? mediaUrl(row.imgKey) : null,
    sourceRoleId: row.sourceRoleId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCustomDetail(row: CustomRow): CustomRoleDetail {
  return {
    ...toCustomRecord(row),
    faceParams: faceParamsColumn.decodeOr(row.faceParams, {}),
    appearance: appearanceColumn.decodeOr(row.appearance, {}),
  };
}

/**
 * The user's membership now (expired counts as none) and whether one lapsed (docs/decisions/047,
 * 1207 and 1208): a hot read, so a prepared statement.
 */
export async function membershipOf(
  reads: Deps["reads"],
  userId: string,
  now: Date,
): Promise<{ vip: string | null; lapsed: boolean }> {
  const row = await reads.get<{ vipType: string | null; vipExpiresAt: string | null }>(
    'SELECT "vipType", "vipExpiresAt" FROM "User" WHERE "id" = ?',
    userId,
  );
  if (!row) return { vip: null, lapsed: false };
  const user = { vipType: row.vipType, vipExpiresAt: row.vipExpiresAt ? new Date(row.vipExpiresAt) : null };
  return { vip: activeVip(user, now), lapsed: lapsedVip(user, now) };
}

/** The user's membership now (expired counts as none). */
export async function currentVip(reads: Deps["reads"], userId: string, now: Date): Promise<string | null> {
  return (await membershipOf(reads, userId, now)).vip;
}

/** A membership-gated refusal: renew (1208) after a lapse, else locked (1201) or no permission (1207). */
export function refusalFor(lapsed: boolean, otherwise: "LOCKED" | "NO_PERMISSION") {
  return new BizError(lapsed ? "MEMBERSHIP_EXPIRED" : otherwise);
}

/** The licensed characters the user holds (IP activation, shared/ip.ts). */
export async function licencesOf(reads: Deps["reads"], userId: string): Promise<Set<string>> {
  const rows = await reads.all<{ ref: string }>(
    'SELECT "ref" FROM "Entitlement" WHERE "userId" = ? AND "kind" = \'licence\'',
    userId,
  );
  return new Set(rows.map((e) => e.ref));
}

/** The columns of a system role the lists need (no face parameters). */
type RoleListRow = Pick<RoleRow, "id" | "name" | "names" | "imgKey" | "sex" | "tier" | "licence">;

/** System roles, and the user's custom roles. Every custom-role query is scoped to its owner. */
export function createRoleService(deps: Pick<Deps, "db" | "reads" | "clock" | "jobs" | "storage">) {
  const { db, reads, clock, jobs } = deps;
  const vipOf = (userId: string) => currentVip(reads, userId, clock.now());
  const membership = (userId: string) => membershipOf(reads, userId, clock.now());
  const licencesOfUser = (userId: string) => licencesOf(reads, userId);
  /** What opens system roles beyond the membership: licences, and avatar models owned from the shop. */
  const accessOf = async (userId: string) => {
    const [licences, shop] = await Promise.all([licencesOfUser(userId), loadShopAccess(reads, userId)]);
    return { licences, shop };
  };
  /**
   * System roles the user sees: every unlicensed one and the licensed ones they hold; of the shop's
   * avatar models, the ones they own (the shop shows the others).
   */
  const visibleTo = ({ licences, shop }: { licences: Set<string>; shop: ShopAccess }) => ({
    AND: [
      { OR: [{ licence: null }, { licence: { in: [...licences] } }] },
      { OR: [{ shopSku: { is: null } }, { id: { in: [...shop.owned] } }] },
    ],
  });

  /** Render the avatar's portrait again in the background; the list shows the old one meanwhile. */
  const refreshPortrait = (id: string) => {
    jobs.run("avatarThumbnail", { kind: "custom", id }).catch(() => {
      // reported by the runner; the previous portrait stays
    });
  };

  async function ownRole(userId: string, id: string) {
    const row = await db.customRole.findFirst({ where: { id, userId } });
    if (!row) throw new BizError("NOT_FOUND");
    return row;
  }

  /** A system role the user may use: missing is not found, above their membership is locked. */
  async function usableSystemRole(userId: string, id: string) {
    const role = await db.role.findUnique({ where: { id } });
    if (!role) throw new BizError("NOT_FOUND");
    const [{ vip, lapsed }, { licences, shop }] = await Promise.all([membership(userId), accessOf(userId)]);
    if (role.licence && !licences.has(role.licence)) throw new BizError("NOT_FOUND");
    if (shopEquity(role.id, shop) === 2) throw new BizError("SHOP_ITEM_LOCKED");
    if (roleEquity(role, vip, licences, shop) !== 1) throw refusalFor(lapsed, "LOCKED");
    return role;
  }

  async function checkDiyLimit(userId: string) {
    const [count, { vip, lapsed }] = await Promise.all([
      db.customRole.count({ where: { userId } }),
      membership(userId),
    ]);
    // a member at the limit; without a membership, starting a design is not theirs to do
    if (count >= limitsOf(vip).diyFaces)
      throw vip ? new BizError("DIY_FACE_LIMIT") : refusalFor(lapsed, "NO_PERMISSION");
  }

  async function checkPlanLimit(userId: string) {
    const [count, { vip, lapsed }] = await Promise.all([db.plan.count({ where: { userId } }), membership(userId)]);
    if (count >= limitsOf(vip).plans) throw vip ? new BizError("PLAN_LIMIT") : refusalFor(lapsed, "NO_PERMISSION");
  }

  return {
    ownRole,
    usableSystemRole,
    vipOf,
    membership,
    licencesOf: licencesOfUser,
    checkDiyLimit,
    checkPlanLimit,

    /** The role list (a hot read): prepared statements, one pass over the ordered system roles (kept until the database changes). */
    async list(userId: string, query: { limit: number; page: number; sex?: string | number }, language: Language) {
      const sex = query.sex === "" || query.sex === undefined ? undefined : Number(query.sex);
      const [access, vip, rows] = await Promise.all([
        accessOf(userId),
        vipOf(userId),
        reads.cached(
          "roles.list",
          (r): Promise<readonly RoleListRow[]> =>
            r.all<RoleListRow>(
              'SELECT "id", "name", "names", "imgKey", "sex", "tier", "licence" FROM "Role" ORDER BY "sort", "id"',
            ),
        ),
      ]);
      const visible = rows.filter(
        (row) =>
          (!row.licence || access.licences.has(row.licence)) &&
          (!access.shop.skuOf.has(row.id) || access.shop.owned.has(row.id)) &&
          (!sex || row.sex === sex),
      );
      const start = (query.page - 1) * query.limit;
      return {
        records: visible
          .slice(start, start + query.limit)
          .map((row) => toRoleRecord(row, vip, language, access.licences, access.shop)),
        total: visible.length,
      };
    },

    async systemRolesWithParams(userId: string, language: Language) {
      const [access, vip] = await Promise.all([accessOf(userId), vipOf(userId)]);
      const rows = await db.role.findMany({ where: visibleTo(access), orderBy: [{ sort: "asc" }, { id: "asc" }] });
      return rows.map((row) => ({
        ...toRoleRecord(row, vip, language, access.licences, access.shop),
        faceParams: faceParamsColumn.decodeOr(row.faceParams, {}),
        appearance: appearanceColumn.decodeOr(row.appearance, {}),
      }));
    },

    /** The user's avatars, newest first (a hot read): prepared statements. */
    async page(userId: string, body: { page: number; limit: number; sex?: number | "" }) {
      const sex = body.sex || null;
      const rows = await reads.all<Omit<CustomRecordRow, "updatedAt"> & { updatedAt: string }>(
        `SELECT "id", "name", "description", "sex", "kind", "imgKey", "sourceRoleId", "updatedAt"
         FROM "CustomRole" WHERE "userId" = ? AND (CAST(? AS INTEGER) IS NULL OR "sex" = ?)
         ORDER BY "updatedAt" DESC, "id" ${LIMIT_OFFSET}`,
        userId,
        sex,
        sex,
        body.limit,
        (body.page - 1) * body.limit,
      );
      const total =
        (
          await reads.get<{ n: number }>(
            'SELECT count(*) AS "n" FROM "CustomRole" WHERE "userId" = ? AND (CAST(? AS INTEGER) IS NULL OR "sex" = ?)',
            userId,
            sex,
            sex,
          )
        )?.n ?? 0;
      return { records: rows.map((row) => toCustomRecord({ ...row, updatedAt: new Date(row.updatedAt) })), total };
    },

    /** A DIY face from a system role: its parameters (or the editor's, when given) under a name. */
    async create(
      userId: string,
      input: { id: string; name?: string; faceParams?: StoredFaceParams; appearance?: Appearance },
      language: Language,
    ) {
      const role = await usableSystemRole(userId, input.id);
      if (input.name !== undefined && isBlankName(input.name)) throw new BizError("NAME_EMPTY");
      await checkDiyLimit(userId);
      const base = role.faceParams;
      const row = await db.customRole.create({
        data: {
          userId,
          name: input.name?.trim() || roleName(role, language),
          sex: role.sex,
          kind: "diy",
          sourceRoleId: role.id,
          faceParams: input.faceParams ? faceParamsColumn.encode(input.faceParams) : base,
          appearance: input.appearance ? appearanceColumn.encode(input.appearance) : role.appearance,
          initParams: base,
          imgKey: role.imgKey,
        },
      });
      if (input.faceParams || input.appearance) refreshPortrait(row.id);
      return row.id;
    },

    async copy(userId: string, id: string, copySuffix: string) {
      const source = await ownRole(userId, id);
      await checkDiyLimit(userId);
      const row = await db.customRole.create({
        data: {
          userId,
          name: `${source.name}${copySuffix}`.slice(0, 40),
          description: source.description,
          sex: source.sex,
          kind: source.kind,
          sourceRoleId: source.sourceRoleId,
          faceParams: source.faceParams,
          appearance: source.appearance,
          initParams: source.initParams,
          imgKey: source.imgKey,
        },
      });
      return row.id;
    },

    /**
     * Save from the face editor (with faceParams: its name is the face's, 'Filename is required')
     * or rename from the avatar list (name only: 'name cannot be empty').
     */
    async update(
      userId: string,
      input: {
        id: string;
        name?: string;
        description?: string;
        faceParams?: StoredFaceParams;
        appearance?: Appearance;
      },
    ) {
      await ownRole(userId, input.id);
      if (input.name !== undefined && isBlankName(input.name)) {
        throw new BizError(input.faceParams ? "FILENAME_REQUIRED" : "NAME_EMPTY");
      }
      await db.customRole.update({
        where: { id: input.id },
        data: {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.faceParams ? { faceParams: faceParamsColumn.encode(input.faceParams) } : {}),
          ...(input.appearance ? { appearance: appearanceColumn.encode(input.appearance) } : {}),
        },
      });
      if (input.faceParams || input.appearance) refreshPortrait(input.id);
    },

    async detail(userId: string, id: string): Promise<CustomRoleDetail> {
      const row = await ownRole(userId, id);
      const detail = toCustomDetail(row);
      // a photo clone's face texture, where its clone job stored one (clones made before it have none)
      if (row.kind === "photo" && (await deps.storage.exists(faceTextureKey(row.id))))
        detail.faceTexture = mediaUrl(faceTextureKey(row.id));
      return detail;
    },

    /** What the avatar started as: reset restores this. */
    async detailInit(userId: string, id: string) {
      const row = await ownRole(userId, id);
      const source = row.sourceRoleId ? await db.role.findUnique({ where: { id: row.sourceRoleId } }) : null;
      return {
        sex: row.sex as 1 | 2,
        faceParams: faceParamsColumn.decodeOr(row.initParams, {}),
        appearance: appearanceColumn.decodeOr(source?.appearance ?? row.appearance, {}),
      };
    },

    async reset(userId: string, id: string) {
      const row = await ownRole(userId, id);
      await db.customRole.update({ where: { id }, data: { faceParams: row.initParams } });
      refreshPortrait(id);
    },

    /**
     * The avatar's portrait, rendered again if it is missing, out of date or gone from storage (a
     * job lost or failed, issue 47): waits for the render and answers its address.
     */
    async portrait(userId: string, id: string): Promise<{ img: string }> {
      const row = await ownRole(userId, id);
      const key = portraitKey(row.sex, row.faceParams, row.appearance, styleOfKind(row.kind));
      if (row.imgKey === key && (await deps.storage.exists(key))) return { img: mediaUrl(key) };
      try {
        await jobs.run("avatarThumbnail", { kind: "custom", id });
      } catch {
        throw new BizError("PORTRAIT_FAILED");
      }
      const after = await db.customRole.findFirst({ where: { id, userId }, select: { imgKey: true } });
      if (!after) throw new BizError("NOT_FOUND");
      if (!after.imgKey) throw new BizError("PORTRAIT_FAILED");
      return { img: mediaUrl(after.imgKey) };
    },

    async remove(userId: string, id: string) {
      const role = await ownRole(userId, id);
      // A plan cannot stand without its avatar: the plans built on this one go with it.
      await db.$transaction([
        db.plan.deleteMany({ where: { userId, roleKind: "2", roleId: id } }),
        db.customRole.delete({ where: { id } }),
      ]);
      // its face photo and portrait go too (unless another avatar shows them)
      await removeAvatarFiles(deps, [role]);
    },

    async roleAndCustom(userId: string, language: Language) {
      const [roles, custom] = await Promise.all([
        this.systemRolesWithParams(userId, language),
        db.customRole.findMany({ where: { userId }, orderBy: { updatedAt: "desc" } }),
      ]);
      return { roles, customRoles: custom.map(toCustomDetail) };
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
