-- CreateTable
CREATE TABLE "CatalogueItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "names" TEXT NOT NULL,
    "tier" TEXT,
    "look" TEXT NOT NULL,
    "sort" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "PlanItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "planId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "slot" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlanItem_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlanItem_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "CatalogueItem" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlanInteract" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "planId" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "actionKind" TEXT NOT NULL,
    "actionId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlanInteract_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlanInteract_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "CatalogueItem" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "PlanInteract_actionId_fkey" FOREIGN KEY ("actionId") REFERENCES "CatalogueItem" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Plan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "roleId" TEXT NOT NULL,
    "roleKind" TEXT NOT NULL,
    "roleType" TEXT NOT NULL,
    "voiceId" TEXT,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Plan_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Plan_voiceId_fkey" FOREIGN KEY ("voiceId") REFERENCES "CatalogueItem" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Plan" ("createdAt", "id", "name", "roleId", "roleKind", "roleType", "updatedAt", "userId") SELECT "createdAt", "id", "name", "roleId", "roleKind", "roleType", "updatedAt", "userId" FROM "Plan";
DROP TABLE "Plan";
ALTER TABLE "new_Plan" RENAME TO "Plan";
CREATE INDEX "Plan_userId_updatedAt_idx" ON "Plan"("userId", "updatedAt");
CREATE INDEX "Plan_userId_roleId_idx" ON "Plan"("userId", "roleId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CatalogueItem_kind_type_sort_idx" ON "CatalogueItem"("kind", "type", "sort");

-- CreateIndex
CREATE INDEX "PlanItem_planId_slot_idx" ON "PlanItem"("planId", "slot");

-- CreateIndex
CREATE UNIQUE INDEX "PlanItem_planId_slot_itemId_key" ON "PlanItem"("planId", "slot", "itemId");

-- CreateIndex
CREATE INDEX "PlanInteract_planId_createdAt_idx" ON "PlanInteract"("planId", "createdAt");

