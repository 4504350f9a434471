/**
 * Glasses and facial hair (decision 046): the frame sits clear of the face and follows the face
 * sliders but not the expressions; the beard moves exactly as the skin under it, opens with the jaw
 * and leaves the lips bare; stubble darkens the realistic skin and is a thin shell on the toon.
 */

import sharp from "sharp";
import type { SkinnedMesh } from "three";
import { describe, expect, it } from "vitest";
import { anatomyFor } from "../../../shared/avatar/anatomy.ts";
import { exportAvatar } from "../../../shared/avatar/export.ts";
import {
  type AvatarMesh,
  applyMorphs,
  type BeardStyle,
  buildAvatar,
  buildLook,
  FACE_SLIDER_IDS,
  type GlassesStyle,
} from "../../../shared/avatar/index.ts";
import { beardCover } from "../../../shared/avatar/parts/beard.ts";
import { HeadShape } from "../../../shared/avatar/parts/head.ts";
import { readGlbJson } from "../../../shared/avatar/read-glb.ts";
import { render, SS } from "../../../worker/render/rasterise.ts";
import { loadVrm, validateModel } from "../../helpers/vrm.ts";
import { maxMove } from "./helpers.ts";

const built = new Map<string, AvatarMesh>();
function bust(
  sex: 1 | 2,
  glasses?: GlassesStyle,
  beard?: BeardStyle,
  style: "realistic" | "toon" = "realistic",
): AvatarMesh {
  const key = `${sex}${glasses}${beard}${style}`;
  let m = built.get(key);
  if (!m) {
    m = buildAvatar({ sex, glasses, beard, style });
    built.set(key, m);
  }
  return m;
}
const part = (m: AvatarMesh, name: string) => m.primitives.find((p) => p.name === name);
const points = (a: ArrayLike<number>) =>
  Array.from({ length: a.length / 3 }, (_, i) => [a[i * 3], a[i * 3 + 1], a[i * 3 + 2]] as [number, number, number]);

