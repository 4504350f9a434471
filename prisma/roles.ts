/**
 * The system avatars: 16 base models, both sexes, some locked by tier; licensed characters (IP
 * activation) and the shop's avatar models follow. Their faces are points
 * in the slider space of shared/avatar, made deterministically so every install has the same.
 */

import type { Db } from "../infra/db.ts";
import type { FaceSliderId } from "../shared/avatar/sliders.ts";
import { appearanceColumn, faceParamsColumn, roleNamesColumn } from "../shared/json-column.ts";
import type { Appearance, StoredFaceParams } from "../shared/schemas/roles.ts";

interface RoleSeed {
  id: string;
  name: string;
  names: { ZH_CN: string; ZH_TN: string };
  sex: 1 | 2;
  tier: "gold" | "diamond" | null;
  appearance: Appearance;
  /** A seed for the face: each slider gets a small deterministic offset. */
  face: number;
  /** A licensed character (shared/ip.ts): only for holders of the licence. */
  licence?: string;
  /** An avatar model of the digital shop: seeded with the shop (prisma/shop.ts), only for its owners. */
  shop?: true;
}

const SEEDS: RoleSeed[] = [
  {
    id: "sys-f-01",
    name: "Aria",
    names: { ZH_CN: "艾莉亚", ZH_TN: "艾莉亞" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.25, hairColor: "#2b1d16", eyeColor: "#4a3526" },
    face: 1,
  },
  {
    id: "sys-m-01",
    name: "Leo",
    names: { ZH_CN: "里奥", ZH_TN: "里奧" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.35, hairColor: "#1f1a17", eyeColor: "#3b2a1e" },
    face: 2,
  },
  {
    id: "sys-f-02",
    name: "Mei",
    names: { ZH_CN: "小美", ZH_TN: "小美" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.2, hairColor: "#0f0c0b", eyeColor: "#2a1d14" },
    face: 3,
  },
  {
    id: "sys-m-02",
    name: "Kai",
    names: { ZH_CN: "凯", ZH_TN: "凱" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.45, hairColor: "#17120f", eyeColor: "#2d2118" },
    face: 4,
  },
  {
    id: "sys-f-03",
    name: "Sofia",
    names: { ZH_CN: "索菲亚", ZH_TN: "索菲亞" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.5, hairColor: "#5a3420", eyeColor: "#3f6b3a" },
    face: 5,
  },
  {
    id: "sys-m-03",
    name: "Noah",
    names: { ZH_CN: "诺亚", ZH_TN: "諾亞" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.15, hairColor: "#8a5a2b", eyeColor: "#3d5f8a" },
    face: 6,
  },
  {
    id: "sys-f-04",
    name: "Yuna",
    names: { ZH_CN: "优娜", ZH_TN: "優娜" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.3, hairColor: "#c98a5a", eyeColor: "#4a3526" },
    face: 7,
  },
  {
    id: "sys-m-04",
    name: "Ethan",
    names: { ZH_CN: "伊森", ZH_TN: "伊森" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.7, hairColor: "#0e0b0a", eyeColor: "#2a1d14" },
    face: 8,
  },
  {
    id: "sys-f-05",
    name: "Luna",
    names: { ZH_CN: "露娜", ZH_TN: "露娜" },
    sex: 2,
    tier: "gold",
    appearance: { skinTone: 0.1, hairColor: "#d9c7a8", eyeColor: "#5b7fa8" },
    face: 9,
  },
  {
    id: "sys-m-05",
    name: "Ryo",
    names: { ZH_CN: "凉", ZH_TN: "涼" },
    sex: 1,
    tier: "gold",
    appearance: { skinTone: 0.28, hairColor: "#2a3a5e", eyeColor: "#2d2118" },
    face: 10,
  },
  {
    id: "sys-f-06",
    name: "Zara",
    names: { ZH_CN: "扎拉", ZH_TN: "紮拉" },
    sex: 2,
    tier: "gold",
    appearance: { skinTone: 0.85, hairColor: "#120d0b", eyeColor: "#2a1d14" },
    face: 11,
  },
  {
    id: "sys-m-06",
    name: "Marco",
    names: { ZH_CN: "马可", ZH_TN: "馬可" },
    sex: 1,
    tier: "gold",
    appearance: { skinTone: 0.55, hairColor: "#3a2418", eyeColor: "#4a3526" },
    face: 12,
  },
  {
    id: "sys-f-07",
    name: "Iris",
    names: { ZH_CN: "艾瑞丝", ZH_TN: "艾瑞絲" },
    sex: 2,
    tier: "diamond",
    appearance: { skinTone: 0.18, hairColor: "#b23a48", eyeColor: "#6b4a8a" },
    face: 13,
  },
  {
    id: "sys-m-07",
    name: "Hiro",
    names: { ZH_CN: "浩", ZH_TN: "浩" },
    sex: 1,
    tier: "diamond",
    appearance: { skinTone: 0.32, hairColor: "#e8e2da", eyeColor: "#3b2a1e" },
    face: 14,
  },
  {
    id: "sys-f-08",
    name: "Nia",
    names: { ZH_CN: "妮娅", ZH_TN: "妮婭" },
    sex: 2,
    tier: "diamond",
    appearance: { skinTone: 0.65, hairColor: "#3b1f5e", eyeColor: "#2a1d14" },
    face: 15,
  },
  {
    id: "sys-m-08",
    name: "Omar",
    names: { ZH_CN: "奥马尔", ZH_TN: "奧馬爾" },
    sex: 1,
    tier: "diamond",
    appearance: { skinTone: 0.6, hairColor: "#1a1411", eyeColor: "#2d2118" },
    face: 16,
  },
  {
    id: "ip-starlight-mika",
    name: "Mika (Starlight Idols)",
    names: { ZH_CN: "美香（星光偶像）", ZH_TN: "美香（星光偶像）" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.15, hairColor: "#e46aa8", eyeColor: "#5b3fa8" },
    face: 41,
    licence: "starlight",
  },
  {
    id: "ip-starlight-ren",
    name: "Ren (Starlight Idols)",
    names: { ZH_CN: "莲（星光偶像）", ZH_TN: "蓮（星光偶像）" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.3, hairColor: "#3a5bd9", eyeColor: "#22334f" },
    face: 42,
    licence: "starlight",
  },
  // Avatar models of the digital shop (shared/shop/catalogue.ts): listed and usable once owned.
  {
    id: "shop-f-01",
    name: "Skye",
    names: { ZH_CN: "丝凯", ZH_TN: "絲凱" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.22, hairColor: "#8fd3ff", eyeColor: "#3d6fa8" },
    face: 51,
    shop: true,
  },
  {
    id: "shop-m-01",
    name: "Jun",
    names: { ZH_CN: "俊", ZH_TN: "俊" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.3, hairColor: "#c0c6cf", eyeColor: "#2d2118" },
    face: 52,
    shop: true,
  },
  {
    id: "shop-f-02",
    name: "Amara",
    names: { ZH_CN: "阿玛拉", ZH_TN: "阿瑪拉" },
    sex: 2,
    tier: null,
    appearance: { skinTone: 0.8, hairColor: "#d4a017", eyeColor: "#3b2a1e" },
    face: 53,
    shop: true,
  },
  {
    id: "shop-m-02",
    name: "Felix",
    names: { ZH_CN: "菲利克斯", ZH_TN: "菲利克斯" },
    sex: 1,
    tier: null,
    appearance: { skinTone: 0.12, hairColor: "#b5651d", eyeColor: "#4d8a5a" },
    face: 54,
    shop: true,
  },
];

