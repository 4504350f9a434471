/**
 * The bust's pose. It has no arms, so T and A set the shoulder line: T keeps the shoulders
 * level, as modelled; A relaxes them, turning each shoulder down about its root by up to 9°,
 * fading in from the neck so the collar stays put.
 */

import type { AvatarMesh } from "./mesh.ts";

const A_DEGREES = 9;

export function applyPose(mesh: AvatarMesh, pose: "T" | "A"): AvatarMesh {
  if (pose === "T") return mesh;
  const angle = (A_DEGREES * Math.PI) / 180;
  const root = 0.07; // metres from the centre line where the shoulder starts to drop
  const pivotY = -0.17;
  for (const prim of mesh.primitives) {
    if (prim.name !== "clothing" && prim.name !== "skin") continue;
    const p = prim.positions;
    for (let i = 0; i < p.length; i += 3) {
      const x = p[i] as number;
      const y = p[i + 1] as number;
      const ax = Math.abs(x);
      if (ax <= root || y > pivotY + 0.03) continue;
      const t = Math.min(1, (ax - root) / 0.08);
      const fade = t * t * (3 - 2 * t);
      const a = angle * fade * Math.sign(x);
      const dx = x - Math.sign(x) * root;
      const dy = y - pivotY;
      // rotate (dx, dy) about the shoulder root, downwards on both sides
      p[i] = Math.sign(x) * root + dx * Math.cos(a) + dy * Math.sin(a);
      p[i + 1] = pivotY - dx * Math.sin(a) + dy * Math.cos(a);
    }
  }
  return mesh;
}