describe("glasses", () => {
  for (const sex of [1, 2] as const) {
    for (const frame of ["square", "round"] as const) {
      it(`sex ${sex}, ${frame}: the frame stands clear of the skin and in front of the eyes`, () => {
        const mesh = bust(sex, frame);
        const glasses = part(mesh, "glasses");
        expect(glasses?.positions.length).toBeGreaterThan(0);
        const shape = new HeadShape(anatomyFor(sex, "realistic"));
        let nearest = Infinity;
        for (const [x, y, z] of points(glasses?.positions ?? [])) nearest = Math.min(nearest, shape.sdf(x, y, z));
        // the sculpt's distance is approximate: clear by more than a millimetre everywhere
        expect(nearest).toBeGreaterThan(0.001);
        // the rims above and below the eyes are in front of the lashes' tips
        const E = shape.A.eye;
        const lashes = Math.max(...points(part(mesh, "lashes")?.positions ?? []).map((p) => p[2]));
        const rims = points(glasses?.positions ?? []).filter(
          ([x]) => Math.abs(x) > E.center[0] - E.halfIn && Math.abs(x) < E.center[0] + E.halfOut,
        );
        expect(rims.length).toBeGreaterThan(50);
        for (const [, , z] of rims) expect(z).toBeGreaterThan(lashes);
      });
    }
  }

  it("is wound outward on both sides: every piece a closed tube of positive volume", () => {
    for (const frame of ["square", "round"] as const) {
      const g = part(bust(1, frame), "glasses");
      const p = g?.positions ?? new Float32Array();
      const idx = g?.indices ?? new Uint16Array();
      // the signed volume (divergence theorem): a piece wound inward counts against the others
      let volume = 0;
      const at = (t: number, k: number) => p[(idx[t] as number) * 3 + k] as number;
      for (let t = 0; t < idx.length; t += 3) {
        // a · (b × c) / 6 for the triangle's corners a, b, c
        const cross = [
          at(t + 1, 1) * at(t + 2, 2) - at(t + 1, 2) * at(t + 2, 1),
          at(t + 1, 2) * at(t + 2, 0) - at(t + 1, 0) * at(t + 2, 2),
          at(t + 1, 0) * at(t + 2, 1) - at(t + 1, 1) * at(t + 2, 0),
        ] as const;
        volume += (at(t, 0) * cross[0] + at(t, 1) * cross[1] + at(t, 2) * cross[2]) / 6;
      }
      // square: two rims, bridges and temples of acetate, 7.3 cm³; the wire 0.6 cm³ (mirrored pieces cancelled before)
      expect(volume * 1e9, frame).toBeGreaterThan(frame === "square" ? 7000 : 600);
    }
  });

  it("is drawn in its own material: black acetate for the square frame, gold wire for the round one", () => {
    const square = part(bust(1, "square"), "glasses")?.material.baseColor ?? [];
    const round = part(bust(1, "round"), "glasses")?.material.baseColor ?? [];
    expect(Math.max(...square.slice(0, 3))).toBeLessThan(0.01);
    expect(round[0]).toBeGreaterThan(round[2] as number);
    expect(bust(1, "round").glasses).toBe("round");
    expect(part(bust(1), "glasses")).toBeUndefined();
  });

  it("follows the face sliders that move where it rests, and no expression moves it", () => {
    const mesh = bust(1, "square");
    const glasses = part(mesh, "glasses");
    const moved = Object.keys(glasses?.targets ?? {});
    // every target it has is a face slider
    for (const name of moved) expect(FACE_SLIDER_IDS).toContain(name);
    // a wider head carries the temples out; a taller nose bridge carries the bridge
    expect(maxMove(glasses?.targets["head.width"])).toBeGreaterThan(0.001);
    expect(moved).toContain("nose.bridge");
    expect(glasses?.targets.jawOpen).toBeUndefined();
    expect(glasses?.targets.browInnerUp).toBeUndefined();
  });

  it("has a lens in each rim: in front of the eye, facing out, see-through, and carried as the rim is", () => {
    for (const style of ["realistic", "toon"] as const) {
      for (const frame of ["square", "round"] as const) {
        const mesh = bust(2, frame, undefined, style);
        const lenses = part(mesh, "lenses");
        const glasses = part(mesh, "glasses");
        const who = `${style} ${frame}`;
        expect(lenses?.positions.length, who).toBeGreaterThan(0);
        const pts = points(lenses?.positions ?? []);
        const rim = points(glasses?.positions ?? []);
        // two panes, one a side, each within its rim's outline (seen from the front) and the rim's depth
        for (const sideSign of [1, -1]) {
          const pane = pts.filter(([x]) => Math.sign(x) === sideSign);
          const y0 = (pane[0] as [number, number, number])[1];
          const ring = rim.filter(([x, y]) => Math.sign(x) === sideSign && Math.abs(y - y0) < 0.03);
          expect(pane.length, who).toBeGreaterThan(100);
          const xs = ring.map((p) => Math.abs(p[0]));
          for (const [x] of pane) {
            expect(Math.abs(x), who).toBeGreaterThan(Math.min(...xs));
            expect(Math.abs(x), who).toBeLessThan(Math.max(...xs));
          }
        }
        // in front of the lashes: every lash behind a lens (within 2 mm of a lens point, seen from
        // the front) is a centimetre or more behind it
        let behind = 0;
        for (const [x, y, z] of points(part(mesh, "lashes")?.positions ?? [])) {
          const near = pts.filter((q) => Math.hypot(q[0] - x, q[1] - y) < 0.002);
          if (near.length === 0) continue;
          behind++;
          for (const q of near) expect(q[2] - z, who).toBeGreaterThan(0.01);
        }
        expect(behind, who).toBeGreaterThan(50);
        // every triangle faces the viewer (wound outward on both sides)
        const idx = lenses?.indices ?? new Uint16Array();
        const P = lenses?.positions ?? new Float32Array();
        for (let t = 0; t < idx.length; t += 3) {
          const [a, b, c] = [0, 1, 2].map((k) => (idx[t + k] as number) * 3);
          const e1 = [0, 1].map((k) => (P[(b as number) + k] as number) - (P[(a as number) + k] as number));
          const e2 = [0, 1].map((k) => (P[(c as number) + k] as number) - (P[(a as number) + k] as number));
          expect((e1[0] as number) * (e2[1] as number) - (e1[1] as number) * (e2[0] as number), who).toBeGreaterThan(0);
        }
        // clear, a little tinted, seen from both sides
        const m = lenses?.material;
        expect(m?.baseColor[3], who).toBeGreaterThan(0.05);
        expect(m?.baseColor[3], who).toBeLessThan(0.3);
        expect(m?.doubleSided, who).toBe(true);
        // a wider head carries the lens as it carries the rim, and no expression moves it
        const lensMove = maxMove(lenses?.targets["head.width"]);
        expect(lensMove, who).toBeGreaterThan(0.0005);
        expect(Object.keys(lenses?.targets ?? {}).sort(), who).toEqual(Object.keys(glasses?.targets ?? {}).sort());
      }
    }
  });

  it("shows the eyes through the lenses in a portrait, a little tinted", () => {
    // the portraits' rasteriser draws a see-through part after the opaque ones, over them: the
    // irises keep their pixels and only their colour moves
    const size = 120;
    const shoot = (mesh: AvatarMesh) => {
      const ids = new Int16Array(size * SS * size * SS);
      const rgb = render(mesh, { file: "", sex: 1, yaw: 10, framing: "face" }, size, size, ids);
      const iris = mesh.primitives.findIndex((p) => p.name === "iris");
      const at: number[] = [];
      ids.forEach((id, i) => {
        if (id === iris) at.push(i);
      });
      return { rgb, at };
    };
    for (const style of ["realistic", "toon"] as const) {
      const bare = shoot(bust(1, undefined, undefined, style));
      const glasses = shoot(bust(1, "round", undefined, style));
      expect(bare.at.length, style).toBeGreaterThan(30);
      expect(glasses.at.length, style).toBeGreaterThanOrEqual(bare.at.length * 0.95);
      const changed = glasses.at.filter((i) => glasses.rgb[i * 3] !== bare.rgb[i * 3]).length;
      expect(changed, style).toBeGreaterThan(glasses.at.length * 0.5);
    }
  });

  it("still clears the skin with every face slider at either end", () => {
    const mesh = bust(2, "square");
    const gi = mesh.primitives.findIndex((p) => p.name === "glasses");
    const si = mesh.primitives.findIndex((p) => p.name === "skin");
    const skin0 = mesh.primitives[si]?.positions as Float32Array;
    const glassesRest = mesh.primitives[gi]?.positions as Float32Array;
    // the skin vertices in front of the frame's place: within the frame's box, seen from the front
    const box = { x: Math.max(...points(glassesRest).map((p) => Math.abs(p[0]))), y0: 0, y1: 0.04 };
    const front = points(skin0)
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => Math.abs(p[0]) < box.x * 0.62 && p[1] > -0.005 && p[1] < 0.03 && p[2] > 0.05);
    for (const id of FACE_SLIDER_IDS) {
      for (const w of [-1, 1]) {
        const pos = applyMorphs(mesh, { [id]: w });
        const g = points(pos[gi] as Float32Array).filter(([x, y]) => Math.abs(x) < box.x * 0.62 && y > 0 && y < 0.025);
        const s = pos[si] as Float32Array;
        // the frame's front is in front of the face's front within its outline, by a fifth of a millimetre even at the ends (a nose at its largest)
        for (const [x, y, z] of g) {
          for (const { i } of front) {
            const dx = Math.abs((s[i * 3] as number) - x);
            const dy = Math.abs((s[i * 3 + 1] as number) - y);
            if (dx < 0.0015 && dy < 0.0015) expect(z - (s[i * 3 + 2] as number), `${id} ${w}`).toBeGreaterThan(0.0002);
          }
        }
      }
    }
  });
});

