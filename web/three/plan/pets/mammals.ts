/** The furry pets: a ginger cat, a shiba pup, a snow bunny, a fox kit and a panda cub. */
import { CapsuleGeometry, ConeGeometry, SphereGeometry, TorusGeometry, Vector3 } from "three";
import { mixHex, shade } from "../color.ts";
import { tube } from "../shapes.ts";
import { type Builder, ball, face, joint, PINK, paws, pivot, pointedEar } from "./parts.ts";

export function cat(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.38, [0, 0.3, 0], [1.05, 0.95, 0.95]));
  b.root.add(ball(b, accent, 0.26, [0, 0.27, 0.16], [1, 1, 0.7]));
  const head = ball(b, color, 0.3, [0, 0.74, 0.05], [1.12, 0.95, 1]);
  b.root.add(head);
  b.root.add(ball(b, accent, 0.13, [0, 0.66, 0.3], [1.3, 0.8, 0.7]));
  b.root.add(ball(b, PINK, 0.035, [0, 0.71, 0.37], [1.3, 0.8, 0.8], 0));
  face(b, 0.79, 0.3, 0.12, 0.045);
  for (const s of [1, -1]) pointedEar(b, s, [s * 0.17, 0.93, 0.02], 0.22, 0.12, color);
  // stripes on the forehead
  for (const dx of [-0.07, 0, 0.07])
    b.root.add(ball(b, shade(color, -0.25), 0.03, [dx, 0.96, 0.16], [0.6, 1.6, 0.5], 0));
  paws(b, accent);
  const tail = pivot(b, [0, 0.12, -0.3]);
  tail.add(
    b.kit.mesh(
      tube(
        [new Vector3(0, 0, 0), new Vector3(0.12, 0.05, -0.1), new Vector3(0.24, 0.28, -0.08), new Vector3(0.2, 0.5, 0)],
        0.05,
        false,
        16,
        6,
      ),
      b.fur(color),
    ),
  );
  joint(b, tail, "y", 0.6, "tail");
}

export function dog(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.38, [0, 0.3, 0], [1, 0.95, 1]));
  b.root.add(ball(b, accent, 0.25, [0, 0.3, 0.17], [1, 1.05, 0.7]));
  b.root.add(ball(b, color, 0.31, [0, 0.74, 0.05], [1.1, 0.95, 1]));
  b.root.add(ball(b, accent, 0.15, [0, 0.64, 0.27], [1.25, 0.85, 1]));
  b.root.add(ball(b, accent, 0.09, [0.13, 0.7, 0.25], [1, 0.9, 0.8]));
  b.root.add(ball(b, accent, 0.09, [-0.13, 0.7, 0.25], [1, 0.9, 0.8]));
  b.root.add(ball(b, "#1a1414", 0.045, [0, 0.69, 0.41], [1.3, 0.9, 0.9], 0));
  const tongue = b.kit.mesh(new SphereGeometry(0.04, 8, 6), b.fur("#ff6f86"));
  tongue.position.set(0, 0.57, 0.36);
  tongue.scale.set(1, 1.3, 0.5);
  b.root.add(tongue);
  face(b, 0.8, 0.3, 0.12, 0.045);
  for (const s of [1, -1]) pointedEar(b, s, [s * 0.17, 0.94, 0.0], 0.18, 0.12, color, accent);
  paws(b, accent);
  const tail = pivot(b, [0, 0.38, -0.32]);
  const curl = b.kit.mesh(new TorusGeometry(0.11, 0.055, 6, 12, Math.PI * 1.5), b.fur(color));
  curl.rotation.set(0, Math.PI / 2, 0.6);
  curl.position.set(0, 0.06, -0.05);
  tail.add(curl);
  joint(b, tail, "z", 0.45, "tail");
}

