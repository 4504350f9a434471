-- AlterTable
ALTER TABLE "Role" ADD COLUMN "licence" TEXT;

-- CreateTable
CREATE TABLE "IpCode" (
    "code" TEXT NOT NULL PRIMARY KEY,
    "licence" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "usedById" TEXT,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Entitlement" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "sourceId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "kind", "ref")
);
