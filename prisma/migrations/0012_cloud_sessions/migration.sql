-- AlterTable
ALTER TABLE "CloudHourEntry" ADD COLUMN "minute" INTEGER;
ALTER TABLE "CloudHourEntry" ADD COLUMN "sessionId" TEXT;

-- CreateTable
CREATE TABLE "CloudTicket" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CloudTicket_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CloudTicket_tokenHash_key" ON "CloudTicket"("tokenHash");

-- CreateIndex
CREATE INDEX "CloudTicket_expiresAt_idx" ON "CloudTicket"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "CloudHourEntry_sessionId_minute_key" ON "CloudHourEntry"("sessionId", "minute");

