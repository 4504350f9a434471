/**
 * Membership tiers, what unlocks what, and the per-tier limits the spec names but does not
 * number (docs/decisions/008-membership-limits.md).
 */

export const VIP_TYPES = ["silver", "gold", "diamond", "cloud"] as const;
export type VipType = (typeof VIP_TYPES)[number];

/** Unlock rank: an asset needing rank r is open to members of rank r or more. Cloud renders
 * in the cloud at 720p; for avatar assets it ranks with silver. */
export const TIER_RANK: Record<VipType, number> = { silver: 1, gold: 2, diamond: 3, cloud: 1 };

export const rankOf = (vipType: string | null | undefined): number =>
  vipType && vipType in TIER_RANK ? TIER_RANK[vipType as VipType] : 0;

/** Equity status 2 means locked for the user's membership; 1 open. */
export const EQUITY_OPEN = 1;
export const EQUITY_LOCKED = 2;

/** An asset needing `tier` (null: any membership) is open to a member of `vipType`. Non-members get nothing. */
export function equityStatus(tier: string | null, vipType: string | null | undefined): 1 | 2 {
  const needed = Math.max(1, rankOf(tier));
  return rankOf(vipType) >= needed ? EQUITY_OPEN : EQUITY_LOCKED;
}

export const LIMITS: Record<VipType | "none", { diyFaces: number; plans: number }> = {
  none: { diyFaces: 0, plans: 0 },
  silver: { diyFaces: 5, plans: 5 },
  cloud: { diyFaces: 5, plans: 10 },
  gold: { diyFaces: 15, plans: 20 },
  diamond: { diyFaces: 50, plans: 100 },
};

export const limitsOf = (vipType: string | null | undefined) =>
  LIMITS[vipType && vipType in LIMITS ? (vipType as VipType) : "none"];

/** The membership that counts now: an expired one counts as none. */
export function activeVip(
  user: { vipType: string | null; vipExpiresAt: Date | null } | null,
  now: Date,
): string | null {
  if (!user?.vipType) return null;
  return !user.vipExpiresAt || user.vipExpiresAt > now ? user.vipType : null;
}

/**
 * A membership that ended and was not renewed: the refusals it causes answer 1208 'Your membership
 * has expired, please renew' rather than the locked (1201) or no-permission (1207) ones.
 */
export function lapsedVip(user: { vipType: string | null; vipExpiresAt: Date | null } | null, now: Date): boolean {
  return Boolean(user?.vipType && user.vipExpiresAt && user.vipExpiresAt <= now);
}
