/**
 * No teeth through closed lips (issue 17): with the mouth closed, no tooth vertex may be seen from
 * the front or a three-quarter view. A ray from each tooth vertex towards the camera must hit the
 * skin or the lips before it leaves the head. Checked on the neutral faces, every system avatar,
 * every mouth, teeth and jaw slider at both ends, and random faces (a fixed seed), in both styles.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ROLES } from "../../../prisma/roles.ts";
import { type AvatarMesh, applyMorphs, buildAvatar, FACE_SLIDERS } from "../../../shared/avatar/index.ts";
import { faceParamsColumn } from "../../../shared/json-column.ts";
import { hits, type V3 } from "./helpers.ts";

const VIEWS: [string, V3][] = [
  ["front", [0, 0, 1]],
  ["three-quarter left", [Math.sin(0.6), 0, Math.cos(0.6)]],
  ["three-quarter right", [-Math.sin(0.6), 0, Math.cos(0.6)]],
  ["from below", [0, -Math.sin(0.3), Math.cos(0.3)]],
];

/** Tooth vertices that a camera in one of VIEWS could see (no skin or lip in front of them). */
function visibleTeeth(mesh: AvatarMesh, weights: Record<string, number>): string[] {
  const positions = applyMorphs(mesh, weights);
  const index = (name: string) => mesh.primitives.findIndex((p) => p.name === name);
  const teeth = positions[index("teeth")] as Float32Array;
  // the occluders near the mouth: skin and lips triangles within reach of the teeth
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < teeth.length; i += 3) {
    minY = Math.min(minY, teeth[i] as number);
    maxY = Math.max(maxY, teeth[i] as number);
  }
  const tris: [V3, V3, V3][] = [];
  for (const name of ["skin", "lips"]) {
    const k = index(name);
    const pos = positions[k] as Float32Array;
    const idx = (mesh.primitives[k] as { indices: ArrayLike<number> }).indices;
    const at = (i: number): V3 => [pos[i * 3] as number, pos[i * 3 + 1] as number, pos[i * 3 + 2] as number];
    for (let t = 0; t < idx.length; t += 3) {
      const a = at(idx[t] as number);
      const b = at(idx[t + 1] as number);
      const c = at(idx[t + 2] as number);
      const lo = Math.min(a[1], b[1], c[1]);
      const hi = Math.max(a[1], b[1], c[1]);
      if (hi < minY - 0.03 || lo > maxY + 0.03 || Math.max(a[2], b[2], c[2]) < 0) continue;
      tris.push([a, b, c]);
    }
  }
  const seen: string[] = [];
  const grids = VIEWS.map(([view, d]) => ({ view, d, grid: gridAlong(d, tris) }));
  for (let i = 0; i < teeth.length; i += 3) {
    const o: V3 = [teeth[i] as number, teeth[i + 1] as number, teeth[i + 2] as number];
    for (const { view, d, grid } of grids) {
      if (!grid.near(o).some(([a, b, c]) => hits(o, d, a, b, c))) {
        seen.push(`${view}: tooth vertex ${i / 3} at ${o.map((n) => n.toFixed(4)).join(", ")}`);
        break;
      }
    }
  }
  return seen;
}

const CELL = 0.002;

/** Triangles bucketed by where they fall on the plane across the view direction: a ray tests its cell only. */
function gridAlong(d: V3, tris: [V3, V3, V3][]) {
  // two axes across d
  const up: V3 = Math.abs(d[1]) > 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u: V3 = [up[1] * d[2] - up[2] * d[1], up[2] * d[0] - up[0] * d[2], up[0] * d[1] - up[1] * d[0]];
  const ul = Math.hypot(...u);
  u[0] /= ul;
  u[1] /= ul;
  u[2] /= ul;
  const v: V3 = [d[1] * u[2] - d[2] * u[1], d[2] * u[0] - d[0] * u[2], d[0] * u[1] - d[1] * u[0]];
  const proj = (p: V3): [number, number] => [
    (p[0] * u[0] + p[1] * u[1] + p[2] * u[2]) / CELL,
    (p[0] * v[0] + p[1] * v[1] + p[2] * v[2]) / CELL,
  ];
  const cells = new Map<string, [V3, V3, V3][]>();
  for (const tri of tris) {
    const ps = tri.map(proj);
    const x0 = Math.floor(Math.min(...ps.map((p) => p[0])));
    const x1 = Math.floor(Math.max(...ps.map((p) => p[0])));
    const y0 = Math.floor(Math.min(...ps.map((p) => p[1])));
    const y1 = Math.floor(Math.max(...ps.map((p) => p[1])));
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const key = `${x},${y}`;
        const list = cells.get(key);
        if (list) list.push(tri);
        else cells.set(key, [tri]);
      }
  }
  return {
    near(p: V3) {
      const [x, y] = proj(p);
      return cells.get(`${Math.floor(x)},${Math.floor(y)}`) ?? [];
    },
  };
}

/** A small deterministic generator (mulberry32), so a failure names a face that can be rebuilt. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MOUTH_SLIDERS = FACE_SLIDERS.filter((s) => /^(mouth|teeth|jaw|chin)\./.test(s.id)).map((s) => s.id);

describe("closed lips hide the teeth", () => {
  // both styles: the toon bust has its own mouth (anatomy.ts) and proportions (stylise.ts)
  for (const [sex, style] of [
    [1, "realistic"],
    [2, "realistic"],
    [1, "toon"],
    [2, "toon"],
  ] as const) {
    const mesh = buildAvatar({ sex, style });
    const who = `${style} ${sex === 1 ? "male" : "female"}`;

    it(`${who}: neutral, every system avatar and every mouth slider at both ends`, { timeout: 60_000 }, () => {
      const faces: [string, Record<string, number>][] = [["neutral", {}]];
      for (const role of SYSTEM_ROLES.filter((r) => r.sex === sex))
        faces.push([role.id, faceParamsColumn.decode(role.faceParams) as Record<string, number>]);
      for (const id of MOUTH_SLIDERS) for (const v of [-1, 1]) faces.push([`${id}=${v}`, { [id]: v }]);
      const problems = faces.flatMap(([name, w]) => visibleTeeth(mesh, w).map((p) => `${name}: ${p}`));
      expect(problems.slice(0, 10)).toEqual([]);
    });

    it(`${who}: random faces over every slider`, { timeout: 60_000 }, () => {
      const next = random(sex * 7919);
      const problems: string[] = [];
      for (let n = 0; n < 12; n++) {
        const w: Record<string, number> = {};
        for (const s of FACE_SLIDERS) w[s.id] = (next() * 2 - 1) * 0.8;
        problems.push(...visibleTeeth(mesh, w).map((p) => `face ${n}: ${p}`));
      }
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});
