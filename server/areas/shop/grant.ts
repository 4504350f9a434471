/**
 * Owning a shop item: the one write that makes it usable, shared by a paid order's notification
 * and a free claim. It runs inside the caller's transaction; the Entitlement's primary key (user,
 * kind, ref) makes a second grant impossible, and `sales` counts only the grant that wrote the row.
 */

import type { Prisma } from "../../../infra/generated/prisma/client.ts";
import { BizError } from "../../errors.ts";
import { ITEM_ENTITLEMENT } from "./access.ts";

export interface ItemGrant {
  userId: string;
  skuId: string;
  /** shop-order (sourceId the order id) or shop-free. */
  source: "shop-order" | "shop-free";
  sourceId: string | null;
  now: Date;
}

/** Gives the user what the SKU unlocks; false when they own it already (nothing written). */
export async function grantItem(tx: Prisma.TransactionClient, grant: ItemGrant): Promise<boolean> {
  const sku = await tx.shopSku.findUnique({ where: { id: grant.skuId }, select: { itemId: true, roleId: true } });
  const ref = sku?.itemId ?? sku?.roleId;
  if (!ref) throw new BizError("NOT_FOUND");
  const key = { userId_kind_ref: { userId: grant.userId, kind: ITEM_ENTITLEMENT, ref } };
  if (await tx.entitlement.findUnique({ where: key })) return false;
  await tx.entitlement.create({
    data: {
      userId: grant.userId,
      kind: ITEM_ENTITLEMENT,
      ref,
      source: grant.source,
      sourceId: grant.sourceId,
      createdAt: grant.now,
    },
  });
  await tx.shopSku.update({ where: { id: grant.skuId }, data: { sales: { increment: 1 } } });
  return true;
}
