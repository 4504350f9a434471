/** The plan feature's public face: the plan calls other features make (the router loads pages directly). */
export { addPlan, plansOfRole, usePlanList, usePlansByRole } from "./api.ts";
export { LookIcon } from "./icons/LookIcon.tsx";
export { PlanGrid } from "./PlanGrid.tsx";
export { buildPlanLook, previewActionOf, slotOf } from "./planLook.ts";
export { menuOfItem, type PlanItemRef, putInPlan } from "./useInPlan.ts";
