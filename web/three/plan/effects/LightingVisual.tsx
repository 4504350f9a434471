/**
 * What a lighting effect shows besides the light itself: a spotlight's beam, a disco ball with
 * coloured spots sweeping the back, a glow of the setting sun, a moon's halo. `amount` (0..1) fades
 * it, for bursts.
 */

import { useFrame } from "@react-three/fiber";
import { useMemo } from "react";
import { ConeGeometry, Group, IcosahedronGeometry, MeshMatcapMaterial, type Sprite, Vector3 } from "three";
import { MAX_STEP } from "../animation.ts";
import { rotateHue, shade } from "../color.ts";
import type { LightingStyle } from "../parse.ts";
import { glow } from "../scenery/common.ts";
import { glowTexture, matcapTexture } from "../shapes.ts";
import { useBuilt } from "../useBuilt.ts";

export function LightingVisual({
  style,
  color,
  amount,
}: {
  style: LightingStyle;
  color: string;
  amount: () => number;
}) {
  const piece = useBuilt(
    (kit) => {
      const root = new Group();
      const fades: { material: { opacity: number }; full: number }[] = [];
      const fade = <T extends { opacity: number }>(material: T, full: number) => {
        fades.push({ material, full });
        return material;
      };
      let update: ((t: number) => void) | undefined;
      switch (style) {
        case "spotlight": {
          const cone = new ConeGeometry(0.42, 1.9, 24, 1, true);
          cone.translate(0, -0.95, 0);
          const beam = kit.mesh(cone, fade(kit.glow(color, 0.2, kit.tex(glowTexture(32, 0.8))), 0.2));
          beam.position.set(0.05, 1.55, -0.35);
          // the cone's apex at the lamp, opening down toward the head
          const aim = new Vector3(0, -0.1, -0.05).sub(beam.position).normalize();
          beam.quaternion.setFromUnitVectors(new Vector3(0, -1, 0), aim);
          const pool = glow(kit, color, 1.5, 0.25, { falloff: 1.8 });
          fade(pool.material, 0.25);
          pool.position.set(0, -0.05, -0.8);
          root.add(beam, pool);
          break;
        }
        case "disco": {
          const mirror = kit.mat(
            new MeshMatcapMaterial({
              matcap: kit.tex(matcapTexture("#c9ced8", "#ffffff", "#3a3f55", 1)),
              flatShading: true,
            }),
          );
          const ball = kit.mesh(new IcosahedronGeometry(0.07, 2), mirror);
          ball.position.set(0.16, 0.3, -0.45);
          const string = kit.mesh(new ConeGeometry(0.002, 0.4, 4), kit.std("#888888"));
          string.position.set(0.16, 0.55, -0.45);
          root.add(ball, string);
          const spots: Sprite[] = [];
          for (let i = 0; i < 7; i++) {
            const s = glow(kit, rotateHue(color, i / 7), 0.9, 0.45, { falloff: 2.4 });
            fade(s.material, 0.45);
            spots.push(s);
            root.add(s);
          }
          update = (t) => {
            ball.rotation.y = t * 0.8;
            spots.forEach((s, i) => {
              const a = t * 0.5 + (i / 7) * Math.PI * 2;
              s.position.set(Math.cos(a) * 2.1, 0.3 + Math.sin(a * 1.7 + i) * 0.9, -3.5);
            });
          };
          break;
        }
        case "sunset": {
          const sun = glow(kit, color, 3.2, 0.5, { falloff: 1.5 });
          fade(sun.material, 0.5);
          sun.position.set(1.6, -0.1, -3);
          root.add(sun);
          break;
        }
        case "moonlight": {
          const halo = glow(kit, color, 2.4, 0.35, { falloff: 2 });
          fade(halo.material, 0.35);
          halo.position.set(-1.4, 1.1, -3);
          const moon = glow(kit, shade(color, 0.7), 0.55, 0.95, { falloff: 0.5 });
          fade(moon.material, 0.95);
          moon.position.set(-1.4, 1.1, -2.98);
          root.add(halo, moon);
          break;
        }
        case "neonRim": {
          // a faint coloured haze behind the bust
          const haze = glow(kit, color, 1.6, 0.35, { falloff: 1.6 });
          fade(haze.material, 0.35);
          haze.position.set(0, 0, -0.5);
          root.add(haze);
          break;
        }
      }
      return { root, fades, update };
    },
    [style, color],
  );
  const clock = useMemo(() => ({ t: 0 }), []);
  useFrame((_, delta) => {
    clock.t += Math.min(delta, MAX_STEP);
    const a = amount();
    for (const f of piece.value.fades) f.material.opacity = f.full * a;
    piece.value.root.visible = a > 0.001;
    piece.value.update?.(clock.t);
  });
  return <primitive object={piece.value.root} />;
}
