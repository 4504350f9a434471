-- CreateTable
CREATE TABLE "LiveSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "planId" TEXT,
    "planName" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    "endedAt" DATETIME,
    "durationSeconds" INTEGER,
    "endReason" TEXT,
    CONSTRAINT "LiveSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StreamKey" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "keyHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "lastUsedAt" DATETIME,
    CONSTRAINT "StreamKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LiveSession_userId_startedAt_idx" ON "LiveSession"("userId", "startedAt");

-- CreateIndex
CREATE INDEX "LiveSession_endedAt_lastSeenAt_idx" ON "LiveSession"("endedAt", "lastSeenAt");

-- CreateIndex
CREATE UNIQUE INDEX "StreamKey_keyHash_key" ON "StreamKey"("keyHash");

