/** Links into the app that several features build. */

import type { AvatarSex } from "../../shared/schemas/plans.ts";

/**
 * The plan editor: `/plan?planId=&roleId=&roleType=`. The spec's query names the avatar's sex
 * `roleType` ("1" male, "2" female); a sex given as a number is written the same way.
 */
export function planLink(plan: { planId: string; roleId: string; avatarSex: AvatarSex | number }): string {
  return `/plan?${new URLSearchParams({ planId: plan.planId, roleId: plan.roleId, roleType: String(plan.avatarSex) })}`;
}

/** A product's page in the digital shop: `/shop/singleDetail?id=`. */
export const shopItemLink = (skuId: string): string => `/shop/singleDetail?${new URLSearchParams({ id: skuId })}`;