describe("facial hair", () => {
  it("a full beard covers the chin, the jaw and the moustache, and never the lips", () => {
    const shape = new HeadShape(anatomyFor(1, "realistic"));
    const A = shape.A;
    const chin: [number, number, number] = [0, A.chin.c[1], A.chin.c[2] + A.chin.r[2]];
    const at = (x: number, y: number) =>
      shape.skinPoint(shape.dir(Math.atan2(x, 0.08), Math.acos((y - shape.C[1]) / 0.1))).p;
    expect(beardCover(shape, "full", at(0, A.chin.c[1]))).toBeGreaterThan(0.9);
    expect(beardCover(shape, "full", chin)).toBeGreaterThan(0.9);
    // above the upper lip, below the nose
    const [, my] = A.mouth.center;
    expect(beardCover(shape, "goatee", at(0, my + A.mouth.upperH + 0.005))).toBeGreaterThan(0.5);
    // the lips: every point of them
    const lips = points(part(bust(1), "lips")?.positions ?? []);
    expect(lips.length).toBeGreaterThan(100);
    for (const p of lips) {
      for (const style of ["goatee", "full", "stubble", "moustache"] as const)
        expect(beardCover(shape, style, p)).toBe(0);
    }
    // a moustache: over the upper lip, under the nose; the chin and the jaw bare
    expect(beardCover(shape, "moustache", at(0, my + A.mouth.upperH + 0.005))).toBeGreaterThan(0.5);
    expect(beardCover(shape, "moustache", at(0, A.chin.c[1]))).toBe(0);
    expect(beardCover(shape, "moustache", chin)).toBe(0);
    // a goatee leaves the jaw's sides bare; a full beard does not
    const jaw = at(A.jawAngle.c[0] * 0.95, A.jawAngle.c[1] + 0.01);
    expect(beardCover(shape, "goatee", jaw)).toBe(0);
    expect(beardCover(shape, "moustache", jaw)).toBe(0);
    expect(beardCover(shape, "full", jaw)).toBeGreaterThan(0.5);
    // stubble is a shadow on the jaw: it leaves the cheek under the cheekbone that a full beard covers
    const cheek = at(A.cheek.c[0] + 0.008, A.nose.ala[1] - 0.01);
    expect(beardCover(shape, "full", cheek)).toBeGreaterThan(0.5);
    expect(beardCover(shape, "stubble", cheek)).toBe(0);
    // the forehead and the back of the head never grow one
    expect(beardCover(shape, "full", at(0, 0.05))).toBe(0);
    expect(beardCover(shape, "full", [0, -0.05, -0.09])).toBe(0);
  });

  it("moves exactly as the skin under it: it opens with the jaw and smiles with the mouth", () => {
    const mesh = bust(1, undefined, "full");
    const beard = part(mesh, "beard");
    expect(beard).toBeDefined();
    // the chin's beard drops with the jaw by as much as the chin's skin does
    const skin = part(mesh, "skin");
    const drop = (prim: typeof beard) => {
      const d = prim?.targets.jawOpen;
      let most = 0;
      for (let i = 1; d && i < d.length; i += 3) most = Math.min(most, d[i] as number);
      return most;
    };
    expect(drop(beard)).toBeLessThan(-0.005);
    expect(Math.abs(drop(beard) - drop(skin))).toBeLessThan(Math.abs(drop(skin)) * 0.1);
    expect(maxMove(beard?.targets.mouthSmileLeft)).toBeGreaterThan(0.001);
    expect(maxMove(beard?.targets["chin.length"])).toBeGreaterThan(0.001);
    // and visemes, made of expressions, move it too
    expect(maxMove(beard?.targets.viseme_aa)).toBeGreaterThan(0.001);
  });

  it("stands off the skin by its thickness: a full beard more than a goatee", () => {
    const lift = (style: BeardStyle) => {
      const mesh = bust(1, undefined, style);
      const shape = new HeadShape(anatomyFor(1, "realistic"));
      return Math.max(...points(part(mesh, "beard")?.positions ?? []).map(([x, y, z]) => shape.sdf(x, y, z)));
    };
    const moustache = lift("moustache");
    const goatee = lift("goatee");
    const full = lift("full");
    // (a moustache's band between the nose and the lip is narrow: its middle stands 1.8 mm off)
    expect(moustache).toBeGreaterThan(0.0015);
    expect(goatee).toBeGreaterThan(0.002);
    expect(full).toBeGreaterThan(goatee);
  });

  it("stubble darkens the realistic skin where a beard grows and builds no shell; the toon's is a thin shell", () => {
    const plain = part(bust(1), "skin");
    const stubble = part(bust(1, undefined, "stubble"), "skin");
    expect(part(bust(1, undefined, "stubble"), "beard")).toBeUndefined();
    const shape = new HeadShape(anatomyFor(1, "realistic"));
    let darker = 0;
    let same = 0;
    for (const [i, p] of points(plain?.positions ?? []).entries()) {
      const before = (plain?.colors?.[i * 3] as number) ?? 1;
      const after = stubble?.colors?.[i * 3] as number;
      if (beardCover(shape, "stubble", p) > 0.9) {
        expect(after).toBeLessThan(before * 0.6);
        darker++;
      } else if (beardCover(shape, "stubble", p) === 0) {
        expect(after).toBeCloseTo(before, 6);
        same++;
      }
    }
    expect(darker).toBeGreaterThan(100);
    expect(same).toBeGreaterThan(10_000);
    const toon = part(bust(1, undefined, "stubble", "toon"), "beard");
    expect(toon?.positions.length).toBeGreaterThan(0);
  });

  it("the toon's stubble meets the skin along its cover's contour, not the skin grid's cells", () => {
    // Each shell vertex stands over a skin point, lifted by the stubble's thickness where it grows and
    // sunk under the skin past its edge. A lift that rises through the skin over the edge puts the line
    // where the shell leaves the skin on the cover's contour; a lift that jumps from under the skin to
    // the full thickness put it on the cells' edges, in steps (decision 046, "Stubble's edge").
    const mesh = bust(1, undefined, "stubble", "toon");
    const shell = points(part(mesh, "beard")?.positions ?? []);
    const top = Math.max(...shell.map((p) => p[1])) + 0.002;
    const bottom = Math.min(...shell.map((p) => p[1])) - 0.002;
    const skin = points(part(mesh, "skin")?.positions ?? []).filter((p) => p[1] < top && p[1] > bottom && p[2] > 0);
    const near = shell.filter(([x, y, z]) =>
      skin.some((q) => (q[0] - x) ** 2 + (q[1] - y) ** 2 + (q[2] - z) ** 2 < 0.00015 ** 2),
    ).length;
    expect(near).toBeGreaterThan(50);
  });

  it("a stored look wears its glasses and beard; 'none' wears neither", () => {
    const look = buildLook(1, { glasses: "round", beard: "goatee" });
    expect(part(look, "glasses")).toBeDefined();
    expect(part(look, "beard")).toBeDefined();
    const none = buildLook(1, { glasses: "none", beard: "none" });
    expect(part(none, "glasses")).toBeUndefined();
    expect(part(none, "beard")).toBeUndefined();
  });
});

