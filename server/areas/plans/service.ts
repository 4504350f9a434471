import type { Language } from "../../../shared/constants.ts";
import { isBlankName } from "../../../shared/validation.ts";
import { BizError } from "../../errors.ts";
import type { Deps } from "../../types.ts";
import { createRoleService, roleName } from "../roles/service.ts";

const DRAFT_SUFFIX: Record<Language, string> = { EN: " draft", ZH_CN: " 方案", ZH_TN: " 方案" };

/** Plans (live-stream drafts). Every query is scoped to its owner. */
export function createPlanService(deps: Pick<Deps, "db" | "clock" | "jobs">) {
  const { db } = deps;
  const roles = createRoleService(deps);

  return {
    /** 'Create a draft' around a system role ('1') or one of the user's custom roles ('2'). */
    async add(userId: string, input: { roleId: string; roleType: "1" | "2"; name?: string }, language: Language) {
      if (input.name !== undefined && isBlankName(input.name)) throw new BizError("FILENAME_EMPTY");
      const role =
        input.roleType === "1"
          ? await roles
              .usableSystemRole(userId, input.roleId)
              .then((r) => ({ sex: r.sex, name: roleName(r, language) }))
          : await roles.ownRole(userId, input.roleId);
      await roles.checkPlanLimit(userId);
      const plan = await db.plan.create({
        data: {
          userId,
          name: input.name?.trim() || `${role.name}${DRAFT_SUFFIX[language]}`.slice(0, 40),
          roleId: input.roleId,
          roleKind: input.roleType,
          roleType: String(role.sex),
        },
      });
      return plan.id;
    },
  };
}