export function bunny(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.38, [0, 0.28, 0], [1.05, 0.9, 1]));
  b.root.add(ball(b, color, 0.29, [0, 0.66, 0.06], [1.1, 0.95, 1]));
  b.root.add(ball(b, color, 0.11, [0, 0.22, -0.36], [1, 1, 1]));
  b.root.add(ball(b, accent, 0.03, [0, 0.64, 0.34], [1.2, 0.8, 0.8], 0));
  b.root.add(ball(b, mixHex(color, "#ffffff", 0.4), 0.08, [0.05, 0.59, 0.3], [1, 0.8, 0.7]));
  b.root.add(ball(b, mixHex(color, "#ffffff", 0.4), 0.08, [-0.05, 0.59, 0.3], [1, 0.8, 0.7]));
  face(b, 0.71, 0.29, 0.12, 0.042);
  for (const s of [1, -1]) {
    const outer = b.kit.mesh(new CapsuleGeometry(0.07, 0.3, 4, 8), b.fur(color));
    outer.scale.z = 0.55;
    outer.position.y = 0.2;
    const inner = b.kit.mesh(new CapsuleGeometry(0.04, 0.24, 4, 8), b.fur(accent));
    inner.scale.z = 0.3;
    inner.position.set(0, 0.2, 0.03);
    const ear = pivot(b, [s * 0.1, 0.86, 0.0], outer, inner);
    ear.rotation.z = -s * 0.18;
    ear.rotation.x = -0.15;
    joint(b, ear, "x", -0.35, "ear");
  }
  paws(b, color, 0.05, 0.24, 0.12);
}

export function fox(b: Builder) {
  const { color, accent } = b.pet;
  const dark = "#2a1a14";
  b.root.add(ball(b, color, 0.36, [0, 0.3, 0], [1, 0.95, 0.95]));
  b.root.add(ball(b, accent, 0.24, [0, 0.3, 0.16], [1, 1.1, 0.7]));
  b.root.add(ball(b, color, 0.29, [0, 0.73, 0.04], [1.2, 0.92, 1]));
  const snout = b.kit.mesh(new ConeGeometry(0.13, 0.24, 6), b.fur(accent));
  snout.rotation.x = Math.PI / 2;
  snout.position.set(0, 0.65, 0.3);
  snout.scale.set(1.2, 1, 0.75);
  b.root.add(snout);
  b.root.add(ball(b, dark, 0.035, [0, 0.67, 0.43], [1.2, 0.9, 0.9], 0));
  face(b, 0.78, 0.28, 0.12, 0.043);
  for (const s of [1, -1]) {
    const ear = pointedEar(b, s, [s * 0.18, 0.9, 0.0], 0.3, 0.13, color, accent);
    const tip = b.kit.mesh(new ConeGeometry(0.06, 0.1, 4), b.fur(dark));
    tip.rotation.y = Math.PI / 4;
    tip.scale.z = 0.55;
    tip.position.y = 0.26;
    ear.add(tip);
  }
  paws(b, dark);
  const tail = pivot(b, [0.05, 0.15, -0.3]);
  const brush = ball(b, color, 0.2, [0.16, 0.22, -0.06], [0.85, 1.6, 0.8]);
  brush.rotation.z = -0.7;
  const tip = ball(b, accent, 0.12, [0.35, 0.42, -0.06], [0.9, 1.1, 0.9]);
  tail.add(brush, tip);
  joint(b, tail, "y", 0.55, "tail");
}

export function panda(b: Builder) {
  const { color, accent } = b.pet;
  b.root.add(ball(b, color, 0.4, [0, 0.3, 0], [1.05, 0.92, 0.95]));
  b.root.add(ball(b, color, 0.32, [0, 0.76, 0.03], [1.15, 0.95, 1]));
  b.root.add(ball(b, mixHex(color, "#ffffff", 0.5), 0.12, [0, 0.67, 0.28], [1.3, 0.85, 0.7]));
  b.root.add(ball(b, accent, 0.04, [0, 0.72, 0.37], [1.4, 0.8, 0.8], 0));
  for (const s of [1, -1]) {
    const patch = ball(b, accent, 0.085, [s * 0.12, 0.79, 0.25], [0.85, 1.15, 0.5]);
    patch.rotation.z = s * 0.5;
    b.root.add(patch);
    const ear = ball(b, accent, 0.1, [0, 0.04, 0], [1, 1, 0.6]);
    const e = pivot(b, [s * 0.24, 1.0, 0.0], ear);
    joint(b, e, "z", s * 0.15, "ear");
    const arm = ball(b, accent, 0.13, [0, -0.12, 0.03], [0.9, 1.35, 0.9]);
    const a = pivot(b, [s * 0.3, 0.42, 0.08], arm);
    a.rotation.z = s * 0.35;
    joint(b, a, "x", -0.4, "legs");
    b.root.add(ball(b, accent, 0.12, [s * 0.17, 0.07, 0.2], [1, 0.75, 1.15]));
  }
  face(b, 0.8, 0.32, 0.12, 0.04, true);
}
