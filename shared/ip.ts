/**
 * Licensed IP (spec section 2, /ip): an activation code unlocks a licensed character set in the
 * user's account. Codes are single use and case-insensitive; dashes and spaces do not count.
 */

import type { Language } from "./constants.ts";

export interface IpLicence {
  key: string;
  names: Record<Language, string>;
  /** The system avatars it unlocks (prisma/roles.ts). */
  roleIds: readonly string[];
}

export const IP_LICENCES: readonly IpLicence[] = [
  {
    key: "starlight",
    names: { EN: "Starlight Idols", ZH_CN: "星光偶像", ZH_TN: "星光偶像" },
    roleIds: ["ip-starlight-mika", "ip-starlight-ren"],
  },
];

export const findLicence = (key: string) => IP_LICENCES.find((l) => l.key === key);

/** The code as stored and compared: upper case, letters and digits only. */
export const normaliseIpCode = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The code as people read it: groups of four with dashes. */
export const displayIpCode = (normalised: string): string => normalised.match(/.{1,4}/g)?.join("-") ?? normalised;

/** The longest code a user may type (with separators). */
export const IP_CODE_MAX = 40;
