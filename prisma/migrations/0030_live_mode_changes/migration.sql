-- A live session's switches of mode while live (issue 47): plan playback, face, half-body, motion.
-- CreateTable
CREATE TABLE "LiveModeChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "fromMode" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    CONSTRAINT "LiveModeChange_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "LiveSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LiveModeChange_sessionId_at_idx" ON "LiveModeChange"("sessionId", "at");

