/**
 * What the plan preview draws: the avatar, what it wears, where it stands, its pets and effects,
 * and the actions an interaction can play on it. Items carry their catalogue `look`
 * (shared/plan/looks.ts) exactly as the plan calls answer it.
 */
import type { AvatarStyle } from "../../../shared/avatar/index.ts";
import type { Appearance, StoredFaceParams } from "../../../shared/schemas/roles.ts";

export interface PreviewItem {
  id: string;
  look: Record<string, unknown>;
}

export interface PlanLook {
  /** `style`: how the avatar is drawn (a cartoon role is toon); realistic when absent. */
  role: { sex: 1 | 2; faceParams: StoredFaceParams; appearance: Appearance; style?: AvatarStyle };
  /** At most one per outfit slot. */
  outfits: PreviewItem[];
  scene: PreviewItem | null;
  pets: PreviewItem[];
  effects: PreviewItem[];
}

/** An interaction's action, or an expression tried from the menu: played once over the standing look. */
export interface PreviewAction {
  kind: "expression" | "motion" | "effect";
  look: Record<string, unknown>;
}

export interface PreviewHandle {
  play(action: PreviewAction): void;
}
