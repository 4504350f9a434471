/**
 * IP activation (docs/decisions/023): a single-use code grants a licence (an Entitlement row),
 * which unlocks that licence's characters in Start design. Exactly once: the code is claimed by a
 * conditional update, and the grant is written in the same transaction.
 */

import { serializable } from "../../../infra/db.ts";
import type { Language } from "../../../shared/constants.ts";
import { findLicence, normaliseIpCode } from "../../../shared/ip.ts";
import type { IpLicenceHeld } from "../../../shared/schemas/ip.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { roleName } from "../roles/service.ts";

export function createIpService({ db, clock }: Pick<Deps, "db" | "clock">) {
  async function held(userId: string, language: Language): Promise<IpLicenceHeld[]> {
    const rows = await db.entitlement.findMany({
      where: { userId, kind: "licence" },
      orderBy: { createdAt: "desc" },
    });
    const roles = await db.role.findMany({
      where: { licence: { in: rows.map((r) => r.ref) } },
      orderBy: [{ sort: "asc" }, { id: "asc" }],
    });
    return rows.map((row) => ({
      licence: row.ref,
      name: findLicence(row.ref)?.names[language] ?? row.ref,
      roles: roles.filter((r) => r.licence === row.ref).map((r) => ({ id: r.id, name: roleName(r, language) })),
      activatedAt: row.createdAt.toISOString(),
    }));
  }

  return {
    held,

    async activate(userId: string, typed: string, language: Language) {
      const code = normaliseIpCode(typed);
      const row = code ? await db.ipCode.findUnique({ where: { code } }) : null;
      const licence = row && findLicence(row.licence);
      if (!row || !licence) throw new BizError("IP_CODE_INVALID");
      const name = licence.names[language];
      const now = clock.now();
      if (row.usedById) throw new BizError("IP_CODE_USED");
      if (row.expiresAt && row.expiresAt <= now) throw new BizError("IP_CODE_EXPIRED");
      const owned = await db.entitlement.findUnique({
        where: { userId_kind_ref: { userId, kind: "licence", ref: licence.key } },
      });
      if (owned) throw new BizError("IP_ALREADY_HELD", { licence: name });
      // SERIALIZABLE on PostgreSQL: two codes of one licence at once grant it once (decision 032).
      await serializable(db, async (tx) => {
        const claimed = await tx.ipCode.updateMany({
          where: { code, usedById: null },
          data: { usedById: userId, usedAt: now },
        });
        if (claimed.count !== 1) throw new BizError("IP_CODE_USED");
        await tx.entitlement.create({
          data: { userId, kind: "licence", ref: licence.key, source: "ip-code", sourceId: code, createdAt: now },
        });
      });
      const list = await held(userId, language);
      return list.find((l) => l.licence === licence.key) as IpLicenceHeld;
    },
  };
}