describe("exports with glasses and a beard", () => {
  const png = async (rgba: Uint8Array, size: number) =>
    new Uint8Array(
      await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
        .png()
        .toBuffer(),
    );
  for (const toon of [false, true]) {
    it(`${toon ? "a cartoon" : "a realistic avatar"}: GLB and VRM validate, and the VRM carries both parts on its skeleton`, {
      timeout: 60_000,
    }, async () => {
      const look = {
        sex: 1 as const,
        faceParams: { "head.width": 0.4 },
        appearance: { glasses: "square" as const, beard: "full" as const, hairColor: "#2b1b14" },
        ...(toon ? { toon: { pose: "A" as const, textureSize: 1024 } } : {}),
      };
      const meta = { name: "Glasses", authors: ["test"] };
      const glb = await exportAvatar(look, "glb", meta, png);
      expect((await validateModel(glb)).errorCodes).toEqual([]);
      const vrmBytes = await exportAvatar(look, "vrm", meta, png);
      expect((await validateModel(vrmBytes)).errorCodes).toEqual([]);
      const vrm = await loadVrm(vrmBytes);
      const names: string[] = [];
      vrm.scene.traverse((o) => {
        const mesh = o as SkinnedMesh;
        if (mesh.isSkinnedMesh) names.push((mesh.material as { name: string }).name);
      });
      expect(names).toEqual(expect.arrayContaining(["glasses", "lenses", "beard"]));
      // the lenses see-through in both files (glTF's alphaMode), the rest opaque
      const materials = (readGlbJson(glb).materials ?? []) as { name: string; alphaMode?: string }[];
      for (const m of materials) expect(m.alphaMode, m.name).toBe(m.name === "lenses" ? "BLEND" : undefined);
      const lens = (readGlbJson(vrmBytes).materials as { name: string; alphaMode?: string }[]).find(
        (m) => m.name === "lenses",
      );
      expect(lens?.alphaMode).toBe("BLEND");
    });
  }
});
