/**
 * Scenery props are lit once, when they are built: each vertex takes the colour the scene's
 * hemisphere, key and fill lights would give it (the same diffuse sum a lit material computes),
 * and the prop is then drawn unlit. The props that never move are then merged into one mesh per
 * material. On software rendering that makes a room full of furniture cost little more than its
 * sky; lighting effects still tint it like the rest of the scenery.
 *
 * A group that animates (a palm's fronds) says so with `userData.moves = true`: its props stay apart.
 */
import {
  BackSide,
  type BufferGeometry,
  Color,
  DoubleSide,
  Float32BufferAttribute,
  FrontSide,
  type Material,
  Matrix3,
  Mesh,
  type MeshBasicMaterial,
  MeshStandardMaterial,
  type Object3D,
  Vector3,
} from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import type { Kit } from "../kit.ts";
import type { LightSpec, Rig } from "../lights.ts";

const color = (rgb: [number, number, number]) => new Color().setRGB(rgb[0], rgb[1], rgb[2], "srgb");

export function bakeProps(kit: Kit, root: Object3D, rig: Rig): void {
  root.updateMatrixWorld(true);
  const sky = color(rig.hemiSky).multiplyScalar(rig.hemi);
  const ground = color(rig.hemiGround).multiplyScalar(rig.hemi);
  const lights = [rig.key, rig.fill].map((l: LightSpec) => ({
    dir: new Vector3(...l.position).normalize(),
    color: color(l.color).multiplyScalar(l.intensity),
  }));
  const shared = new Map<number, MeshBasicMaterial>();
  const materialFor = (side: number) => {
    let m = shared.get(side);
    if (!m) {
      m = kit.basic({
        vertexColors: true,
        side: side === DoubleSide ? DoubleSide : side === BackSide ? BackSide : FrontSide,
      });
      shared.set(side, m);
    }
    return m;
  };
  const seen = new Set<BufferGeometry>();
  const meshes: Mesh[] = [];
  root.traverse((o) => {
    const mesh = o as Mesh;
    if (
      mesh.isMesh &&
      !(mesh as { isInstancedMesh?: boolean }).isInstancedMesh &&
      mesh.material instanceof MeshStandardMaterial
    )
      meshes.push(mesh);
  });
  const normalMatrix = new Matrix3();
  const n = new Vector3();
  const c = new Color();
  const light = new Color();
  const hemi = new Color();
  for (const mesh of meshes) {
    const source = mesh.material as MeshStandardMaterial;
    if (source.vertexColors || source.transparent) continue;
    let geometry = mesh.geometry;
    if (source.flatShading || seen.has(geometry)) {
      geometry = kit.geo(geometry.index ? geometry.toNonIndexed() : geometry.clone());
      if (source.flatShading) {
        geometry.deleteAttribute("normal");
        geometry.computeVertexNormals();
      }
    }
    seen.add(geometry);
    if (!geometry.getAttribute("normal")) geometry.computeVertexNormals();
    const normals = geometry.getAttribute("normal");
    const colors = new Float32Array(normals.count * 3);
    normalMatrix.getNormalMatrix(mesh.matrixWorld);
    const base = source.color;
    for (let i = 0; i < normals.count; i++) {
      n.set(normals.getX(i), normals.getY(i), normals.getZ(i)).applyMatrix3(normalMatrix).normalize();
      hemi.copy(ground).lerp(sky, 0.5 * n.y + 0.5);
      light.copy(hemi);
      for (const l of lights) light.add(c.copy(l.color).multiplyScalar(Math.max(0, n.dot(l.dir))));
      c.copy(base)
        .multiply(light)
        .multiplyScalar(1 / Math.PI);
      // a little sheen on metal, seen from the front
      if (source.metalness > 0.2) c.addScalar(0.12 * source.metalness * Math.max(0, n.z) ** 12);
      colors.set([c.r, c.g, c.b], i * 3);
    }
    geometry.setAttribute("color", new Float32BufferAttribute(colors, 3));
    mesh.geometry = geometry;
    mesh.material = materialFor(source.side) as Material;
  }
  mergeStill(kit, root, [...shared.values()]);
}

function moves(o: Object3D | null): boolean {
  for (let p = o; p; p = p.parent) if (p.userData.moves) return true;
  return false;
}

/** Merges the baked props that never move into one mesh per material, in the root's space. */
function mergeStill(kit: Kit, root: Object3D, materials: MeshBasicMaterial[]): void {
  for (const material of materials) {
    const still: Mesh[] = [];
    root.traverse((o) => {
      const mesh = o as Mesh;
      if (mesh.isMesh && mesh.material === material && !moves(mesh)) still.push(mesh);
    });
    if (still.length < 2) continue;
    const parts = still.map((mesh) => {
      const g = mesh.geometry.index ? mesh.geometry.toNonIndexed() : mesh.geometry.clone();
      for (const name of Object.keys(g.attributes))
        if (name !== "position" && name !== "color") g.deleteAttribute(name);
      g.applyMatrix4(mesh.matrixWorld);
      return g;
    });
    const merged = mergeGeometries(parts);
    for (const g of parts) g.dispose();
    if (!merged) continue;
    for (const mesh of still) mesh.removeFromParent();
    const m = new Mesh(kit.geo(merged), material);
    m.name = "props";
    root.add(m);
  }
}