/**
 * The sliders that give a base model its character, and how far each may go. Teeth, lip line,
 * lids and the like stay neutral: random values there read as grimaces, not as people.
 */
const CHARACTER: readonly [FaceSliderId, number][] = [
  ["head.width", 0.3],
  ["face.length", 0.3],
  ["face.cheeks", 0.35],
  ["face.forehead", 0.25],
  ["mouth.lowerLip", 0.3],
  ["mouth.upperLip", 0.3],
  ["mouth.width", 0.3],
  ["mouth.corners", 0.25],
  ["nose.scale", 0.3],
  ["nose.bridge", 0.3],
  ["nose.wings", 0.3],
  ["eye.size", 0.25],
  ["eye.spacing", 0.2],
  ["eye.outer", 0.3],
  ["eyebrow.height", 0.25],
  ["eyebrow.angle", 0.3],
  ["chin.length", 0.3],
  ["chin.width", 0.3],
  ["mandible.width", 0.3],
];

/** A deterministic face: each character slider gets a value from a hash of the seed and its index. */
function faceFor(seed: number, sex: 1 | 2): StoredFaceParams {
  const params: StoredFaceParams = {};
  CHARACTER.forEach(([id, range], i) => {
    const x = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
    let value = ((x - Math.floor(x)) * 2 - 1) * range;
    // a little sexual dimorphism on top: softer jaw and larger eyes, or the reverse
    if (id === "mandible.width") value += sex === 1 ? 0.15 : -0.15;
    if (id === "eye.size") value += sex === 2 ? 0.1 : -0.05;
    const rounded = Math.round(value * 100) / 100;
    if (rounded !== 0) params[id] = rounded;
  });
  return params;
}

const ROLES = SEEDS.map((seed, index) => ({
  id: seed.id,
  name: seed.name,
  names: roleNamesColumn.encode(seed.names),
  sex: seed.sex,
  tier: seed.tier,
  faceParams: faceParamsColumn.encode(faceFor(seed.face, seed.sex)),
  appearance: appearanceColumn.encode(seed.appearance),
  sort: index,
  licence: seed.licence ?? null,
  shop: seed.shop === true,
}));

const row = ({ shop: _shop, ...role }: (typeof ROLES)[number]) => role;

/** The system avatars, licensed characters included (prisma/seed.ts seedRoles). */
export const SYSTEM_ROLES = ROLES.filter((r) => !r.shop).map(row);
/** The shop's avatar models, seeded with the shop's products (prisma/shop.ts). */
export const SHOP_ROLES = ROLES.filter((r) => r.shop).map(row);

/** Roles inserted when missing, their definition refreshed when it changed; answers how many were written. */
export async function upsertRoles(db: Db, roles: readonly (typeof SYSTEM_ROLES)[number][]): Promise<number> {
  const existing = new Map(
    (await db.role.findMany({ where: { id: { in: roles.map((r) => r.id) } } })).map((r) => [r.id, r]),
  );
  let written = 0;
  for (const role of roles) {
    const current = existing.get(role.id);
    if (!current) {
      await db.role.create({ data: role });
      written++;
    } else if (
      current.faceParams !== role.faceParams ||
      current.appearance !== role.appearance ||
      current.tier !== role.tier ||
      current.licence !== role.licence
    ) {
      await db.role.update({ where: { id: role.id }, data: role });
      written++;
    }
  }
  return written;
}
