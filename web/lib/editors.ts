/**
 * Opening the editors from 'Start design' (spec sections 2 and 4): embedded, the host opens them in
 * its own view (editPerson, editPlan); otherwise the app routes to /face or /plan. `go` is the
 * caller's navigate (the router's, inside React).
 */

import type { AvatarSex } from "../../shared/schemas/plans.ts";
import { tellHost } from "./host.ts";
import { planLink } from "./links.ts";
import { navigate } from "./navigation.ts";
import { type AvatarPaths, faceLink } from "./variant.ts";

/**
 * The face editor for an avatar; twoMenu "2" after photo cloning. `paths` is the frame's (the
 * short-video variant has its own face editor route, web/lib/variant.ts).
 */
export function openFaceEditor(
  roleId: string,
  twoMenu?: string,
  go: (to: string) => void = navigate,
  paths: Pick<AvatarPaths, "face"> = { face: "/face" },
): void {
  if (tellHost({ type: "editPerson", data: twoMenu ? { roleId, twoMenu } : { roleId } })) return;
  go(faceLink(paths, roleId, twoMenu));
}

/** The plan editor; the host message, like /plan's query, calls the avatar's sex roleType. */
export function openPlanEditor(
  plan: { planId: string; roleId: string; avatarSex: AvatarSex | number },
  go: (to: string) => void = navigate,
): void {
  const { planId, roleId } = plan;
  if (tellHost({ type: "editPlan", data: { planId, roleId, roleType: String(plan.avatarSex) } })) return;
  go(planLink(plan));
}
