/** IP activation (docs/api.md "IP activation"). */

import type { Static } from "typebox";
import * as Type from "typebox";
import { IP_CODE_MAX } from "../ip.ts";

export const ActivateIpBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: IP_CODE_MAX }) });
export type ActivateIpBody = Static<typeof ActivateIpBody>;

export const IpLicenceHeld = Type.Object({
  licence: Type.String(),
  name: Type.String(),
  /** The avatars it unlocks, as Start design lists them. */
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  activatedAt: Type.String({ format: "date-time" }),
});
export type IpLicenceHeld = Static<typeof IpLicenceHeld>;
