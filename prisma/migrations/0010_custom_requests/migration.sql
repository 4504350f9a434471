-- Tailored models (docs/decisions/026): a diamond member's request and its reference photos.

-- CreateTable
CREATE TABLE "CustomRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "requestNo" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sex" INTEGER NOT NULL,
    "style" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "budget" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "deadline" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'submitted',
    "quoteAmount" INTEGER,
    "rejectReason" TEXT,
    "roleId" TEXT,
    "quotedAt" DATETIME,
    "producingAt" DATETIME,
    "deliveredAt" DATETIME,
    "rejectedAt" DATETIME,
    "cancelledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CustomRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomRequestPhoto" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "requestId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "sort" INTEGER NOT NULL,
    CONSTRAINT "CustomRequestPhoto_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "CustomRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomRequest_requestNo_key" ON "CustomRequest"("requestNo");

-- CreateIndex
CREATE INDEX "CustomRequest_userId_createdAt_idx" ON "CustomRequest"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "CustomRequest_status_createdAt_idx" ON "CustomRequest"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomRequestPhoto_key_key" ON "CustomRequestPhoto"("key");

-- CreateIndex
CREATE INDEX "CustomRequestPhoto_requestId_sort_idx" ON "CustomRequestPhoto"("requestId", "sort");
