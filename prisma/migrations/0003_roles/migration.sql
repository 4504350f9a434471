-- CreateTable
CREATE TABLE "Role" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "names" TEXT NOT NULL DEFAULT '{}',
    "sex" INTEGER NOT NULL,
    "tier" TEXT,
    "faceParams" TEXT NOT NULL,
    "appearance" TEXT NOT NULL DEFAULT '{}',
    "imgKey" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CustomRole" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "sex" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'diy',
    "sourceRoleId" TEXT,
    "faceParams" TEXT NOT NULL,
    "appearance" TEXT NOT NULL DEFAULT '{}',
    "initParams" TEXT NOT NULL,
    "imgKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Plan" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "roleId" TEXT NOT NULL,
    "roleKind" TEXT NOT NULL,
    "roleType" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Plan_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Role_sex_sort_idx" ON "Role"("sex", "sort");

-- CreateIndex
CREATE INDEX "CustomRole_userId_updatedAt_idx" ON "CustomRole"("userId", "updatedAt");

-- CreateIndex
CREATE INDEX "Plan_userId_updatedAt_idx" ON "Plan"("userId", "updatedAt");

