/**
 * One particle effect as a single instanced mesh: hearts rising, snow falling, sparkles twinkling,
 * confetti tumbling, bubbles wobbling up, petals fluttering down. Ambient layers run forever
 * (pre-filled, so a look that is switched on is already in motion); a burst throws the whole pool
 * out at once and fades.
 */
import { useFrame } from "@react-three/fiber";
import { useMemo } from "react";
import {
  Color,
  DoubleSide,
  Euler,
  ExtrudeGeometry,
  InstancedMesh,
  type Material,
  Matrix4,
  MeshBasicMaterial,
  MeshLambertMaterial,
  PlaneGeometry,
  Quaternion,
  Shape,
  ShapeGeometry,
  SphereGeometry,
  Vector3,
} from "three";
import { burstAmount, MAX_STEP } from "../animation.ts";
import { rotateHue, shade } from "../color.ts";
import type { Kit } from "../kit.ts";
import type { ParticleStyle } from "../parse.ts";
import { burst, createParticles, drawnScale, prefill, step } from "../particles.ts";
import { heartShape, snowflakeTexture, starShape } from "../shapes.ts";
import { useBuilt } from "../useBuilt.ts";

type Facing = "camera" | "tumble" | "wobble" | "none";

function look(
  style: ParticleStyle,
  color: string,
  kit: Kit,
): { geometry: ReturnType<Kit["geo"]>; material: Material; facing: Facing; palette: string[] } {
  switch (style) {
    case "hearts": {
      const g = new ExtrudeGeometry(heartShape(1.6), { depth: 0.45, bevelEnabled: false, curveSegments: 5 });
      g.center();
      return {
        geometry: kit.geo(g),
        material: kit.mat(
          new MeshLambertMaterial({ color: new Color(color), emissive: new Color(color), emissiveIntensity: 0.35 }),
        ),
        facing: "wobble",
        palette: [color, shade(color, 0.25), rotateHue(color, -0.04)],
      };
    }
    case "snow":
      return {
        geometry: kit.geo(new PlaneGeometry(3.2, 3.2)),
        material: kit.mat(
          new MeshBasicMaterial({
            color: new Color(color),
            map: kit.tex(snowflakeTexture(48)),
            transparent: true,
            depthWrite: false,
            fog: false,
            // white stays white: tone mapping turned the flakes grey (issue 47)
            toneMapped: false,
          }),
        ),
        facing: "camera",
        palette: [color],
      };
    case "sparkles":
      return {
        geometry: kit.geo(new ShapeGeometry(starShape(4, 1.6, 0.32))),
        material: kit.mat(
          new MeshBasicMaterial({
            color: new Color(color),
            transparent: true,
            opacity: 0.95,
            depthWrite: false,
            fog: false,
            toneMapped: false,
          }),
        ),
        facing: "camera",
        palette: [color, shade(color, 0.6), "#ffffff"],
      };
    case "confetti":
      return {
        geometry: kit.geo(new PlaneGeometry(1.2, 0.75)),
        material: kit.mat(
          new MeshLambertMaterial({
            color: new Color("#ffffff"),
            side: DoubleSide,
            emissive: new Color("#ffffff"),
            emissiveIntensity: 0.15,
          }),
        ),
        facing: "tumble",
        palette: [
          color,
          rotateHue(color, 0.17),
          rotateHue(color, 0.33),
          rotateHue(color, 0.5),
          rotateHue(color, 0.67),
          "#ffe066",
        ],
      };
    case "bubbles":
      return {
        geometry: kit.geo(new SphereGeometry(1, 12, 8)),
        material: kit.mat(
          new MeshLambertMaterial({
            color: new Color(color),
            transparent: true,
            opacity: 0.4,
            depthWrite: false,
            emissive: new Color(color),
            emissiveIntensity: 0.25,
          }),
        ),
        facing: "none",
        palette: [color, shade(color, 0.3), rotateHue(color, 0.08)],
      };
    default: {
      const petal = new Shape();
      petal.moveTo(0, -1);
      petal.bezierCurveTo(0.9, -0.5, 0.8, 0.7, 0.12, 1);
      petal.lineTo(0, 0.82);
      petal.lineTo(-0.12, 1);
      petal.bezierCurveTo(-0.8, 0.7, -0.9, -0.5, 0, -1);
      return {
        geometry: kit.geo(new ShapeGeometry(petal, 5)),
        material: kit.mat(
          new MeshLambertMaterial({
            color: new Color("#ffffff"),
            side: DoubleSide,
            emissive: new Color(color),
            emissiveIntensity: 0.2,
          }),
        ),
        facing: "tumble",
        palette: [color, shade(color, 0.35), shade(color, -0.1), shade(color, 0.6)],
      };
    }
  }
}

/** `burst` throws the pool out once and fades (a played effect); otherwise the layer runs for good. */
export function ParticleLayer({
  style,
  color,
  seed,
  burst: once = false,
}: {
  style: ParticleStyle;
  color: string;
  seed: number;
  burst?: boolean;
}) {
  const piece = useBuilt(
    (kit) => {
      const { geometry, material, facing, palette } = look(style, color, kit);
      const particles = createParticles(style, seed);
      if (once) burst(particles);
      else prefill(particles);
      const mesh = new InstancedMesh(geometry, material, particles.count);
      mesh.frustumCulled = false;
      const c = new Color();
      for (let i = 0; i < particles.count; i++) mesh.setColorAt(i, c.set(palette[i % palette.length] as string));
      return { mesh, particles, facing };
    },
    [style, color, seed],
  );
  const scratch = useMemo(
    () => ({
      m: new Matrix4(),
      q: new Quaternion(),
      q2: new Quaternion(),
      e: new Euler(),
      p: new Vector3(),
      s: new Vector3(),
      z: new Vector3(0, 0, 1),
      y: new Vector3(0, 1, 0),
    }),
    [],
  );
  const clock = useMemo(() => ({ t: 0 }), []);
  useFrame(({ camera }, delta) => {
    const dt = Math.min(delta, MAX_STEP);
    clock.t += dt;
    const { mesh, particles: p, facing } = piece.value;
    const fade = once ? burstAmount(clock.t) : 1;
    step(p, dt, clock.t, !once);
    const { m, q, q2, e, s } = scratch;
    for (let i = 0; i < p.count; i++) {
      const size = drawnScale(p, i, clock.t) * fade;
      const k = i * 3;
      scratch.p.set(p.pos[k] as number, p.pos[k + 1] as number, p.pos[k + 2] as number);
      const spin = p.spin[k + 2] as number;
      switch (facing) {
        case "camera":
          q.copy(camera.quaternion).multiply(q2.setFromAxisAngle(scratch.z, spin));
          break;
        case "wobble":
          q.copy(camera.quaternion).multiply(
            q2.setFromAxisAngle(scratch.y, 0.6 * Math.sin(spin * 2 + (p.phase[i] as number))),
          );
          break;
        case "tumble":
          q.setFromEuler(e.set((p.spin[k] as number) + spin, (p.spin[k + 1] as number) + spin * 0.7, spin * 0.4));
          break;
        default:
          q.identity();
      }
      s.setScalar(size);
      mesh.setMatrixAt(i, m.compose(scratch.p, q, s));
    }
    mesh.instanceMatrix.needsUpdate = true;
  });
  return <primitive object={piece.value.mesh} />;
}
