-- AlterTable
ALTER TABLE "CustomRole" ADD COLUMN "modelKey" TEXT;

-- CreateTable
CREATE TABLE "CartoonSource" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "spec" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CartoonSource_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CartoonSource_key_key" ON "CartoonSource"("key");

-- CreateIndex
CREATE INDEX "CartoonSource_userId_idx" ON "CartoonSource"("userId");

