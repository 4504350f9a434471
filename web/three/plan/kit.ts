/**
 * What every built piece of the preview (an outfit, a pet, a scene) shares: a kit that remembers the
 * geometries, materials and textures it made so one call frees them all, and the object a builder
 * hands back (its root and, if it moves, a per-frame update).
 */
import {
  AdditiveBlending,
  type BufferGeometry,
  Color,
  DoubleSide,
  type Material,
  Mesh,
  MeshBasicMaterial,
  type MeshBasicMaterialParameters,
  MeshStandardMaterial,
  type MeshStandardMaterialParameters,
  type Object3D,
  type Texture,
} from "three";

export interface Built {
  object: Object3D;
  /** Called every frame with the preview's time and the frame's delta (seconds). */
  update?(time: number, dt: number): void;
}

export class Kit {
  private readonly geometries = new Set<BufferGeometry>();
  private readonly materials = new Set<Material>();
  private readonly textures = new Set<Texture>();
  private readonly standard = new Map<string, MeshStandardMaterial>();
  /** Unlit materials of the scenery, which the lights tint (see lights.ts). */
  readonly tintable: Tintable[] = [];

  geo<T extends BufferGeometry>(g: T): T {
    this.geometries.add(g);
    return g;
  }

  mat<T extends Material>(m: T): T {
    this.materials.add(m);
    return m;
  }

  tex<T extends Texture>(t: T): T {
    this.textures.add(t);
    return t;
  }

  /** A lit material; identical requests share one. */
  std(color: string, options: MeshStandardMaterialParameters = {}): MeshStandardMaterial {
    const key = `${color}|${JSON.stringify(options)}`;
    let m = this.standard.get(key);
    if (!m) {
      m = this.mat(new MeshStandardMaterial({ color: new Color(color), roughness: 0.6, metalness: 0, ...options }));
      this.standard.set(key, m);
    }
    return m;
  }

  /** An unlit material for scenery; `tint` (default) lets lighting effects darken or colour it. */
  basic(options: MeshBasicMaterialParameters, tint = true): MeshBasicMaterial {
    const m = this.mat(new MeshBasicMaterial(options));
    return tint ? this.tinted(m) : m;
  }

  /** Registers an unlit material (its colour as it is now) for the lights' tint. */
  tinted<T extends Tintable>(m: T): T {
    m.userData.baseColor = m.color.clone();
    this.tintable.push(m);
    return m;
  }

  /** A glowing, see-through sheet: light that adds up (glows, beams, halos). */
  glow(color: string, opacity: number, map?: Texture): MeshBasicMaterial {
    return this.mat(
      new MeshBasicMaterial({
        color: new Color(color),
        transparent: true,
        opacity,
        depthWrite: false,
        blending: AdditiveBlending,
        side: DoubleSide,
        map: map ?? null,
        fog: false,
        toneMapped: false,
      }),
    );
  }

  mesh(geometry: BufferGeometry, material: Material, name?: string): Mesh {
    const m = new Mesh(this.geo(geometry), material);
    if (name) m.name = name;
    return m;
  }

  /**
   * Frees the GPU side of everything made. Safe to call twice, and the kit stays usable: React's
   * strict mode unmounts and remounts once in development, and three.js uploads again on next use.
   */
  dispose(): void {
    for (const g of this.geometries) g.dispose();
    for (const m of this.materials) m.dispose();
    for (const t of this.textures) t.dispose();
  }
}

/** Any unlit material with a colour the lights can tint. */
export type Tintable = Material & { color: Color };

/** Sets the tint of every tintable material of a kit (multiplying each one's own colour). */
export function applyTint(materials: readonly Tintable[], tint: Color): void {
  for (const m of materials) {
    const base = m.userData.baseColor as Color | undefined;
    if (base) m.color.copy(base).multiply(tint);
  }
}
