-- The reply an interaction says in the plan's voice when it fires (docs/decisions/040).
ALTER TABLE "PlanInteract" ADD COLUMN "reply" TEXT;
