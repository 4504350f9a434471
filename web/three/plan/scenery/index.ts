/** The scenery for a plan's scene (or the neutral studio haze when it has none). */
import type { Kit } from "../kit.ts";
import { sceneRig } from "../lights.ts";
import type { Scene, SceneStyle } from "../parse.ts";
import { gradient, grid, neutral, studio } from "./backdrops.ts";
import { bakeProps } from "./bake.ts";
import type { Scenery } from "./common.ts";
import { nightSky, space } from "./night.ts";
import { beach, garden } from "./outdoors.ts";
import { livingRoom } from "./room.ts";
import { neonStage } from "./stage.ts";

export type { Scenery } from "./common.ts";

const BUILDERS: Record<SceneStyle, (kit: Kit, scene: Scene) => Scenery> = {
  gradient,
  studio,
  grid,
  neonStage,
  beach,
  nightSky,
  garden,
  livingRoom,
  space,
};

export function buildScenery(scene: Scene | null, kit: Kit): Scenery {
  const scenery = scene ? BUILDERS[scene.style](kit, scene) : neutral(kit);
  bakeProps(kit, scenery.root, sceneRig(scene));
  return scenery;
}
