/** The plan feature's public face: the plan calls other features make (the router loads pages directly). */
export { addPlan, plansOfRole } from "./api.ts";
export { buildPlanLook } from "./planLook.ts";
