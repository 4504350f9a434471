/**
 * Demo data, idempotent: running it twice changes nothing. `npm start` runs it on every start;
 * `npm run db:seed` runs it alone. Tests use the same factories.
 */

import { fileURLToPath } from "node:url";
import { announceCatalogueChange, type CatalogueTable } from "../infra/catalogue-cache.ts";
import { createDb, type Db } from "../infra/db.ts";
import { loadEnv } from "../infra/env.ts";
import { hashPassword } from "../server/areas/account/password.ts";
import { normaliseIpCode } from "../shared/ip.ts";
import { catalogueLookColumn, catalogueNamesColumn } from "../shared/json-column.ts";
import { CATALOGUE } from "../shared/plan/catalogue.ts";
import { syncContent } from "./content.ts";
import { createUser } from "./factories.ts";
import { SYSTEM_ROLES, upsertRoles } from "./roles.ts";
import { seedShop } from "./shop.ts";

export const DEMO_PASSWORD = "Avalive2026!";

export const DEMO_ACCOUNTS = [
  { email: "silver@demo.avalive.dev", vipType: "silver", phone: "13800000001" },
  { email: "gold@demo.avalive.dev", vipType: "gold", phone: "13800000002" },
  { email: "diamond@demo.avalive.dev", vipType: "diamond", phone: "13800000003" },
  { email: "cloud@demo.avalive.dev", vipType: "cloud", phone: "13800000004" },
  { email: "free@demo.avalive.dev", vipType: null, phone: "13800000005" },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * `announce` tells running instances which cached catalogue tables changed (with REDIS_URL:
 * `announceCatalogueChange`, decision 038); a seed that changed nothing announces nothing.
 */
export async function seed(
  db: Db,
  announce?: (tables: CatalogueTable[]) => Promise<unknown>,
): Promise<readonly DemoAccount[]> {
  const existing = new Set(
    (
      await db.user.findMany({ where: { email: { in: DEMO_ACCOUNTS.map((a) => a.email) } }, select: { email: true } })
    ).map((u) => u.email),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const account of missing) await createUser(db, account, passwordHash);
  }
  const roles = await seedRoles(db);
  await seedCatalogue(db);
  const shop = await seedShop(db);
  await syncContent(db);
  await seedIpCodes(db);
  const changed = new Set<CatalogueTable>(shop);
  if (roles) changed.add("Role");
  if (changed.size) await announce?.([...changed]);
  return DEMO_ACCOUNTS;
}

/** Demo IP activation codes (/ip) for the Starlight Idols licence, and one that has expired. */
export const DEMO_IP_CODES = ["STAR-LITE-DEMO-0001", "STAR-LITE-DEMO-0002", "STAR-LITE-DEMO-0003"] as const;
export const EXPIRED_IP_CODE = "STAR-LITE-2025-0001";

export async function seedIpCodes(db: Db) {
  const rows = [
    ...DEMO_IP_CODES.map((code) => ({ code: normaliseIpCode(code), licence: "starlight", expiresAt: null })),
    { code: normaliseIpCode(EXPIRED_IP_CODE), licence: "starlight", expiresAt: new Date("2025-12-31T16:00:00Z") },
  ];
  const known = new Set((await db.ipCode.findMany({ select: { code: true } })).map((r) => r.code));
  const missing = rows.filter((r) => !known.has(r.code));
  if (missing.length) await db.ipCode.createMany({ data: missing });
}

/** The demo codes nobody has used yet, to print at start. */
export async function unusedDemoIpCodes(db: Db): Promise<string[]> {
  const free = await db.ipCode.findMany({
    where: { code: { in: DEMO_IP_CODES.map(normaliseIpCode) }, usedById: null },
    select: { code: true },
  });
  const open = new Set(free.map((r) => r.code));
  return DEMO_IP_CODES.filter((c) => open.has(normaliseIpCode(c)));
}

/** The system avatars: inserted when missing, their definition refreshed when it changed. */
export const seedRoles = (db: Db) => upsertRoles(db, SYSTEM_ROLES);

/**
 * The plan catalogue: inserted when missing, refreshed when its definition changed. Items that
 * left the catalogue stay (plans may still refer to them) but are not listed by new code.
 */
export async function seedCatalogue(db: Db) {
  const existing = new Map((await db.catalogueItem.findMany()).map((r) => [r.id, r]));
  const changed = CATALOGUE.map((item, sort) => ({
    id: item.id,
    kind: item.kind,
    type: item.type,
    names: catalogueNamesColumn.encode(item.names),
    tier: item.tier,
    look: catalogueLookColumn.encode({ ...item.look }),
    sort,
  })).filter((row) => {
    const current = existing.get(row.id);
    return (
      !current ||
      current.kind !== row.kind ||
      current.type !== row.type ||
      current.names !== row.names ||
      current.tier !== row.tier ||
      current.look !== row.look ||
      current.sort !== row.sort
    );
  });
  if (changed.length) {
    await db.$transaction(
      changed.map((row) => db.catalogueItem.upsert({ where: { id: row.id }, create: row, update: row })),
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = loadEnv();
  const db = createDb(env.DATABASE_URL);
  await seed(db, (tables) => announceCatalogueChange(env, tables));
  await db.$disconnect();
  console.log(`Seeded ${DEMO_ACCOUNTS.length} demo accounts (password ${DEMO_PASSWORD}).`);
}
